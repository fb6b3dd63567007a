import { shopApi } from './shopApi.ts';
import type { FlaggedReply, User } from './types.ts';

/** `POST /api/user/signin` and `/authWithGoogle`: a user and token, or `{ error: true, msg, isVerify? }`. */
export interface SignInReply extends FlaggedReply {
  user?: User;
  token?: string;
  isVerify?: boolean;
}

export interface SignUpBody {
  name: string;
  email: string;
  phone: string;
  password: string;
  isAdmin: false;
}

/** `POST /api/user/verifyAccount/resendOtp`: never the code itself (it goes by e-mail only). */
/** `POST /api/user/verifyemail`: a verified reset code also hands this client the reset's one-use secret. */
export interface VerifyReply extends FlaggedReply {
  resetToken?: string;
}

export interface ResendReply extends FlaggedReply {
  existingUserId?: string;
}

export interface PublicConfig {
  googleClientId: string | null;
}

export interface ProfileBody {
  id: string;
  name: string;
  email: string;
  phone: string;
  images: string[];
}

/** `GET /api/user/:id/export`: what the shop holds about the person, summed up and as its raw records. */
export interface PersonalDataCopy {
  userId: string;
  exportedAt: string;
  /** Profile, addresses, orders, reviews and consents; `inWords` says the same in plain sentences. */
  summary?: { inWords: string[] } & Record<string, unknown>;
  events: { type: string; stream: string; recordedAt: string; data: Record<string, unknown> }[];
}

export interface ChangePasswordBody extends ProfileBody {
  password: string;
  newPass: string;
  confirmPass: string;
}

/** Account calls of part 2 (sign-in, sign-up, codes, profile, avatar upload, Google). */
export const accountApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => '/config/public',
      keepUnusedDataFor: 3600,
    }),
    signIn: build.mutation<SignInReply, { email: string; password: string }>({
      query: (body) => ({ url: '/user/signin', method: 'POST', body }),
    }),
    signInWithGoogle: build.mutation<SignInReply, { credential?: string }>({
      query: (body) => ({ url: '/user/authWithGoogle', method: 'POST', body }),
    }),
    /** Ends this token's session on the server, so a copy of it stops working too. */
    signOut: build.mutation<FlaggedReply, void>({
      query: () => ({ url: '/user/signout', method: 'POST' }),
    }),
    signUp: build.mutation<FlaggedReply, SignUpBody>({
      query: (body) => ({ url: '/user/signup', method: 'POST', body }),
    }),
    resendOtp: build.mutation<ResendReply, { email: string }>({
      query: (body) => ({ url: '/user/verifyAccount/resendOtp', method: 'POST', body }),
    }),
    confirmEmailVerify: build.mutation<FlaggedReply, { id: string; email: string }>({
      query: ({ id, email }) => ({ url: `/user/verifyAccount/emailVerify/${encodeURIComponent(id)}`, method: 'PUT', body: { email } }),
    }),
    forgotPassword: build.mutation<FlaggedReply, { email: string }>({
      query: (body) => ({ url: '/user/forgotPassword', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<VerifyReply, { otp: string; email: string }>({
      query: (body) => ({ url: '/user/verifyemail', method: 'POST', body }),
    }),
    resetPassword: build.mutation<FlaggedReply, { email: string; newPass: string; confirmPass: string; resetToken: string }>({
      query: (body) => ({ url: '/user/forgotPassword/changePassword', method: 'POST', body }),
    }),
    saveProfile: build.mutation<User, ProfileBody>({
      query: ({ id, ...body }) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_reply, error, { id }) => (error ? [] : [{ type: 'User', id }]),
    }),
    changePassword: build.mutation<User & FlaggedReply, ChangePasswordBody>({
      query: ({ id, ...body }) => ({ url: `/user/changePassword/${encodeURIComponent(id)}`, method: 'PUT', body }),
    }),
    /** Forgets the account for good: its password confirms it is the person. */
    deleteAccount: build.mutation<{ id: string; forgotten: true } & FlaggedReply, { id: string; password: string }>({
      query: ({ id, password }) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'DELETE', body: { password } }),
    }),
    /** A mutation, not a query: each copy is counted against the person's budget (one a minute), never cached. */
    exportMyData: build.mutation<PersonalDataCopy, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}/export` }),
    }),
    uploadImages: build.mutation<string[], FormData>({
      query: (body) => ({ url: '/user/upload', method: 'POST', body }),
    }),
    deleteAllImages: build.mutation<FlaggedReply, void>({
      query: () => ({ url: '/imageUpload/deleteAllImages', method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetPublicConfigQuery,
  useSignInMutation,
  useSignInWithGoogleMutation,
  useSignOutMutation,
  useSignUpMutation,
  useResendOtpMutation,
  useConfirmEmailVerifyMutation,
  useForgotPasswordMutation,
  useVerifyEmailMutation,
  useResetPasswordMutation,
  useSaveProfileMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useExportMyDataMutation,
  useUploadImagesMutation,
  useDeleteAllImagesMutation,
} = accountApi;
