import { describe, expect, it } from 'vitest';
import { gstRecordsKeptUntil, gstYearsPastRetention } from './gst.ts';

describe('how long GST records are kept', () => {
  it('keeps a year 72 months from its annual return, due 31 December after the year ends', () => {
    expect(gstRecordsKeptUntil('26-27')).toBe('2033-12-31');
    expect(gstRecordsKeptUntil('17-18')).toBe('2024-12-31');
    expect(gstRecordsKeptUntil('99-00')).toBe('2106-12-31');
  });

  it('lets a year go the day after its last day, and none before GST began', () => {
    expect(gstYearsPastRetention('2024-12-31')).toEqual([]);
    expect(gstYearsPastRetention('2025-01-01')).toEqual(['17-18']);
    expect(gstYearsPastRetention('2026-11-27')).toEqual(['17-18', '18-19']);
    expect(gstYearsPastRetention('2034-01-01')).toEqual(['17-18', '18-19', '19-20', '20-21', '21-22', '22-23', '23-24', '24-25', '25-26', '26-27']);
  });
});
