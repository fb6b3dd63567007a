import type { Billing } from './checkoutApi.ts';
import { INDIAN_STATES, PINCODE_MESSAGE, PINCODE_PATTERN, SHOP_COUNTRY, STATE_MESSAGE } from '@shop/contracts/india';
import { firstProblem } from '../shared/validation.ts';

/** The billing fields in the order they are checked, with their labels and the original's messages. */
export const BILLING_FIELDS: readonly { name: keyof Billing; label: string; message: string; autoComplete: string; type?: string }[] = [
  { name: 'fullName', label: 'Full Name', message: 'Please fill full name', autoComplete: 'name' },
  { name: 'country', label: 'Country', message: 'Please fill country', autoComplete: 'country-name' },
  { name: 'streetAddressLine1', label: 'Street address line 1', message: 'Please fill Street address', autoComplete: 'address-line1' },
  { name: 'streetAddressLine2', label: 'Street address line 2', message: 'Please fill Street address', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', message: 'Please fill city', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', message: 'Please fill state', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'Pincode', message: 'Please fill zipCode', autoComplete: 'postal-code' },
  { name: 'phoneNumber', label: 'Phone Number', message: 'Please fill phone Number', autoComplete: 'tel', type: 'tel' },
  { name: 'email', label: 'Email Address', message: 'Please fill email', autoComplete: 'email', type: 'email' },
];

/** The shop delivers in India, so the form starts there. */
export const EMPTY_BILLING: Billing = {
  fullName: '',
  country: SHOP_COUNTRY,
  streetAddressLine1: '',
  streetAddressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  phoneNumber: '',
  email: '',
};

/**
 * The first blank billing field's message, checked in the form's order, then a state off the list
 * or a pincode that is not six digits (the server checks the same, and the pincode's place);
 * null when all is well.
 */
export function billingProblem(billing: Billing): { field: keyof Billing; message: string } | null {
  for (const field of BILLING_FIELDS) {
    if (firstProblem([[billing[field.name], field.message]])) return { field: field.name, message: field.message };
  }
  if (!(INDIAN_STATES as readonly string[]).includes(billing.state.trim())) return { field: 'state', message: STATE_MESSAGE };
  if (!PINCODE_PATTERN.test(billing.zipCode.trim())) return { field: 'zipCode', message: PINCODE_MESSAGE };
  return null;
}

/** The order's date as the original sent it: short month, day, year ("Jan 05, 2026"). */
export function orderDate(now = new Date()): string {
  return now.toLocaleString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

/** Test-card fields of the embedded provider's dialog. */
export function cardProblem(card: { number: string; expiry: string; cvc: string }, now = new Date()): string | null {
  const digits = card.number.replace(/\s/g, '');
  if (!digits) return 'Please enter a card number';
  if (!/^\d{12,19}$/.test(digits)) return 'Please enter a valid card number';
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!expiry) return 'Please enter the expiry date as MM/YY';
  const end = new Date(2000 + Number(expiry[2]), Number(expiry[1]), 1);
  if (end <= now) return 'This card has expired';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'Please enter the 3-digit CVC';
  return null;
}

/** "4111111111111111" → "4111 1111 1111 1111" while typing. */
export const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
