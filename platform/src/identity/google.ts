import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

/** What a verified Google ID token vouches for. */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`). */
  subject: string;
  /** Lower-cased; Google said the address is verified. */
  email: string;
  name: string;
  picture: string | null;
}

/** The Google sign-in port: an ID token in, a verified identity out (or GoogleTokenError). */
export interface GoogleIdentityVerifier {
  verify(idToken: string): Promise<GoogleIdentity>;
}

export class GoogleTokenError extends Error {
  override name = 'GoogleTokenError';
}

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/**
 * Checks an ID token the way Google documents: RS256 signature by one of Google's published keys
 * (fetched from the JWKS URL and cached by jose), our client id as audience, Google as issuer,
 * not expired, and a verified e-mail. The browser's own claims about name and e-mail are never
 * used; only the token's.
 */
export class JoseGoogleVerifier implements GoogleIdentityVerifier {
  private readonly keys;

  constructor(
    private readonly clientId: string,
    jwksUrl: string = GOOGLE_JWKS_URL,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) throw new GoogleTokenError(`Google token refused: ${error.code}`);
      throw error;
    }
    const { sub, email, email_verified: emailVerified, name, picture } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string') throw new GoogleTokenError('Google token has no account or e-mail');
    if (emailVerified !== true && emailVerified !== 'true') throw new GoogleTokenError('Google has not verified this e-mail');
    return {
      subject: sub,
      email: email.trim().toLowerCase(),
      name: typeof name === 'string' && name.trim() ? name.trim() : email.split('@')[0]!,
      picture: typeof picture === 'string' && /^https:\/\//.test(picture) ? picture : null,
    };
  }
}
