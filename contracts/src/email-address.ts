import { z } from 'zod';

/** The longest address SMTP carries (a path of 256 characters less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * One plain mailbox, `local@domain.tld`, and nothing else: zod's e-mail pattern. Its characters
 * leave out everything a mailer reads as structure (`,` and `;` separating a list, `<>` and `"`
 * around a display name, `()` comments, spaces, CR and LF starting a new header), so an address
 * that passes is sent to exactly one mailbox. eslint-plugin-regexp finds no super-linear
 * backtracking in it (the local part's dots and the domain's dots each end a repetition), so a
 * long hostile value costs linear time; callers still check the length first.
 */
const MAILBOX = z.regexes.email;

/** Whether `value` is exactly one address the shop may send mail to. */
export function isMailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && MAILBOX.test(value);
}

/**
 * A form's e-mail field: blank gives `blank`, anything but one plain address gives `invalid`.
 * The raw length is checked first and stops the checks (a megabyte of text is neither trimmed
 * nor matched); surrounding spaces are trimmed, as forms add them.
 */
export function emailField(blank: string, invalid: string) {
  return z
    .string({ error: blank })
    .max(MAX_EMAIL_LENGTH + 64, { error: invalid, abort: true })
    .trim()
    .min(1, { error: blank, abort: true })
    .max(MAX_EMAIL_LENGTH, { error: invalid, abort: true })
    .regex(MAILBOX, invalid);
}

export const INVALID_EMAIL = 'Please enter a valid email address';
