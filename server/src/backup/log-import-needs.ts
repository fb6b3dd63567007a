import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { emailDigest } from '@shop/command-api';
import { accountStreams, giftCardStreams, SEALED_KEY } from '@shop/contracts';
import type { Config, PersonalKeyStore } from '@shop/platform';
import { DATA_FOLDER } from '../data-folder.ts';

/**
 * What a log file needs besides itself to be the same shop once imported. The log was written
 * under the old shop's secrets: e-mail reservations are stream names keyed by its e-mail lookup
 * key, tokens and gift card codes are signed and hashed under its server secret, and personal
 * fields are sealed under its people's keys. An import under fresh ones is a shop where every
 * shopper's sign-in says "User not found!", every token is refused and every person reads as
 * forgotten, with nothing said. So the import checks first and names what to bring.
 */
export interface LogImportNeeds {
  /** Events of streams named by the e-mail lookup key (reservations, newsletter subscriptions). */
  emailLookups: number;
  /** Accounts and gift cards: their tokens and codes depend on the server secret. */
  serverSecretUsers: number;
  /** Subjects (people) whose fields are sealed in the file, up to SAMPLE of them. */
  sealedSubjects: Set<string>;
}

/** Enough subjects to tell a key store that holds the log's keys from one that holds none. */
const SAMPLE = 1000;

/** One pass over the file, which holds one JSON event per line (lines that are not are left to the import to refuse). */
export async function logImportNeeds(file: string): Promise<LogImportNeeds> {
  const needs: LogImportNeeds = { emailLookups: 0, serverSecretUsers: 0, sealedSubjects: new Set() };
  const reservation = accountStreams.emailReservation('');
  const newsletter = accountStreams.newsletter('');
  const account = accountStreams.account('');
  const giftCard = giftCardStreams.card('');
  for await (const text of createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) {
    let line: { stream?: unknown; data?: { email?: unknown }; metadata?: Record<string, unknown> };
    try {
      line = JSON.parse(text) as typeof line;
    } catch {
      continue;
    }
    const stream = typeof line.stream === 'string' ? line.stream : '';
    const sealed = line.metadata?.[SEALED_KEY] as { s?: unknown; f?: unknown; box?: unknown } | undefined;
    const named = stream.startsWith(reservation) ? stream.slice(reservation.length) : stream.startsWith(newsletter) ? stream.slice(newsletter.length) : null;
    if (named !== null) {
      // An older log named these streams by a plain hash of the e-mail, which needs no key: an
      // e-mail in clear that hashes to the name says so; a sealed one cannot, so it counts.
      const email = line.data?.email;
      const keyed = typeof email === 'string' ? emailDigest(email) !== named : Array.isArray(sealed?.f) && sealed.f.includes('email');
      if (keyed) needs.emailLookups += 1;
    } else if (stream.startsWith(account) || stream.startsWith(giftCard)) needs.serverSecretUsers += 1;
    if (typeof sealed?.s === 'string' && sealed.box !== undefined && needs.sealedSubjects.size < SAMPLE) needs.sealedSubjects.add(sealed.s);
  }
  return needs;
}

/**
 * What is missing to import a log with these needs into the configured shop, as sentences naming
 * the file to bring: empty when nothing is.
 */
export async function missingForImport(
  needs: LogImportNeeds,
  config: Config,
  keys: () => Promise<PersonalKeyStore>,
  { newServerSecret = false }: { newServerSecret?: boolean } = {},
): Promise<string[]> {
  const missing: string[] = [];
  const secret = (name: string) => join(config.DATA_DIR, DATA_FOLDER.secrets, name);
  if (needs.emailLookups > 0 && !config.EMAIL_LOOKUP_SECRET && !existsSync(secret('email-lookup-key'))) {
    missing.push(
      `the log names e-mails (${needs.emailLookups} events) by the old shop's e-mail lookup key: copy <old DATA_DIR>/${DATA_FOLDER.secrets}/email-lookup-key to ${secret('email-lookup-key')} ` +
        '(or set EMAIL_LOOKUP_SECRET as the old shop had it), or every existing shopper\'s sign-in says "User not found!"',
    );
  }
  // Without it sessions end and gift cards stop redeeming, but no one is lost: an operator who
  // has no copy of it may say so (--new-server-secret).
  if (needs.emailLookups + needs.serverSecretUsers > 0 && !newServerSecret && !config.JWT_SECRET && !existsSync(secret('jwt-secret'))) {
    missing.push(
      `the log's accounts and gift cards were signed under the old shop's server secret: copy <old DATA_DIR>/${DATA_FOLDER.secrets}/jwt-secret to ${secret('jwt-secret')} ` +
        '(or set JWT_SECRET as the old shop had it), or every token is refused and no gift card code redeems (--new-server-secret accepts that)',
    );
  }
  const keyStoreFile = join(config.DATA_DIR, DATA_FOLDER.keyStore);
  const noKeys = `the log's personal fields are sealed under people's keys, and the key store holds none of them: copy <old DATA_DIR>/${DATA_FOLDER.keyStore} into ${config.DATA_DIR} ` +
    '(or point the shop at the old key store), or every person reads as forgotten';
  if (needs.sealedSubjects.size > 0 && config.READ_STORE === 'sqlite' && !existsSync(keyStoreFile)) missing.push(noKeys);
  else if (needs.sealedSubjects.size > 0) {
    const store = await keys();
    try {
      const found = [...(await store.findKeys([...needs.sealedSubjects])).values()].some((key) => key !== null);
      if (!found) missing.push(noKeys);
    } finally {
      await store.close();
    }
  }
  return missing;
}
