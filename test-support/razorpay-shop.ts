/** A test shop paying through a local Razorpay stand-in (not a test file). */
import { startRazorpayStandIn, type RazorpayStandIn } from './razorpay-stand-in.ts';
import { startTestShop, type TestShop } from './shop-fixtures.ts';

export const razorpayKeys = { keyId: 'rzp_test_standin', keySecret: 'standin-key-secret', webhookSecret: 'standin-webhook-secret' };

export interface RazorpayShop {
  standIn: RazorpayStandIn;
  t: TestShop;
  close(): Promise<void>;
}

export async function startRazorpayShop(): Promise<RazorpayShop> {
  const standIn = await startRazorpayStandIn(razorpayKeys);
  const t = await startTestShop({
    env: {
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: razorpayKeys.keyId,
      RAZORPAY_KEY_SECRET: razorpayKeys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpayKeys.webhookSecret,
      RAZORPAY_API_URL: standIn.url,
    },
  });
  return {
    standIn,
    t,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}
