import { join } from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import { loadOrCreateSecret } from '../identity/tokens.ts';
import type { PaymentProvider } from './port.ts';
import { RazorpayPaymentProvider } from './razorpay.ts';
import { TestPaymentProvider } from './test-provider.ts';

/** Picks the payment adapter from configuration (the composition root's only payments choice). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENTS === 'razorpay') {
    const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret } = config;
    if (!keyId || !keySecret) throw new ConfigError('PAYMENTS=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    return new RazorpayPaymentProvider({
      keyId,
      keySecret,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  // Like the JWT secret: generated on first start, kept in the data directory, never committed.
  return new TestPaymentProvider(loadOrCreateSecret(join(config.DATA_DIR, 'secrets', 'test-payments-secret')));
}
