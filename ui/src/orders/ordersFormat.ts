import { CART_TITLE_LENGTH } from '../lib/constants.ts';
import { datePart, rupees, truncate } from '../lib/format.ts';

/** Pending orders get a danger badge, every other status a success badge (spec §2). */
export const statusTone = (status: string): 'danger' | 'success' => (status.trim().toLowerCase() === 'pending' ? 'danger' : 'success');

/** Only the date part before the T. */
export const orderDate = (iso: string) => datePart(iso);

/** Titles in the products modal: the first 30 characters plus "...". */
export const modalTitle = (title: string) => truncate(title, CART_TITLE_LENGTH);

export const amount = (value: number) => rupees(value);

/** The twelve columns of the orders table, in order. */
export const ORDER_COLUMNS = [
  'Order Id',
  'Payment Id',
  'Products',
  'Name',
  'Phone Number',
  'Address',
  'Pincode',
  'Total Amount',
  'Email',
  'User Id',
  'Order Status',
  'Date',
] as const;

export const PRODUCT_COLUMNS = ['Product Id', 'Title', 'Image', 'Quantity', 'Price', 'SubTotal'] as const;
