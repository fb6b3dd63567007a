import { createHash, createHmac, randomBytes } from 'node:crypto';
import { NEWSLETTER_NOTICE_VERSION, NEWSLETTER_PURPOSE } from '@shop/contracts';
import type { Logger, Mailer } from '@shop/platform';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import type { Clock } from '../clock.ts';
import { sameDigest } from '../codes.ts';
import type { EmailLookup } from '../emails.ts';
import { AccountError } from '../errors.ts';
import type { AccountThrottle } from '../identity/limits.ts';
import { newsletterConfirmMail, newsletterWelcomeMail } from '../mail-templates.ts';
import { MSG_LINK_INVALID, newsletterConsentStream } from './consent.ts';

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A link token: the stream's digest (which subscription) and a secret, `<64 hex>.<base64url>`.
 * Bounded and shaped before anything is looked up.
 */
const TOKEN = /^([a-f0-9]{64})\.([\w-]{20,100})$/;

/**
 * The newsletter with confirmed opt-in. The footer form asks for consent: a mail with a link that
 * works once, for CONFIRM_LINK_HOURS; nothing counts until it is followed. Consent and its
 * withdrawal are events with their purpose and the notice's version. Every newsletter mail has an
 * unsubscribe link (also as List-Unsubscribe, one click in the mail client), whose token is an
 * HMAC of the subscription under a server key: it works for ever, and only for that address.
 */
export class NewsletterCommands {
  constructor(
    private readonly streams: StreamCommands,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly throttle: AccountThrottle,
    private readonly logger: Logger,
    private readonly shopUrl: string,
    private readonly linkKey: Uint8Array,
    private readonly emails: EmailLookup,
  ) {}

  /** Mails a confirmation link unless one is live or the address is subscribed (the reply is the same). */
  async subscribe(email: string, address: string): Promise<{ created: boolean; position: bigint }> {
    const digest = this.emails.digest(email);
    const stream = newsletterConsentStream.at(digest);
    const state = await this.streams.load(stream);
    const now = this.clock.now();
    if (state.consent || (state.pending && now.getTime() <= Date.parse(state.pending.expiresAt))) return { created: false, position: 0n };
    await this.throttle.takeMail(address);
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + CONFIRM_LINK_HOURS * 3_600_000).toISOString();
    const command = { type: 'RequestConsent' as const, email, purpose: NEWSLETTER_PURPOSE, noticeVersion: NEWSLETTER_NOTICE_VERSION, tokenHash: sha256(secret), at: now.toISOString(), expiresAt };
    const result = await this.streams.handle(stream, command);
    if (result.events.length === 0) return { created: false, position: 0n };
    try {
      await this.mailer.send(newsletterConfirmMail(email, this.link('confirm', `${digest}.${secret}`), CONFIRM_LINK_HOURS));
    } catch (error) {
      // Nothing counts without the link: the person can ask again once this one expires.
      this.logger.error({ err: error }, 'newsletter confirmation not sent');
    }
    return { created: true, position: result.position };
  }

  /** Follows a confirmation link: consent given, once. */
  async confirm(token: string): Promise<void> {
    const [, digest, secret] = TOKEN.exec(token) ?? [];
    if (!digest || !secret) throw new AccountError('invalid', MSG_LINK_INVALID);
    const stream = newsletterConsentStream.at(digest);
    const state = await this.streams.load(stream, { fresh: true });
    // Compared in constant time before the decider sees it: the decider then compares equal strings.
    const tokenHash = sha256(secret);
    if (!state.pending || !sameDigest(tokenHash, state.pending.tokenHash)) throw new AccountError('invalid', MSG_LINK_INVALID);
    await this.streams.handle(stream, { type: 'Confirm', tokenHash, at: this.clock.now().toISOString() });
    try {
      await this.mailer.send(newsletterWelcomeMail(state.email!, this.shopUrl, this.unsubscribeUrl(digest)));
    } catch (error) {
      this.logger.error({ err: error }, 'newsletter welcome not sent');
    }
  }

  /** Withdraws consent with an unsubscribe token (any state: a second click changes nothing). */
  async unsubscribe(token: string, how: 'link' | 'one-click'): Promise<void> {
    const [, digest, mac] = TOKEN.exec(token) ?? [];
    if (!digest || !mac || !sameDigest(Buffer.from(mac, 'base64url').toString('hex'), this.mac(digest).toString('hex'))) {
      throw new AccountError('invalid', 'This unsubscribe link is not valid.');
    }
    await this.streams.handle(newsletterConsentStream.at(digest), { type: 'Withdraw', how, at: this.clock.now().toISOString() });
  }

  /** The person is being forgotten: their consent ends with them (before their key is destroyed). */
  async withdrawOnErasure(email: string): Promise<void> {
    await this.streams.handle(newsletterConsentStream.at(this.emails.digest(email)), { type: 'Withdraw', how: 'erasure', at: this.clock.now().toISOString() });
  }

  /** The newsletter streams an address may have: keyed, and the plain-hash one of an older log (key store subjects). */
  streamsOf(email: string): string[] {
    return [this.emails.digest(email), this.emails.legacy(email)].map((digest) => newsletterConsentStream.streamId(digest));
  }

  /** The unsubscribe link of the subscription of `email` (for every newsletter mail). */
  unsubscribeUrlFor(email: string): string {
    return this.unsubscribeUrl(this.emails.digest(email));
  }

  private unsubscribeUrl(digest: string): string {
    return this.link('unsubscribe', `${digest}.${this.mac(digest).toString('base64url')}`);
  }

  private mac(digest: string): Buffer {
    return createHmac('sha256', this.linkKey).update(`newsletter-unsubscribe:${digest}`).digest();
  }

  private link(action: 'confirm' | 'unsubscribe', token: string): string {
    return `${this.shopUrl.replace(/\/$/, '')}/api/newsletter/${action}?token=${token}`;
  }
}
