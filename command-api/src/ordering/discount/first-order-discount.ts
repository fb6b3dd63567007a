import type { CommandContext, HandleOptions, StreamCommands } from '../../shared/stream-commands.ts';
import { firstOrderDiscountByEmailStream, firstOrderDiscountStream } from './decider.ts';

/**
 * The first-order discount is a promotion rule (contracts promotion-rules: FIRST_ORDER_RULE, Rs 20
 * off a shopper's first order as long as something is left to pay), priced by the one price
 * pipeline. What stays here is its claim: the order that is placed with it claims it on the
 * account's stream and on the mailbox's (a hash of the normalised e-mail), each of which takes
 * one claim ever, so of two payments opened at once only one order keeps it, and a second
 * account of the same mailbox (bob+a@…, bob+b@…) cannot have it again: the other checkout is
 * refused with FIRST_ORDER_DISCOUNT_TAKEN and refunded.
 */
export async function claimFirstOrderDiscount(
  streams: StreamCommands,
  claim: { userId: string; paymentId: string; orderId: string; amount: number; customerKey?: string },
  ctx: CommandContext,
  options: HandleOptions,
): Promise<bigint> {
  const { customerKey, ...data } = claim;
  const command = { type: 'ClaimFirstOrderDiscount', ...data } as const;
  const byAccount = (await streams.handle(firstOrderDiscountStream.at(claim.userId), command, ctx, options)).position;
  // Checkouts started before e-mails were keyed have no key: the account's claim is all they had.
  if (!customerKey) return byAccount;
  // No derived event id here (it would repeat the account claim's): the decider already takes the
  // same checkout's claim again as done.
  const byEmail = (await streams.handle(firstOrderDiscountByEmailStream.at(customerKey), command, ctx, { maxAttempts: options.maxAttempts ?? 20 })).position;
  return byEmail > byAccount ? byEmail : byAccount;
}
