import Router from '@koa/router';
import { z } from 'zod';
import { GIFT_CARDS, GIFT_MESSAGE_MAX, READ_MODELS, billingForm, checkoutPaymentChoice, emailField, formatGiftCardCode, giftCardPurchaseRequest, type GiftCardAsHolderSees, type GiftCardDoc } from '@shop/contracts';
import { HttpError, assertSelf, currentUser, requireAdmin, requireUser, validate, type PaymentProvider } from '@shop/platform';
import { bodyOf, type CommandDeps } from '../shared/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { giftCardStream } from './decider.ts';
import { giftCardByCode, issueGiftCard, type GiftCardSettings } from './gift-cards.ts';
import { openGiftCardPurchase } from '../ordering/checkout/start-checkout.ts';

export interface GiftCardRouteDeps extends CommandDeps {
  gifting: { cards: GiftCardSettings; wrapFee: number };
  /** Bought cards are paid like any order, through the shop's payment provider. */
  payments: PaymentProvider;
}

/** Gift card refusals in the checkout's reply shape: `error: true` + `msg`. */
const giftCardRefusal = refusalReply((msg) => ({ error: true, msg }));

const issueBody = (settings: GiftCardSettings) =>
  z
    .object({
      amount: z
        .number({ error: 'amount must be a whole number of rupees' })
        .int('amount must be a whole number of rupees')
        .min(settings.minAmount, `A gift card is for Rs ${settings.minAmount} to Rs ${settings.maxAmount}`)
        .max(settings.maxAmount, `A gift card is for Rs ${settings.minAmount} to Rs ${settings.maxAmount}`),
      recipientEmail: emailField('recipientEmail must be an e-mail address', 'recipientEmail must be an e-mail address').optional(),
      message: z.string({ error: 'message must be text' }).max(300, 'message can be at most 300 characters').optional(),
    })
    .strict();

const codeBody = z.object({ code: z.string({ error: 'code is required' }).min(1, 'code is required').max(40, 'This gift card code is not valid') });
const cardIdParam = z.string().regex(/^[a-f0-9]{32}$/);

/**
 * What a card's holder sees: never the id the back office voids it by, nor the code; of its
 * history only their own checkouts' debits and credits (the buyer of a present sees its balance
 * and that it was spent, not what the recipient bought, when, or the order it went to).
 */
function asHolderSees(card: GiftCardDoc, viewer: string): GiftCardAsHolderSees {
  const { _id, id: _id2, holders: _holders, recipientEmail: _email, history, ...shown } = card;
  const own = history.filter((entry) => entry.userId === viewer).map(({ userId: _userId, ...entry }) => entry);
  return { ...shown, history: own, spent: card.balance < card.amount };
}

/**
 * Gift cards: an admin issues (the code shown once), lists and voids them; a shopper lists the
 * cards they bought or spent from (My Account) and checks a code's balance (counted like a try
 * at checkout, so codes cannot be guessed this way either).
 */
export function giftCardRoutes(deps: GiftCardRouteDeps): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);
  const settings = deps.gifting.cards;

  router.post('/admin/gift-cards', auth, answerRefusals(giftCardRefusal), async (ctx) => {
    const admin = requireAdmin(ctx);
    const body = validate(issueBody(settings), bodyOf(ctx));
    const card = { amount: body.amount, source: 'admin', issuedBy: admin.userId, ...(body.recipientEmail ? { recipientEmail: body.recipientEmail } : {}), ...(body.message ? { message: body.message } : {}) } as const;
    const issued = await issueGiftCard(deps.streams, settings.codes, card, { userId: admin.userId });
    await deps.awaitProjections(issued.position, [READ_MODELS.giftCards]);
    ctx.status = 201;
    ctx.body = { id: issued.id, code: formatGiftCardCode(issued.code) };
  });

  router.get('/admin/gift-cards', auth, async (ctx) => {
    requireAdmin(ctx);
    const cards = await deps.docs.find<GiftCardDoc>(GIFT_CARDS.cards, {}, { sort: [['issuedAt', -1]], limit: 500 });
    ctx.body = cards.map(({ _id, holders: _holders, ...card }) => card);
  });

  router.put('/admin/gift-cards/:id/void', auth, answerRefusals(giftCardRefusal), async (ctx) => {
    const admin = requireAdmin(ctx);
    const parsed = cardIdParam.safeParse(ctx.params.id);
    if (!parsed.success) throw new HttpError(404, { error: true, msg: 'Gift card not found' });
    const result = await deps.streams.handle(giftCardStream.at(parsed.data), { type: 'VoidGiftCard', cardId: parsed.data, by: admin.userId, at: new Date().toISOString() } as const, { userId: admin.userId });
    await deps.awaitProjections(result.position, [READ_MODELS.giftCards]);
    ctx.body = { id: parsed.data, state: 'voided', balance: result.state.balance };
  });

  // What the Gift cards page offers (the amounts a card is sold for, how long a message may be),
  // and what gift wrap adds to an order, so the checkout's summary shows the total it will charge.
  router.get('/gift-cards/amounts', (ctx) => {
    ctx.body = { amounts: settings.amounts, messageMax: GIFT_MESSAGE_MAX, wrapFee: deps.gifting.wrapFee };
  });

  // Buying a card: a checkout of its own, paid like any order (confirmed by POST /orders/create);
  // the amount is one the shop sells, never the client's number, and the card is issued once paid.
  const purchaseBody = giftCardPurchaseRequest(settings.amounts);
  router.post('/gift-cards/checkout', auth, answerRefusals(giftCardRefusal), deps.writes.guard('checkout'), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId, email } = assertSelf(ctx, body.userId ?? body.userid);
    const { amount, recipientEmail, message } = validate(purchaseBody, body);
    const billing = validate(billingForm, body);
    const { paymentMethod } = validate(checkoutPaymentChoice, body);
    const purchase = { recipientEmail, ...(message ? { message } : {}) };
    const { reply } = await openGiftCardPurchase(deps, { userId, email, billing, paymentMethod, amount, purchase });
    ctx.status = 201;
    ctx.body = reply;
  });

  router.get('/gift-cards/mine', auth, async (ctx) => {
    const { userId } = currentUser(ctx);
    const cards = await deps.docs.find<GiftCardDoc>(GIFT_CARDS.cards, { holders: { $contains: [userId] } }, { sort: [['issuedAt', -1]], limit: 100 });
    ctx.body = cards.map((card) => asHolderSees(card, userId));
  });

  router.post('/gift-cards/balance', auth, answerRefusals(giftCardRefusal), async (ctx) => {
    const { userId } = currentUser(ctx);
    const { code } = validate(codeBody, bodyOf(ctx));
    await deps.writes.takeFor(ctx, 'giftCardCode', userId);
    const card = await giftCardByCode(deps.streams, settings.codes, code);
    ctx.body = { codeLast4: card.state.issued!.codeLast4, balance: card.state.voided ? 0 : card.state.balance, state: card.state.voided ? 'voided' : card.state.balance > 0 ? 'active' : 'used' };
  });

  return router;
}
