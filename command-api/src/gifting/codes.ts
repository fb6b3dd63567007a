import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from '@shop/contracts';

/** The HMAC key of gift card codes, derived from the server secret (changing the secret retires every code). */
export function deriveGiftCardKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'shop-gift-cards', 'hmac-sha256 gift card key', 32));
}

/**
 * Gift card codes under the server's key. A card's code is a keyed hash of a random seed the log
 * keeps, so the order mail desk can mail it later without the code ever being written down; the
 * card's id is a keyed hash of the code, so a typed code finds its card in one stream read and
 * nothing else does: without the key, neither the log nor the ids give a code away, and a guess
 * is one of 32^16 (80 bits).
 */
export class GiftCardCodes {
  constructor(private readonly key: Uint8Array) {}

  /** A new card's seed, code and id. */
  issue(): { codeSeed: string; code: string; cardId: string; codeLast4: string } {
    const codeSeed = randomBytes(16).toString('hex');
    const code = this.codeFor(codeSeed);
    return { codeSeed, code, cardId: this.cardIdFor(code), codeLast4: code.slice(-4) };
  }

  /**
   * The seed, code and id of the card bought on `orderId`'s line `lineId`: derived from them under
   * the key, so every run of that order's checkout (a repeated confirmation, a webhook, the
   * recovery) names the same card and issues it once, and cancelling the order finds it.
   */
  forPurchase(orderId: string, lineId: string): { codeSeed: string; code: string; cardId: string; codeLast4: string } {
    const codeSeed = createHmac('sha256', this.key).update(`purchase:${orderId}:${lineId}`).digest('hex').slice(0, 32);
    const code = this.codeFor(codeSeed);
    return { codeSeed, code, cardId: this.cardIdFor(code), codeLast4: code.slice(-4) };
  }

  /** The code of the card issued with `codeSeed`: 16 characters of the 32-letter alphabet. */
  codeFor(codeSeed: string): string {
    const digest = createHmac('sha256', this.key).update(`code:${codeSeed}`).digest();
    // 32 letters are 5 bits each: the digest's first 80 bits, five at a time, uniform.
    let code = '';
    for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i += 1) {
      const bit = i * 5;
      const word = (digest[bit >> 3]! << 8) | digest[(bit >> 3) + 1]!;
      code += GIFT_CARD_CODE_ALPHABET[(word >> (11 - (bit & 7))) & 31];
    }
    return code;
  }

  /** The id of the card a (normalised) code belongs to, if any card has it. */
  cardIdFor(code: string): string {
    return createHmac('sha256', this.key).update(`card:${code}`).digest('hex').slice(0, 32);
  }
}
