/**
 * An Indian pincode, without zod: the storefront checks it in the browser (product page, cart),
 * where zod would be tens of kilobytes of script on the first screen. india.ts builds the
 * server's field from these.
 */

/** Six digits, the first not 0 (India Post's first digit is the postal region, 1 to 9). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const PINCODE_MESSAGE = 'Please enter a valid 6-digit Pincode';
