import { useState } from 'react';
import type { z } from 'zod';

/** One message per top-level field, the first issue zod found there. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The contract's zod messages ("Too small: expected string to have >=1 characters") put in the
 * words an admin reads under a field; anything unforeseen keeps zod's own message.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return 'Required';
    if (issue.origin === 'array') return Number(issue.minimum) === 1 ? 'Choose at least one' : `Choose at least ${String(issue.minimum)}`;
    if (issue.origin === 'number') return `Must be at least ${String(issue.minimum)}`;
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return `At most ${String(issue.maximum)} characters`;
    if (issue.origin === 'array') return `At most ${String(issue.maximum)}`;
    if (issue.origin === 'number') return `Must be at most ${String(issue.maximum)}`;
  }
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a whole number';
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Enter a whole number';
  if (issue.code === 'invalid_format' && issue.path.some((p) => p === 'catId' || p === 'subCatId')) return 'Choose one';
  return issue.message;
}

/** Validates `value` with the contract's schema: the parsed body, or a message per field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issueMessage(issue);
  }
  return { data: null, errors };
}

/** A text box's number: blank or not a number stays as it is, so zod names the problem. */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/**
 * A form's values and the messages under its fields: `set` changes one field and clears its
 * message (the admin is fixing it); `setErrors` shows what `validate` found.
 */
export function useFormFields<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof F>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return { form, errors, set, setErrors };
}
