import { describe, expect, it } from 'vitest';
import { emptySessionCutoff, sessionWithdrawn, withSessionCut, type SessionCut, type SessionFacts } from './account-sessions.ts';

const fold = (...cuts: SessionCut[]) => cuts.reduce(withSessionCut, emptySessionCutoff('u1'));
const session = (sessionId: string, signedInAt: number, extra: Partial<SessionFacts> = {}): SessionFacts => ({ sessionId, signedInAt, isAdmin: false, ...extra });

describe('session cut-offs', () => {
  it('keeps a cut of every session when a later password change keeps one of them', () => {
    // The reset ended s1; a password change still in flight with s1's token asks to keep it.
    const doc = fold({ kind: 'all', before: 200 }, { kind: 'allBut', before: 300, kept: 's1' });
    expect(sessionWithdrawn(doc, session('s1', 100))).toBe(true);
    expect(sessionWithdrawn(doc, session('s2', 250))).toBe(true);
    expect(sessionWithdrawn(doc, session('s3', 250 + 100))).toBe(false);
  });

  it('gives the same answers whatever order the cuts come in, and when one comes again', () => {
    const cuts: SessionCut[] = [
      { kind: 'allBut', before: 300, kept: 'a' },
      { kind: 'allBut', before: 500, kept: 'b' },
      { kind: 'one', sessionId: 'c', signedInAt: 400 },
      { kind: 'all', before: 150 },
    ];
    const sessions = [session('a', 100), session('a', 200), session('b', 250), session('b', 350), session('c', 400), session('d', 450), session('d', 600)];
    const answers = (doc: ReturnType<typeof fold>) => sessions.map((s) => sessionWithdrawn(doc, s));
    const expected = answers(fold(...cuts));
    // a@200 ended by b's change; b@250 ended by a's; b@350 kept; c signed out; d@450 ended; d@600 fine.
    expect(expected).toEqual([true, true, true, false, true, true, false]);
    expect(answers(fold(...[...cuts].reverse()))).toEqual(expected);
    expect(answers(fold(...cuts, ...cuts))).toEqual(expected);
  });

  it('refuses an admin claim a later role event contradicts, whenever the token was signed', () => {
    const granted = fold({ kind: 'role', isAdmin: true, at: 'T1' });
    expect(sessionWithdrawn(granted, session('s', 10, { isAdmin: true, roleAt: 'T1' }))).toBe(false);
    const revoked = withSessionCut(granted, { kind: 'role', isAdmin: false, at: 'T2' });
    expect(sessionWithdrawn(revoked, session('s', 10_000, { isAdmin: true, roleAt: 'T1' }))).toBe(true);
    expect(sessionWithdrawn(revoked, session('s', 10_000, { isAdmin: true }))).toBe(true);
    expect(sessionWithdrawn(revoked, session('s', 10_000))).toBe(false);
    const regranted = withSessionCut(revoked, { kind: 'role', isAdmin: true, at: 'T3' });
    expect(sessionWithdrawn(regranted, session('s', 10_000, { isAdmin: true, roleAt: 'T1' }))).toBe(true);
  });

  it('remembers a bounded number of signed-out sessions, ending older ones rather than forgetting any', () => {
    const outs = Array.from({ length: 60 }, (_, i): SessionCut => ({ kind: 'one', sessionId: `s${i}`, signedInAt: i * 10 }));
    const doc = fold(...outs);
    expect(doc.signedOut!.length).toBeLessThanOrEqual(50);
    for (let i = 0; i < 60; i++) expect(sessionWithdrawn(doc, session(`s${i}`, i * 10))).toBe(true);
    expect(sessionWithdrawn(doc, session('fresh', 10_000))).toBe(false);
  });
});
