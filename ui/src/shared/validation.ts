/**
 * Client-side checks of the account forms, in the original's order and with its messages ("email
 * can not be blank!", "Please fill all the details", ...). Each returns the first problem's
 * message, or null when the form may be sent (the server checks again and its message is shown as
 * well).
 */
type Check = readonly [value: string, message: string];

export function firstProblem(checks: readonly Check[]): string | null {
  for (const [value, message] of checks) if (!value.trim()) return message;
  return null;
}

export const AUTH_MESSAGES = {
  emailBlank: 'email can not be blank!',
  passwordBlank: 'password can not be blank!',
  nameBlank: 'name can not be blank!',
  phoneBlank: 'phone can not be blank!',
  forgotEmail: 'Please enter your email',
  otpBlank: 'Please enter OTP',
  newPassword: 'Please enter new password',
  confirmPassword: 'Please confirm password',
  mismatch: 'Password and confirm password not match',
} as const;

export function signInProblem(form: { email: string; password: string }): string | null {
  return firstProblem([
    [form.email, AUTH_MESSAGES.emailBlank],
    [form.password, AUTH_MESSAGES.passwordBlank],
  ]);
}

/** Sign up checks name, email, phone, password, in that order (the form shows phone second). */
export function signUpProblem(form: { name: string; email: string; phone: string; password: string }): string | null {
  return firstProblem([
    [form.name, AUTH_MESSAGES.nameBlank],
    [form.email, AUTH_MESSAGES.emailBlank],
    [form.phone, AUTH_MESSAGES.phoneBlank],
    [form.password, AUTH_MESSAGES.passwordBlank],
  ]);
}

export function resetProblem(form: { newPass: string; confirmPass: string }): string | null {
  return (
    firstProblem([
      [form.newPass, AUTH_MESSAGES.newPassword],
      [form.confirmPass, AUTH_MESSAGES.confirmPassword],
    ]) ?? (form.newPass !== form.confirmPass ? AUTH_MESSAGES.mismatch : null)
  );
}

/** Digits, spaces and a leading + only (the phone fields are numeric inputs). */
export const phoneInput = (value: string) => value.replace(/[^\d+ ]/g, '').replace(/(?!^)\+/g, '');
