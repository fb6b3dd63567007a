import { newsletterSubscribed } from '@shop/contracts';
import type { Logger, Mailer } from '@shop/platform';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import type { Clock } from '../clock.ts';
import { newsletterStream } from '../decider.ts';
import { emailDigest } from '../emails.ts';
import type { AccountThrottle } from '../identity/limits.ts';
import { newsletterMail } from '../mail-templates.ts';

/**
 * Newsletter sign-up from the footer. One stream per e-mail, created with "no stream" expected,
 * so subscribing twice records one subscription and sends one confirmation.
 */
export class NewsletterCommands {
  constructor(
    private readonly streams: StreamCommands,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly throttle: AccountThrottle,
    private readonly logger: Logger,
    private readonly shopUrl: string,
  ) {}

  /** Returns whether this call created the subscription (false: it already existed). */
  async subscribe(email: string, address: string): Promise<{ created: boolean; position: bigint }> {
    const stream = newsletterStream.at(emailDigest(email));
    if (await this.streams.exists(stream.id)) return { created: false, position: 0n };
    await this.throttle.takeMail(address);
    const data = newsletterSubscribed.parse({ email, subscribedAt: this.clock.now().toISOString() });
    const { claimed, position } = await this.streams.claim(stream, { type: 'NewsletterSubscribed', data });
    if (!claimed) return { created: false, position: 0n };
    try {
      await this.mailer.send(newsletterMail(email, this.shopUrl));
    } catch (error) {
      // The subscription is recorded either way; the confirmation is a courtesy, not a proof.
      this.logger.error({ err: error }, 'newsletter confirmation not sent');
    }
    return { created: true, position };
  }
}
