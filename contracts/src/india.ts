import { z } from 'zod';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from './pincode.ts';

export { PINCODE_MESSAGE, PINCODE_PATTERN };

/**
 * The shop delivers across India only, so its address form is India's: the country is India, the
 * state is one of the 28 states and 8 union territories (spelled as India Post's directory spells
 * them, so a pincode's state can be compared), and the postcode is a six-digit pincode.
 */
export const SHOP_COUNTRY = 'India';

export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export const STATE_MESSAGE = 'Please choose a state or union territory from the list';

/** A pincode as a request sends it: bounded before the pattern runs, spaces around it dropped. */
export const pincodeField = z.string({ error: PINCODE_MESSAGE }).max(20, PINCODE_MESSAGE).trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE);

/** A state from the list, matched without regard to case or surrounding spaces, answered as the list spells it. */
export const indianStateField = z
  .string({ error: STATE_MESSAGE })
  .max(80, STATE_MESSAGE)
  .transform((value, ctx) => {
    const wanted = value.trim().toLowerCase();
    const state = INDIAN_STATES.find((name) => name.toLowerCase() === wanted);
    if (!state) {
      ctx.addIssue({ code: 'custom', message: STATE_MESSAGE });
      return z.NEVER;
    }
    return state;
  });
