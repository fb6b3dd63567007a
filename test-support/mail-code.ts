// Apart from account-kit.ts (which starts an SMTP server) so that code the server build bundles
// (projection-digests' recorded shop, through shop-fixtures.ts) imports no test-only package.
import type { CapturedMail } from './account-kit.ts';

/** The one-time code in a captured e-mail. */
export function codeIn(mail: Pick<CapturedMail, 'subject' | 'raw'>): string {
  const code = /Your code: (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`No code in mail "${mail.subject}"`);
  return code;
}
