import { describe, expect, it } from 'vitest';
import { FREE_DELIVERY_OVER } from '@shop/contracts';
import { lookupPincode } from './pincode-directory.ts';
import { deliveryDate, deliveryFeeFor, deliverySettings, quoteDelivery } from './quote.ts';

// The shop ships from Indiranagar, Bengaluru (the demo's default SHOP_PINCODE).
const settings = deliverySettings({ shopPincode: '560038', fee: 49 });
// Thursday 26 November 2026, 10:00 IST.
const thursdayMorning = new Date('2026-11-26T04:30:00Z');

describe('the pincode directory (India Post)', () => {
  it('knows a pincode\'s district and state', () => {
    expect(lookupPincode('560038')).toMatchObject({ district: 'Bengaluru Urban', state: 'Karnataka' });
    expect(lookupPincode('110001')).toMatchObject({ state: 'Delhi' });
    expect(lookupPincode('400001')).toMatchObject({ district: 'Mumbai', state: 'Maharashtra' });
  });

  it('does not know six digits India Post never issued, nor anything that is not six digits', () => {
    expect(lookupPincode('999999')).toBeNull();
    expect(lookupPincode('000000')).toBeNull();
    expect(lookupPincode('56003')).toBeNull();
    expect(lookupPincode('5600380')).toBeNull();
  });
});

describe('quoteDelivery', () => {
  const zoneOf = (pincode: string) => {
    const quoted = quoteDelivery(pincode, undefined, settings, thursdayMorning);
    return quoted.ok ? quoted.quote.zone : quoted.reason;
  };

  it('puts a pincode in its zone as seen from the shop in Bengaluru', () => {
    expect(zoneOf('560001')).toBe('sameCity');
    expect(zoneOf('570001')).toBe('sameState'); // Mysuru
    expect(zoneOf('400001')).toBe('metroToMetro'); // Mumbai
    expect(zoneOf('110001')).toBe('metroToMetro'); // New Delhi
    expect(zoneOf('302001')).toBe('restOfIndia'); // Jaipur
    expect(zoneOf('781001')).toBe('remote'); // Guwahati, north-east
    expect(zoneOf('744101')).toBe('remote'); // Port Blair
  });

  it('offers cash on delivery by zone: not to the remote zone by default', () => {
    const guwahati = quoteDelivery('781001', 'Assam', settings, thursdayMorning);
    const mumbai = quoteDelivery('400001', 'Maharashtra', settings, thursdayMorning);
    expect(guwahati.ok && guwahati.quote.cod).toBe(false);
    expect(mumbai.ok && mumbai.quote.cod).toBe(true);
  });

  it('refuses a pincode that is not in the chosen state, and one the directory does not know', () => {
    expect(quoteDelivery('560038', 'Tamil Nadu', settings, thursdayMorning)).toMatchObject({
      ok: false,
      reason: 'state-mismatch',
      message: 'Pincode 560038 is in Karnataka: please check the Pincode or the state',
    });
    expect(quoteDelivery('999999', 'Karnataka', settings, thursdayMorning)).toMatchObject({ ok: false, reason: 'unknown-pincode' });
    expect(quoteDelivery('560038', ' karnataka ', settings, thursdayMorning)).toMatchObject({ ok: true });
  });

  it('answers the zone\'s days and the latest date', () => {
    const quoted = quoteDelivery('560001', 'Karnataka', settings, thursdayMorning);
    expect(quoted).toMatchObject({ ok: true, quote: { pincode: '560001', district: 'Bengaluru Urban', minDays: 1, maxDays: 2, by: '2026-11-28', fee: 49 } });
  });

  it('uses the settings\' zones', () => {
    const slow = deliverySettings({ shopPincode: '560038', fee: 49, zones: { sameCity: { minDays: 3, maxDays: 5, cod: false } } });
    expect(quoteDelivery('560001', undefined, slow, thursdayMorning)).toMatchObject({ ok: true, quote: { minDays: 3, maxDays: 5, cod: false } });
  });
});

describe('deliveryDate', () => {
  it('skips Sundays', () => {
    // Thursday + 2 working days = Saturday; + 3 = Monday (the Sunday between is not counted).
    expect(deliveryDate(thursdayMorning, 2, 'Asia/Kolkata')).toBe('2026-11-28');
    expect(deliveryDate(thursdayMorning, 3, 'Asia/Kolkata')).toBe('2026-11-30');
    // From a Saturday, one working day is the Monday.
    expect(deliveryDate(new Date('2026-11-28T06:00:00Z'), 1, 'Asia/Kolkata')).toBe('2026-11-30');
  });

  it('counts from the day in the shop\'s time zone, not UTC\'s', () => {
    // 20:00 UTC on Wednesday is already 01:30 on Thursday in India.
    const lateWednesdayUtc = new Date('2026-11-25T20:00:00Z');
    expect(deliveryDate(lateWednesdayUtc, 1, 'Asia/Kolkata')).toBe('2026-11-27');
    expect(deliveryDate(lateWednesdayUtc, 1, 'UTC')).toBe('2026-11-26');
  });
});

describe('the delivery fee', () => {
  it('is charged under the free-delivery threshold and not from it up', () => {
    expect(FREE_DELIVERY_OVER).toBe(299);
    expect(deliveryFeeFor(298, settings)).toBe(49);
    expect(deliveryFeeFor(299, settings)).toBe(0);
    expect(deliveryFeeFor(300, settings)).toBe(0);
  });
});
