import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRACKING_URL_TEMPLATE', () => {
  it('defaults to a tracker page with the number in it', () => {
    expect(loadConfig({}).TRACKING_URL_TEMPLATE).toBe('https://t.17track.net/en#nums={trackingNumber}');
  });

  it('takes a carrier of the shop\'s own, and refuses one without the number or not on the web', () => {
    expect(loadConfig({ TRACKING_URL_TEMPLATE: 'https://carrier.example/track?awb={trackingNumber}' }).TRACKING_URL_TEMPLATE).toBe(
      'https://carrier.example/track?awb={trackingNumber}',
    );
    expect(() => loadConfig({ TRACKING_URL_TEMPLATE: 'https://carrier.example/track' })).toThrow(/TRACKING_URL_TEMPLATE must contain \{trackingNumber\}/);
    expect(() => loadConfig({ TRACKING_URL_TEMPLATE: 'javascript:alert({trackingNumber})' })).toThrow(/TRACKING_URL_TEMPLATE must be an http\(s\) URL/);
  });
});

describe('the GST seller', () => {
  it('defaults to a Karnataka seller whose GSTIN passes its check', () => {
    const config = loadConfig({});
    expect(config.GSTIN).toBe('29AAACG1234A1ZA');
    expect(config.GST_SELLER_STATE).toBe('Karnataka');
  });

  it('refuses a GSTIN with a wrong check character, a wrong shape, or another state code', () => {
    expect(() => loadConfig({ GSTIN: '29AAACG1234A1ZB' })).toThrow(/GSTIN: the GSTIN check character/);
    expect(() => loadConfig({ GSTIN: '29AAACG1234A1' })).toThrow(/GSTIN: a GSTIN is 15 characters/);
    expect(() => loadConfig({ GSTIN: '27AAPFU0939F1ZV' })).toThrow(/a GSTIN of Karnataka starts with 29/);
    expect(loadConfig({ GSTIN: '27aapfu0939f1zv', GST_SELLER_STATE: 'maharashtra' })).toMatchObject({ GSTIN: '27AAPFU0939F1ZV', GST_SELLER_STATE: 'Maharashtra' });
  });

  it('takes only GST slabs and series prefixes that keep numbers within 16 characters', () => {
    expect(() => loadConfig({ GST_DEFAULT_RATE: '15' })).toThrow(/GST_DEFAULT_RATE/);
    expect(() => loadConfig({ GST_INVOICE_PREFIX: 'GGGG' })).toThrow(/GST_INVOICE_PREFIX/);
    expect(() => loadConfig({ GST_CREDIT_NOTE_PREFIX: 'GG' })).toThrow(/different prefixes/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('is 15 unless set, and production refuses a cheaper one', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '17', NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }).PASSWORD_HASH_COST).toBe(17);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '14', NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' })).toThrow(/PASSWORD_HASH_COST: production hashes passwords at a cost of 15 or more/);
    expect(loadConfig({ PASSWORD_HASH_COST: '10', NODE_ENV: 'test' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '18' })).toThrow(/PASSWORD_HASH_COST/);
  });
});

describe('ERASURE_LEDGER and BACKUP_KEY_FILE', () => {
  it('refuses either inside DATA_DIR, where a lost data folder takes it along', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/shop', ERASURE_LEDGER: '/srv/shop/erasures.jsonl' })).toThrow(/ERASURE_LEDGER: ERASURE_LEDGER must lie outside DATA_DIR/);
    expect(() => loadConfig({ DATA_DIR: '/srv/shop', BACKUP_KEY_FILE: '/srv/shop/secrets/backup.key' })).toThrow(/BACKUP_KEY_FILE: BACKUP_KEY_FILE must lie outside DATA_DIR/);
    const config = loadConfig({ DATA_DIR: '/srv/shop', ERASURE_LEDGER: '/backups/shop/erasures.jsonl', BACKUP_KEY_FILE: '/srv/shop-keys/backup.key' });
    expect([config.ERASURE_LEDGER, config.BACKUP_KEY_FILE]).toEqual(['/backups/shop/erasures.jsonl', '/srv/shop-keys/backup.key']);
  });
});
