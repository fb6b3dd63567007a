import { CART_TITLE_LENGTH } from '../shared/constants.ts';
import { datePart, rupees, truncate } from '../shared/format.ts';

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
