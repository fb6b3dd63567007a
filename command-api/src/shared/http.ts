import type { Context } from 'koa';
import type { DocumentStore, EventStore, Logger, PublicUrls, TokenService } from '@shop/platform';
import type { CatalogProducts } from './catalog-products.ts';
import type { StreamCommands } from './stream-commands.ts';
import type { MailboxKeys } from '../account/emails.ts';
import type { WriteThrottle } from './write-throttle.ts';

/** What every feature's command routes need from the composition root. */
export interface CommandDeps {
  events: EventStore;
  /** The one command pipeline (its stream cache and per-stream lock), built by the composition root. */
  streams: StreamCommands;
  docs: DocumentStore;
  /** The catalog's products as commands price and check them (one cache per read store). */
  products: CatalogProducts;
  tokens: TokenService;
  logger: Logger;
  /** Image paths in replies become URLs at the shop's public address. */
  publicUrls: PublicUrls;
  /** Read-your-writes: resolves once the named projections have processed `position`. */
  awaitProjections(position: bigint, projections: string[]): Promise<void>;
  /** Per-user budgets of the signed-in writes that append events. */
  writes: WriteThrottle;
  /** The keyed e-mail lookups: a shopper's mailbox key for per-person promotion limits. */
  emails: MailboxKeys;
}

/** The projection each read model a command's reply waits for belongs to (named in @shop/contracts). */
export { READ_MODELS } from '@shop/contracts';


/** The body as an object (a JSON array or scalar body is treated as empty). */
export function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
