import type { SessionCutoffDoc } from './account-read-models.ts';

/**
 * The meaning of a user's session cut-offs (`SessionCutoffDoc`), shared by the projection that
 * folds events into the document and the token check that reads it.
 *
 * The fold is monotonic: each cut only adds withdrawn sessions, whatever order the events come
 * in and however often one is applied again, so no event can bring a withdrawn token back (a
 * password change kept one session; an admin-role revocation that came before it still ends
 * that session).
 */
export type SessionCut =
  /** Every session signed in before `before` (ms) ends: a role revocation, a password reset. */
  | { kind: 'all'; before: number }
  /** Every session signed in before `before` ends but `kept` (the one that changed the password). */
  | { kind: 'allBut'; before: number; kept: string }
  /** One session ends: its holder signed out. */
  | { kind: 'one'; sessionId: string; signedInAt: number }
  /** The account's latest role event: a token claiming admin rights must agree with it. */
  | { kind: 'role'; isAdmin: boolean; at: string | null };

/** What a token tells the check about its session. */
export interface SessionFacts {
  sessionId: string;
  signedInAt: number;
  isAdmin: boolean;
  /** The time of the role event the token's admin claim was decided on (absent in older tokens). */
  roleAt?: string | null | undefined;
}

/**
 * Signed-out sessions remembered per user. Past this, the oldest is folded into `allBefore`
 * (which ends every session signed in before it): a few more sessions end than asked, never fewer.
 */
export const MAX_SIGNED_OUT_SESSIONS = 50;

export function emptySessionCutoff(userId: string): SessionCutoffDoc {
  return { _id: userId, id: userId, notBefore: 0, keptSession: null, allBefore: 0, signedOut: [] };
}

/** The document with one more cut applied (a new object; `doc` is not changed). */
export function withSessionCut(doc: SessionCutoffDoc, cut: SessionCut): SessionCutoffDoc {
  let allBefore = doc.allBefore ?? 0;
  let notBefore = doc.notBefore;
  let keptSession = doc.keptSession;
  // A document written before `allBefore` existed: a cut without a kept session was a cut of all.
  if (keptSession === null) {
    allBefore = Math.max(allBefore, notBefore);
    notBefore = 0;
  }
  let signedOut = [...(doc.signedOut ?? [])];
  let role = doc.role;
  switch (cut.kind) {
    case 'all':
      allBefore = Math.max(allBefore, cut.before);
      break;
    case 'allBut':
      if (keptSession === null || keptSession === cut.kept) {
        notBefore = Math.max(notBefore, cut.before);
        keptSession = cut.kept;
      } else {
        // Two cuts keeping different sessions: before the earlier one, no session survives both;
        // between the two, only the later cut's kept session survives.
        allBefore = Math.max(allBefore, Math.min(notBefore, cut.before));
        if (cut.before >= notBefore) {
          notBefore = cut.before;
          keptSession = cut.kept;
        }
      }
      break;
    case 'one':
      if (cut.sessionId === '') allBefore = Math.max(allBefore, cut.signedInAt + 1);
      else if (!signedOut.some((s) => s.sessionId === cut.sessionId)) signedOut.push({ sessionId: cut.sessionId, signedInAt: cut.signedInAt });
      break;
    case 'role':
      // The log's order decides: the latest role event is the account's role.
      role = { isAdmin: cut.isAdmin, at: cut.at };
      break;
  }
  signedOut.sort((a, b) => a.signedInAt - b.signedInAt || a.sessionId.localeCompare(b.sessionId));
  while (signedOut.length > MAX_SIGNED_OUT_SESSIONS) allBefore = Math.max(allBefore, signedOut.shift()!.signedInAt + 1);
  signedOut = signedOut.filter((s) => s.signedInAt >= allBefore);
  if (notBefore <= allBefore) {
    notBefore = 0;
    keptSession = null;
  }
  return { _id: doc._id, id: doc.id, notBefore, keptSession, allBefore, signedOut, ...(role ? { role } : {}) };
}

/** Whether the server withdrew this session (the token is then refused everywhere). */
export function sessionWithdrawn(doc: SessionCutoffDoc, session: SessionFacts): boolean {
  if (session.signedInAt < (doc.allBefore ?? 0)) return true;
  if (session.signedInAt < doc.notBefore && (doc.keptSession === null || session.sessionId !== doc.keptSession)) return true;
  if (session.sessionId !== '' && doc.signedOut?.some((s) => s.sessionId === session.sessionId)) return true;
  // An admin claim the account's latest role event contradicts: revoked since, or decided on an
  // older role event (a sign-in that read the role before a revocation and signed after it).
  if (session.isAdmin && doc.role) {
    if (!doc.role.isAdmin) return true;
    if (session.roleAt !== undefined && session.roleAt !== doc.role.at) return true;
  }
  return false;
}

/**
 * Whether a session that was not withdrawn acts as an admin: the account's latest role event
 * decides, so an admin role granted after sign-in applies to the token at once. (A revocation
 * needs no case here: `sessionWithdrawn` ends every admin token it contradicts.) Accounts with
 * no role event keep the token's claim.
 */
export function sessionIsAdmin(doc: SessionCutoffDoc | null, session: SessionFacts): boolean {
  return doc?.role ? doc.role.isAdmin : session.isAdmin;
}
