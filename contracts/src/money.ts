/**
 * Indian digit grouping (1,25,000) without Intl: the first Intl call loads locale data, which
 * costs more than rendering the whole header on a slow phone.
 */
export function groupIndian(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const negative = value < 0;
  const [whole = '0', fraction] = Math.abs(Math.round(value * 100) / 100).toString().split('.');
  const last3 = whole.slice(-3);
  const rest = pairs(whole.slice(0, -3));
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction.padEnd(2, '0')}` : ''}`;
}

/** "1234567" → "1,23,45,67": commas between pairs of digits counted from the right. */
function pairs(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 2) groups.unshift(digits.slice(Math.max(0, end - 2), end));
  return groups.join(',');
}

/** "Rs 1,49,999", "−Rs 300": the money format of every page, e-mail and document. */
export function formatRupees(value: number): string {
  const grouped = groupIndian(Number.isFinite(value) ? value : 0);
  return grouped.startsWith('-') ? `−Rs ${grouped.slice(1)}` : `Rs ${grouped}`;
}
