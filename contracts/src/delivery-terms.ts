import { z } from 'zod';

/**
 * What an order carries about delivery from the checkout on: the fee paid (whole rupees, 0 from
 * the free-delivery threshold up, and for every order placed before the fee existed) and the
 * latest delivery day promised at checkout (an ISO date in the shop's time zone).
 */
export const deliveryFee = z.number().int().min(0);
export const deliverBy = z.iso.date();

/**
 * The upcaster of every event that gained `deliveryFee`: events written before the fee existed
 * were delivered free, so they read as fee 0 (and with no promised date). Only this field is
 * touched, so another change to the same event type chains before or after it unchanged.
 */
export function withNoDeliveryFee(data: unknown): unknown {
  return { ...(data as Record<string, unknown>), deliveryFee: 0 };
}
