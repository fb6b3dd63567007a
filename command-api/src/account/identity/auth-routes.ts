import type Router from '@koa/router';
import { isId } from '@shop/contracts';
import { HttpError, currentUser, optionalUser, requireUser, validate } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { ACCOUNTS_PROJECTION } from '../deps.ts';
import { clientOf, failureBody, invalid, replyAs } from '../reply-shapes.ts';
import {
  emailVerifyAckRequest,
  forgotRequest,
  resendRequest,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
  verifyCodeRequest,
} from '../requests.ts';

/**
 * Sign-up, sign-in (an unverified account is sent to verify), password reset and the one-time-code
 * flows. Unlike the original, no reply ever carries a code: codes travel by e-mail only.
 */
export function authRoutes(router: Router, deps: AccountRouteDeps): void {
  const { accounts } = deps;
  const settle = (position: bigint) => deps.awaitProjections(position, ACCOUNTS_PROJECTION);

  router.post('/user/signup', replyAs('failed'), async (ctx) => {
    // isAdmin from the body is ignored: nobody makes themselves an admin by signing up.
    const input = validate(signUpRequest, ctx.request.body ?? {}, invalid('failed'));
    const result = await accounts.signUp(input, clientOf(ctx));
    await settle(result.position);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: result.mailed
        ? 'Account created. We have sent a verification code to your e-mail.'
        : 'Account created, but the code e-mail could not be sent. Please use Resend OTP.',
    };
  });

  router.post('/user/signin', replyAs('error'), async (ctx) => {
    const { email, password } = validate(signInRequest, ctx.request.body ?? {}, invalid('error'));
    const { user, claims } = await accounts.signIn(email, password, clientOf(ctx));
    const token = deps.tokens.sign(claims);
    ctx.body = { user: deps.publicUrls.withImages(user), token, msg: 'User Login Successfully!' };
  });

  // Ends this token's session on the server (a stolen copy stops working too); the reply waits
  // until every route refuses the token.
  router.post('/user/signout', requireUser(deps.tokens), replyAs('error'), async (ctx) => {
    const result = await accounts.signOut(currentUser(ctx));
    await settle(result.position);
    ctx.body = { success: true, msg: 'You have been signed out.' };
  });

  router.post('/user/verifyAccount/resendOtp', optionalUser(deps.tokens), replyAs('otp'), async (ctx) => {
    const { email } = validate(resendRequest, ctx.request.body ?? {}, invalid('otp'));
    const result = await accounts.sendCode(email, 'verify', clientOf(ctx));
    await settle(result.position);
    // The account's id only to a client that proved it holds the account (its token): anyone
    // else learns nothing from the reply about which account has the e-mail.
    const proven = (ctx.state.user as { userId?: string } | undefined)?.userId === result.userId;
    ctx.body = { success: true, message: 'We have sent a new verification code to your e-mail.', ...(proven ? { existingUserId: result.userId } : {}) };
  });

  // The original stored a client-sent code here. Codes are the server's now; this only confirms.
  router.put('/user/verifyAccount/emailVerify/:id', replyAs('otp'), async (ctx) => {
    const id = ctx.params.id;
    if (!isId(id)) throw new HttpError(400, failureBody.otp('Invalid user id'));
    const { email } = validate(emailVerifyAckRequest, ctx.request.body ?? {}, invalid('otp'));
    await accounts.confirmPendingVerification(id, email, clientOf(ctx));
    ctx.body = { success: true, message: 'Please enter the code we sent to your e-mail.' };
  });

  router.post('/user/verifyemail', replyAs('otp'), async (ctx) => {
    const { otp, email } = validate(verifyCodeRequest, ctx.request.body ?? {}, invalid('otp'));
    const result = await accounts.verifyCode(email, otp, clientOf(ctx));
    await settle(result.position);
    // A verified reset code hands this client (only) the secret the new password needs.
    ctx.body = { success: true, message: 'OTP verified successfully', ...(result.resetToken ? { resetToken: result.resetToken } : {}) };
  });

  router.post('/user/forgotPassword', replyAs('failed'), async (ctx) => {
    const { email } = validate(forgotRequest, ctx.request.body ?? {}, invalid('failed'));
    const result = await accounts.sendCode(email, 'reset', clientOf(ctx));
    await settle(result.position);
    ctx.body = { success: true, status: 'SUCCESS', message: 'We have sent a code to your e-mail to reset your password.' };
  });

  // Needs the secret handed to the client that verified a reset code for this e-mail within the
  // last 10 minutes (`resetToken`); the e-mail alone is not enough, nor is another client's code.
  router.post('/user/forgotPassword/changePassword', replyAs('failed'), async (ctx) => {
    const { email, newPass, resetToken } = validate(resetPasswordRequest, ctx.request.body ?? {}, invalid('failed'));
    const result = await accounts.resetPassword(email, newPass, resetToken, clientOf(ctx));
    await settle(result.position);
    ctx.body = { success: true, status: 'SUCCESS', message: 'Your password has been changed. Please sign in.' };
  });
}
