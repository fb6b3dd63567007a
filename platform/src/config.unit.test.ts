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
