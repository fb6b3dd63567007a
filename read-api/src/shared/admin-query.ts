import { z } from 'zod';

/**
 * The back office's list queries (`?q=&page=&perPage=` and a list's own filters) read the same
 * way everywhere: a blank parameter (`?status=`) means "any", pages are whole numbers of at most
 * six digits (checked before they are converted), and `q` is bounded before it is trimmed.
 */
export const blank = (value: unknown) => (value === '' ? undefined : value);

const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'page and perPage must be whole numbers')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** `q`, `page` (default 1) and `perPage` (default 20, at most 100); extend it with the list's filters. */
export const adminListQuery = (qMax: number) =>
  z.object({
    q: z.preprocess(blank, z.string().max(qMax, `q must be at most ${qMax} characters`).trim().min(1).optional()),
    page: z.preprocess(blank, pageNumber(100_000).default(1)),
    perPage: z.preprocess(blank, pageNumber(100).default(20)),
  });
