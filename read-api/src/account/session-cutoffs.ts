import { ACCOUNT_COLLECTIONS, sessionIsAdmin, sessionWithdrawn, type SessionCutoffDoc } from '@shop/contracts';
import type { DocumentStore, Session, SessionRevocations } from '@shop/platform';

/** Users remembered before the memory starts over (a cut-off is small; most users have none). */
const MAX_REMEMBERED = 50_000;

/**
 * Token revocation from the accounts read model (`sessionWithdrawn`): a token issued before its
 * user's cut-off, a session its holder signed out, or an admin claim a later role event
 * contradicts; and the account's current admin right (`sessionIsAdmin`), so a grant needs no
 * new sign-in.
 *
 * Asked on every signed-in request, so what was read is remembered until the cut-offs change:
 * the check then costs one `changeVersion` (which also sees another process's writes) and a
 * map lookup, not a read of the store.
 */
export class SessionCutoffs implements SessionRevocations {
  private remembered = new Map<string, SessionCutoffDoc | null>();
  private version: string | undefined;

  constructor(private readonly docs: DocumentStore) {}

  async current(session: Session): Promise<Session | null> {
    const cutoff = await this.cutoffOf(session.userId);
    if (cutoff === null) return session;
    if (sessionWithdrawn(cutoff, session)) return null;
    const isAdmin = sessionIsAdmin(cutoff, session);
    // A role granted since sign-in: the token's identity, the log's role.
    return isAdmin === session.isAdmin ? session : Object.freeze({ ...session, isAdmin, roleAt: cutoff.role?.at ?? null });
  }

  private async cutoffOf(userId: string): Promise<SessionCutoffDoc | null> {
    const version = await this.docs.changeVersion([ACCOUNT_COLLECTIONS.sessionCutoffs]);
    if (version !== this.version || this.remembered.size >= MAX_REMEMBERED) {
      this.remembered = new Map();
      this.version = version;
    }
    const known = this.remembered.get(userId);
    if (known !== undefined) return known;
    const cutoff = await this.docs.get<SessionCutoffDoc>(ACCOUNT_COLLECTIONS.sessionCutoffs, userId);
    // Kept only if nothing changed while reading; otherwise the next request reads again.
    if (this.version === version) this.remembered.set(userId, cutoff);
    return cutoff;
  }
}
