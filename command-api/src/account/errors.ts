import { DomainError, type Refusal } from '../shared/decider.ts';

/**
 * An account rule said no. Routes turn it into their own reply shape (`{ status: "FAILED", msg }`,
 * `{ error: true, msg }`, `{ success: false, message }`, see reply-shapes.ts); a rate limit says
 * how long to wait (`retryAfterSeconds`, a Retry-After header there).
 */
export class AccountError extends DomainError {
  constructor(
    reason: Refusal,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(reason, message);
    this.name = 'AccountError';
  }
}

/**
 * Messages of the original API, word for word (its clients match on them), and the few this server
 * adds.
 */
export const MSG = {
  emailTaken: 'User already exist with this email!',
  userNotFound: 'User not found',
  signInUserNotFound: 'User not found!',
  wrongPassword: 'Invalid credentials',
  notVerified: 'Your account is not verified yet. Please verify your e-mail with the code we send you.',
  alreadyVerified: 'Your account is already verified. Please sign in.',
  googleOnly: 'This account signs in with Google. Use Sign in with Google, or Forgot Password to set a password.',
  invalidOtp: 'Invalid OTP',
  otpExpired: 'OTP expired',
  otpLocked: 'Too many wrong tries. Please request a new OTP.',
  resetNotAllowed: 'Please verify the code sent to your e-mail before choosing a new password.',
  resetExpired: 'Your code was verified too long ago. Please request a new one.',
  currentPasswordWrong: 'Your current password is wrong',
  passwordWrong: 'The password is wrong',
  passwordChangedMeanwhile: 'Your password was changed meanwhile. Please try again.',
  emailReadOnly: 'The e-mail address can not be changed',
  unknownImages: 'Please upload the images before saving them to your profile',
  uploadQuota: 'You have uploaded as many images as you can keep. Please delete your uploaded images before uploading more.',
  googleLinkedElsewhere: 'This e-mail is linked to a different Google account',
  mailFailed: 'We could not send the e-mail. Please try again later.',
} as const;
