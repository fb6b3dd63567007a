import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_TONES, ORDER_STATUSES, trackingUrlFor } from './order-rules.ts';

describe('order status tones', () => {
  it('say what each status means: pending waits, confirmed and shipped move, delivered arrived, cancelled stopped', () => {
    expect(ORDER_STATUSES.map((status) => ORDER_STATUS_TONES[status])).toEqual(['waiting', 'moving', 'moving', 'arrived', 'stopped', 'stopped']);
  });
});

describe('the carrier tracking link', () => {
  it('puts the URL-encoded number wherever the template asks for it', () => {
    expect(trackingUrlFor('https://t.17track.net/en#nums={trackingNumber}', 'EE123456789IN')).toBe('https://t.17track.net/en#nums=EE123456789IN');
    expect(trackingUrlFor('https://c.example/{trackingNumber}?again={trackingNumber}', 'A 1')).toBe('https://c.example/A%201?again=A%201');
  });

  it('never lets the number change the host, path or parameters', () => {
    const url = new URL(trackingUrlFor('https://carrier.example/track?awb={trackingNumber}', '../x?awb=evil&to=//attacker.example#y'));
    expect(url.host).toBe('carrier.example');
    expect(url.pathname).toBe('/track');
    expect([...url.searchParams.keys()]).toEqual(['awb']);
    expect(url.searchParams.get('awb')).toBe('../x?awb=evil&to=//attacker.example#y');
  });
});
