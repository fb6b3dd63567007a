import { AUTH_MESSAGES } from '../shared/validation.ts';

/** The server's rule for a new password (its message is the same as ours). */
export const PASSWORD_MIN_LENGTH = 8;

export const ACCOUNT_MESSAGES = {
  fillAll: 'Please fill all the details',
  mismatch: AUTH_MESSAGES.mismatch,
  badImage: 'Please select a valid JPG or PNG image file.',
  uploaded: 'Images Uploaded!',
  updated: 'user updated',
  passwordChanged: 'Your password has been changed',
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters`,
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
} as const;

/**
 * Accepted avatar types: jpeg, jpg, png, webp (anything else: "Please select a valid JPG or PNG
 * image file").
 */
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** By the browser's type, or by the extension when the browser gives none. */
export function isAcceptedImage(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type ? IMAGE_TYPES.includes(file.type.toLowerCase()) : IMAGE_EXTENSIONS.test(file.name);
}

/** Profile save: name, e-mail, phone and at least one image. */
export function profileProblem(form: { name: string; email: string; phone: string; images: readonly string[] }): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.phone.trim() || form.images.length === 0) return ACCOUNT_MESSAGES.fillAll;
  return null;
}

/** Password change: all three fields, then the confirmation must match, then the length rule. */
export function passwordChangeProblem(form: { oldPassword: string; newPassword: string; confirmPassword: string }): string | null {
  if (!form.oldPassword.trim() || !form.newPassword.trim() || !form.confirmPassword.trim()) return ACCOUNT_MESSAGES.fillAll;
  if (form.newPassword !== form.confirmPassword) return ACCOUNT_MESSAGES.mismatch;
  if (form.newPassword.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordShort;
  return null;
}
