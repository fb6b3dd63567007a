import { z } from 'zod';
import { INVALID_EMAIL, emailField } from '@shop/contracts';

/**
 * Request bodies of the account routes. Messages are the original shop's ("name can not be
 * blank!"), and fields are declared in the order the original form checked them, because a route
 * answers with the first issue only.
 */

/**
 * local@label.label…: no character can be taken by two parts of the pattern (labels hold no dot,
 * the local part no @), so matching is linear in the length. The old `[^\s@]+\.[^\s@]+` split a
 * run of dots every possible way: `"a@" + "." * 160000 + "@"` took 13 s (issue #13).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

/** Missing, null and blank all give the field's "can not be blank" message; numbers become text. */
const present = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : value);

/**
 * A text field: its raw length is checked first and that check aborts, so an over-long value gets
 * `tooLong` without being trimmed, matched or transformed (zod 4 runs the later checks after a
 * failed one unless told to abort).
 */
function text(blank: string, rawMax: number, tooLong: string, more: (s: z.ZodString) => z.ZodType<string> = (s) => s) {
  return z.preprocess(present, more(z.string({ error: blank }).max(rawMax, { error: tooLong, abort: true }).trim().min(1, blank)));
}

function email(blank: string) {
  const invalid = 'Please enter a valid email address';
  // 254 is the longest address SMTP carries; a little room for the spaces a form may add around it.
  return text(blank, 320, invalid, (s) => s.max(254, { error: invalid, abort: true }).regex(EMAIL_PATTERN, invalid).toLowerCase());
}

/**
 * An address the shop records and mails to (sign-up, newsletter): exactly one mailbox,
 * no list, display name or line break. Routes that only look an account up keep the looser
 * pattern above (the profile's e-mail is read-only), so an account recorded before this rule
 * can still sign in and save its profile.
 */
function mailbox(blank: string) {
  return z.preprocess(present, emailField(blank, INVALID_EMAIL).toLowerCase());
}

/** Passwords are never trimmed: spaces are allowed characters. */
function password(blank: string, minimum = 1) {
  return z.preprocess(
    present,
    z
      .string({ error: blank })
      .max(MAX_PASSWORD_LENGTH * 8, { error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`, abort: true })
      .refine((v) => v.trim().length > 0, blank)
      .refine((v) => v.length >= minimum, `Password must be at least ${minimum} characters`)
      .refine((v) => v.length <= MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  );
}

const NAME_TOO_LONG = 'Name must be at most 80 characters';
const INVALID_PHONE = 'Please enter a valid phone number';
const name = (blank: string) => text(blank, 320, NAME_TOO_LONG, (s) => s.max(80, NAME_TOO_LONG));
const phone = (blank: string) => text(blank, 64, INVALID_PHONE, (s) => s.regex(PHONE_PATTERN, INVALID_PHONE));

export const signUpRequest = z.object({
  name: name('name can not be blank!'),
  email: mailbox('email can not be blank!'),
  phone: phone('phone can not be blank!'),
  password: password('password can not be blank!', MIN_PASSWORD_LENGTH),
});

export const signInRequest = z.object({
  email: email('email can not be blank!'),
  password: password('password can not be blank!'),
});

export const resendRequest = z.object({ email: email('email can not be blank!') });
export const forgotRequest = z.object({ email: email('Please enter your email') });
export const newsletterRequest = z.object({ email: mailbox('email can not be blank!') });

export const verifyCodeRequest = z.object({
  otp: text('Please enter OTP', 64, 'Invalid OTP', (s) => s.regex(/^\d{6}$/, 'Invalid OTP')),
  email: email('email can not be blank!'),
});

export const emailVerifyAckRequest = z.object({ email: email('email can not be blank!').optional() });

export const resetPasswordRequest = z
  .object({
    email: email('Please enter your email'),
    newPass: password('Please enter new password', MIN_PASSWORD_LENGTH),
    confirmPass: password('Please confirm password'),
    /** The secret `POST /verifyemail` gave the client that verified the reset code; checked by the service. */
    resetToken: z.string().max(200).optional(),
  })
  .refine((b) => b.newPass === b.confirmPass, 'Password and confirm password not match');

const FILL_ALL = 'Please fill all the details';

export const profileRequest = z.object({
  name: name(FILL_ALL),
  email: email(FILL_ALL).optional(),
  phone: phone(FILL_ALL),
  images: z.array(z.string().max(500), { error: 'images must be a list of image URLs' }).max(20, 'At most 20 images').optional(),
});

export const changePasswordRequest = z
  .object({
    password: password(FILL_ALL),
    newPass: password(FILL_ALL, MIN_PASSWORD_LENGTH),
    // The original client checked the confirmation itself and did not send it; when sent, it must match.
    confirmPass: z.string().optional(),
  })
  .refine((b) => b.confirmPass === undefined || b.confirmPass === b.newPass, 'Password and confirm password not match');

/** Google Identity Services posts `credential`; other clients may call it `idToken`. */
export const googleSignInRequest = z
  .object({ credential: z.string().min(1).max(8192).optional(), idToken: z.string().min(1).max(8192).optional() })
  .refine((b) => b.credential ?? b.idToken, 'Google sign-in failed: no Google credential was sent')
  .transform((b) => (b.credential ?? b.idToken)!);
