import { describe, expect, it } from 'vitest';
import { given as givenEvents, givenState } from '../shared/given-when-then.ts';
import { newId } from '@shop/contracts';
import { CodeHasher, MAX_WRONG_CODES_ANY_CLIENT, type IssuedCode } from './codes.ts';
import { accountDecider, accountStream, type AccountCommand, type AccountEvent, type AccountState } from './decider.ts';

const userId = newId();
const email = 'asha@example.in';
const hasher = new CodeHasher(Buffer.alloc(32, 7));
const T0 = new Date('2025-06-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();
const HASH = 'scrypt$32768$8$1$c2FsdA$aGFzaA';
const NEW_HASH = 'scrypt$32768$8$1$c2FsdDI$aGFzaDI';
/** SHA-256 hex of the secret the verifying client was handed, and of someone else's guess. */
const SECRET_HASH = 'a'.repeat(64);
const OTHER_SECRET_HASH = 'b'.repeat(64);

function issue(purpose: 'verify' | 'reset', minutes = 0): { code: string; issued: IssuedCode } {
  return hasher.issue(purpose, new Date(at(minutes)));
}

const given = (...events: AccountEvent[]): AccountState => givenEvents(accountStream, events).state;
const when = (command: AccountCommand, state: AccountState) => givenState(accountStream, state).when(command);
const verifyWith = (code: string, minutes: number) => ({ type: 'VerifyCode' as const, hashFor: (id: string) => hasher.hash(id, code), at: at(minutes), resetSecretHash: SECRET_HASH });

const first = issue('verify');
const registered: AccountEvent[] = when(
  { type: 'Register', userId, name: 'Asha', email, phone: '9876543210', passwordHash: HASH, at: at(0), code: first.issued },
  accountDecider.initialState,
);
const verified: AccountEvent = { type: 'AccountVerified', data: { userId, codeId: first.issued.codeId, method: 'code', verifiedAt: at(1) } };

describe('account decider: registration', () => {
  it('given nothing, when registered, then AccountRegistered (unverified, not admin) and a verify code issued', () => {
    expect(registered.map((e) => e.type)).toEqual(['AccountRegistered', 'VerificationCodeIssued']);
    expect(registered[0]!.data).toMatchObject({ userId, email, isAdmin: false, method: 'password', images: [] });
    expect(registered[1]!.data).toMatchObject({ purpose: 'verify', codeHash: first.issued.codeHash });
    expect(JSON.stringify(registered)).not.toContain(first.code);
    expect(given(...registered)).toMatchObject({ registered: true, verified: false, passwordHash: HASH });
  });

  it('given an account, when registered again, then "User already exist with this email!"', () => {
    const again = { type: 'Register' as const, userId, name: 'B', email, phone: '1', passwordHash: HASH, at: at(1), code: issue('verify').issued };
    expect(() => when(again, given(...registered))).toThrow('User already exist with this email!');
  });
});

describe('account decider: one-time codes', () => {
  it('given a verify code, when the right code is given in time, then AccountVerified and the code is used up', () => {
    const events = when(verifyWith(first.code, 9), given(...registered));
    expect(events).toEqual([{ type: 'AccountVerified', data: { userId, codeId: first.issued.codeId, method: 'code', verifiedAt: at(9) } }]);
    const state = given(...registered, ...events);
    expect(state).toMatchObject({ verified: true, code: null });
    expect(() => when(verifyWith(first.code, 9), state)).toThrow('Invalid OTP');
  });

  it('given a verify code, when a wrong code is given, then the failed attempt is recorded', () => {
    const wrong = first.code === '000000' ? '111111' : '000000';
    expect(when(verifyWith(wrong, 1), given(...registered))).toEqual([
      { type: 'VerificationCodeAttemptFailed', data: { userId, codeId: first.issued.codeId, failedAttempts: 1, at: at(1) } },
    ]);
  });

  it('given a code past its 10 minutes, when the right code is given, then "OTP expired"', () => {
    expect(() => when(verifyWith(first.code, 10.01), given(...registered))).toThrow('OTP expired');
  });

  it('given the wrong tries all clients together may make, when the right code is given, then it still fails', () => {
    const failures: AccountEvent[] = Array.from({ length: MAX_WRONG_CODES_ANY_CLIENT }, (_, i) => i + 1).map((n) => ({
      type: 'VerificationCodeAttemptFailed',
      data: { userId, codeId: first.issued.codeId, failedAttempts: n, at: at(1) },
    }));
    expect(() => when(verifyWith(first.code, 2), given(...registered, ...failures))).toThrow(/Too many wrong tries/);
  });

  it('given a newer code, when the older code is given, then it is refused', () => {
    const second = issue('verify', 1);
    const state = given(...registered, { type: 'VerificationCodeIssued', data: { userId, ...second.issued } });
    if (first.code !== second.code) expect(when(verifyWith(first.code, 2), state)[0]!.type).toBe('VerificationCodeAttemptFailed');
    expect(when(verifyWith(second.code, 2), state)[0]!.type).toBe('AccountVerified');
  });

  it('given a verified account, when a verify code is requested, then refused; a reset code is issued', () => {
    const state = given(...registered, verified);
    expect(() => when({ type: 'IssueCode', code: issue('verify', 2).issued }, state)).toThrow(/already verified/);
    expect(when({ type: 'IssueCode', code: issue('reset', 2).issued }, state)[0]!.type).toBe('VerificationCodeIssued');
  });

  it('given no account, when a code is requested or verified, then "User not found"', () => {
    expect(() => when({ type: 'IssueCode', code: issue('reset').issued }, accountDecider.initialState)).toThrow('User not found');
    expect(() => when(verifyWith('123456', 0), accountDecider.initialState)).toThrow('User not found');
  });
});

describe('account decider: password reset', () => {
  const reset = issue('reset', 2);
  const resetIssued: AccountEvent = { type: 'VerificationCodeIssued', data: { userId, ...reset.issued } };

  it('given no verified reset code, when a reset is asked, then refused', () => {
    expect(() => when({ type: 'ResetPassword', passwordHash: NEW_HASH, secretHash: SECRET_HASH, at: at(3) }, given(...registered, verified, resetIssued))).toThrow(
      /verify the code/,
    );
  });

  it('given a verified reset code, when reset within 10 minutes, then PasswordReset, and the grant is used up', () => {
    const proof = when(verifyWith(reset.code, 3), given(...registered, verified, resetIssued));
    expect(proof).toEqual([
      {
        type: 'PasswordResetCodeVerified',
        data: { userId, codeId: reset.issued.codeId, verifiedAt: at(3), grantExpiresAt: at(13), secretHash: SECRET_HASH },
      },
    ]);
    const state = given(...registered, verified, resetIssued, ...proof);
    const done = when({ type: 'ResetPassword', passwordHash: NEW_HASH, secretHash: SECRET_HASH, at: at(12) }, state);
    expect(done).toEqual([{ type: 'PasswordReset', data: { userId, passwordHash: NEW_HASH, codeId: reset.issued.codeId, resetAt: at(12) } }]);
    const after = given(...registered, verified, resetIssued, ...proof, ...done);
    expect(after.passwordHash).toBe(NEW_HASH);
    expect(() => when({ type: 'ResetPassword', passwordHash: HASH, secretHash: SECRET_HASH, at: at(12) }, after)).toThrow(/verify the code/);
  });

  it('given a reset grant older than 10 minutes, when reset, then refused', () => {
    const proof = when(verifyWith(reset.code, 3), given(...registered, verified, resetIssued));
    expect(() => when({ type: 'ResetPassword', passwordHash: NEW_HASH, secretHash: SECRET_HASH, at: at(13.01) }, given(...registered, verified, resetIssued, ...proof))).toThrow(
      /too long ago/,
    );
  });

  it('given a verified reset code, when a reset comes without the grant\'s secret or with another, then refused', () => {
    const proof = when(verifyWith(reset.code, 3), given(...registered, verified, resetIssued));
    const state = given(...registered, verified, resetIssued, ...proof);
    for (const secretHash of [null, OTHER_SECRET_HASH, '']) {
      expect(() => when({ type: 'ResetPassword', passwordHash: NEW_HASH, secretHash, at: at(4) }, state)).toThrow(/verify the code/);
    }
  });

  it('given a grant recorded before grants had secrets, when a reset comes, then refused', () => {
    const legacy: AccountEvent = {
      type: 'PasswordResetCodeVerified',
      data: { userId, codeId: reset.issued.codeId, verifiedAt: at(3), grantExpiresAt: at(13) },
    };
    const state = given(...registered, verified, resetIssued, legacy);
    expect(() => when({ type: 'ResetPassword', passwordHash: NEW_HASH, secretHash: SECRET_HASH, at: at(4) }, state)).toThrow(/verify the code/);
  });

  it('given an unverified account, when its reset code is verified, then it becomes verified too', () => {
    const proof = when(verifyWith(reset.code, 3), given(...registered, resetIssued));
    expect(proof.map((e) => e.type)).toEqual(['AccountVerified', 'PasswordResetCodeVerified']);
  });
});

describe('account decider: password change and profile', () => {
  it('changes the password only against the hash that was checked', () => {
    const state = given(...registered, verified);
    expect(when({ type: 'ChangePassword', checkedHash: HASH, passwordHash: NEW_HASH, at: at(2) }, state)[0]!.type).toBe('PasswordChanged');
    expect(() => when({ type: 'ChangePassword', checkedHash: 'scrypt$other', passwordHash: NEW_HASH, at: at(2) }, state)).toThrow(/meanwhile/);
  });

  it('updates name, phone and images; refuses a changed e-mail and images that were never uploaded', () => {
    const uploadId = newId();
    const uploaded: AccountEvent = { type: 'AvatarImagesUploaded', data: { userId, uploadId, images: ['/uploads/a.png'], uploadedAt: at(2) } };
    const state = given(...registered, verified, uploaded);
    const update = { type: 'UpdateProfile' as const, name: 'Asha R', phone: '9000000000', images: ['/uploads/a.png'], email, at: at(3) };
    expect(when(update, state)).toEqual([
      { type: 'ProfileUpdated', data: { userId, name: 'Asha R', phone: '9000000000', images: ['/uploads/a.png'], updatedAt: at(3) } },
    ]);
    expect(() => when({ ...update, email: 'other@example.in' }, state)).toThrow(/can not be changed/);
    expect(() => when({ ...update, images: ['https://evil.example/x.png'] }, state)).toThrow(/upload the images/);
    expect(when({ ...update, name: 'Asha', phone: '9876543210', images: [] }, state)).toEqual([]);
  });

  it('clears upload records, keeping images the profile shows usable', () => {
    const a = newId();
    const b = newId();
    const history: AccountEvent[] = [
      ...registered,
      { type: 'AvatarImagesUploaded', data: { userId, uploadId: a, images: ['/uploads/a.png'], uploadedAt: at(2) } },
      { type: 'AvatarImagesUploaded', data: { userId, uploadId: b, images: ['/uploads/b.png'], uploadedAt: at(2) } },
      { type: 'ProfileUpdated', data: { userId, name: 'Asha', phone: '1234567', images: ['/uploads/a.png'], updatedAt: at(3) } },
    ];
    const cleared = when({ type: 'ClearUploads', at: at(4) }, given(...history));
    expect(cleared).toEqual([{ type: 'AvatarUploadsCleared', data: { userId, uploadIds: [a, b], clearedAt: at(4) } }]);
    const after = given(...history, ...cleared);
    expect(after.uploads.size).toBe(0);
    expect([...after.uploadedImages]).toEqual(['/uploads/a.png']);
    expect(when({ type: 'ClearUploads', at: at(5) }, after)).toEqual([]);
  });
});

describe('account decider: Google', () => {
  const google = { type: 'SignInWithGoogle' as const, userId, subject: 'g-123', email, name: 'Asha G', picture: 'https://lh3.example/p.png', at: at(0) };

  it('given nothing, when signing in with Google, then a verified account without password', () => {
    const events = when(google, accountDecider.initialState);
    expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'GoogleIdentityLinked']);
    expect(given(...events)).toMatchObject({ verified: true, passwordHash: null, googleSubject: 'g-123', images: ['https://lh3.example/p.png'] });
    expect(when(google, given(...events))).toEqual([]);
  });

  it('given a verified password account, when Google links, then the password is kept', () => {
    const events = when(google, given(...registered, verified));
    expect(events).toEqual([{ type: 'GoogleIdentityLinked', data: { userId, subject: 'g-123', email, passwordRevoked: false, linkedAt: at(0) } }]);
    expect(given(...registered, verified, ...events).passwordHash).toBe(HASH);
  });

  it('given an unverified password account, when Google links, then that unproven password is revoked', () => {
    const events = when(google, given(...registered));
    expect(events[0]!.data).toMatchObject({ passwordRevoked: true });
    expect(given(...registered, ...events)).toMatchObject({ verified: true, passwordHash: null });
  });

  it('given another Google account linked, when a different subject signs in, then refused', () => {
    const linked = when(google, accountDecider.initialState);
    expect(() => when({ ...google, subject: 'g-999' }, given(...linked))).toThrow(/different Google account/);
  });
});
