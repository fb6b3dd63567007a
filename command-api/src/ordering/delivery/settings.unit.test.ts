import { describe, expect, it } from 'vitest';
import { loadConfig } from '@shop/platform';
import { deliverySettingsFrom } from './settings.ts';

describe('delivery settings from the environment', () => {
  it('defaults to a shop in Bengaluru, Rs 40 under the threshold, no cash on delivery in the remote zone', () => {
    const settings = deliverySettingsFrom(loadConfig({}));
    expect(settings.origin).toMatchObject({ pincode: '560038', district: 'Bengaluru Urban', state: 'Karnataka' });
    expect([settings.fee, settings.freeOver, settings.timeZone]).toEqual([40, 299, 'Asia/Kolkata']);
    expect(settings.zones.remote).toEqual({ minDays: 6, maxDays: 10, cod: false });
    expect(settings.zones.sameCity).toEqual({ minDays: 1, maxDays: 2, cod: true });
  });

  it('takes the shop\'s own pincode, fee, days and COD zones', () => {
    const settings = deliverySettingsFrom(
      loadConfig({ SHOP_PINCODE: '110001', DELIVERY_FEE: '59', DELIVERY_DAYS_REST_OF_INDIA: '5-9', DELIVERY_NO_COD_ZONES: 'remote,restOfIndia' }),
    );
    expect(settings.origin.state).toBe('Delhi');
    expect(settings.fee).toBe(59);
    expect(settings.zones.restOfIndia).toEqual({ minDays: 5, maxDays: 9, cod: false });
  });

  it('refuses days that are not "min-max", and a shop pincode India Post does not list', () => {
    expect(() => loadConfig({ DELIVERY_DAYS_SAME_CITY: '3-1' })).toThrow(/DELIVERY_DAYS_SAME_CITY/);
    expect(() => loadConfig({ DELIVERY_DAYS_SAME_CITY: 'two' })).toThrow(/min-max/);
    expect(() => loadConfig({ DELIVERY_NO_COD_ZONES: 'moon' })).toThrow(/DELIVERY_NO_COD_ZONES/);
    expect(() => deliverySettingsFrom(loadConfig({ SHOP_PINCODE: '999999' }))).toThrow(/SHOP_PINCODE 999999/);
  });
});
