/**
 * npm run admin:grant -- <email> [--revoke]
 *
 * Makes the account with this e-mail an admin (or, with --revoke, takes the right back) through
 * the same code as the back office's `PUT /api/admin/customers/:id/admin` (admin-roles.ts): the
 * account stream and the admin roster, which refuses to let the last admin go. Granting an
 * existing admin again puts them on the roster (admins granted before the roster existed). It
 * writes the event log only (found through DATA_DIR or EVENT_STORE like the server), so it is
 * safe beside a running shop: the shop's projection loop picks the event up within about a
 * second. A grant applies to the user's current sessions then, without a new sign-in; a
 * revocation ends their sessions.
 *
 * Exit code 0 on success (also when nothing had to change), 1 when no such account exists, the
 * account may not be made an admin or is the last admin, 2 on bad usage.
 */
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { AdminRoles } from '@shop/command-api/account/admin/admin-roles';
import { DomainError } from '@shop/command-api';
import { loadConfig } from '@shop/platform';
import { openEmailLookup, openEventStore } from '../compose.ts';
import { runCli } from '../run-cli.ts';

const USAGE = 'Usage: npm run admin:grant -- <email> [--revoke]';

/** Who ran the command, recorded on the event. */
function operator(): string {
  let who = 'unknown';
  try {
    who = `${userInfo().username}@${hostname()}`;
  } catch {
    // No passwd entry (some containers): the host alone still says where it came from.
    who = hostname();
  }
  return `admin:grant CLI (${who})`.slice(0, 200);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { revoke: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [email, ...extra] = positionals;
  if (!email || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }

  const config = loadConfig();
  const events = await openEventStore(config);
  try {
    const roles = new AdminRoles(events, openEmailLookup(config));
    const result = values.revoke ? await roles.revoke(email, operator()) : await roles.grant(email, operator());
    const who = `${result.email} (${result.name}, user ${result.userId})`;
    if (!result.changed) {
      console.log(values.revoke ? `${who} is not an admin; nothing to do.` : `${who} is already an admin; nothing to do.`);
    } else if (values.revoke) {
      console.log(`Revoked the admin rights of ${who}.`);
      console.log('Their sessions end once the shop has read the change (about a second); their next sign-in gets a token without them.');
    } else {
      console.log(`Granted admin rights to ${who}.`);
      console.log('They take effect once the shop has read the change (about a second), without signing out and in; an open back office needs a reload.');
    }
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await events.close();
  }
}

runCli(main);
