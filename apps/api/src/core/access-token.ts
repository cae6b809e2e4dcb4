/**
 * The access token (JWT HS256): signed by the auth module at sign-in and refresh, verified by
 * core/authenticate.ts on every call. Here, in core, because checking it is part of every route.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config/env.js';
import { unauthenticated } from './errors.js';
import { now } from '../db/time.js';

const ISSUER = 'comptoir';
const AUDIENCE = 'comptoir-api';
const ALGORITHM = 'HS256';

const keyCache = new Map<string, Uint8Array>();
function key(secret: string): Uint8Array {
  let k = keyCache.get(secret);
  if (!k) {
    k = new TextEncoder().encode(secret);
    keyCache.set(secret, k);
  }
  return k;
}

export interface AccessTokenInput {
  userId: number;
  email: string;
  roles: string[];
  sessionVersion: number;
}

/** Short-lived access token: claims sub, username (e-mail), roles, algorithm pinned. */
export async function signAccessToken(config: Config, input: AccessTokenInput): Promise<string> {
  const issuedAt = Math.floor(now().getTime() / 1000);
  return new SignJWT({
    username: input.email,
    roles: input.roles,
    sv: input.sessionVersion,
    typ: 'access',
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(input.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
    .sign(key(config.jwtSecret));
}

export interface VerifiedAccess {
  userId: number;
  sessionVersion: number;
}

/**
 * Tokens already verified, by secret and exact token text, with their expiry: a terminal presents
 * the same token on every call for its 15 minutes, and its signature cannot change. Expiry is still
 * checked on each call; the account (disabled, session version) is read by core/authenticate.ts.
 */
const verified = new Map<string, VerifiedAccess & { exp: number }>();
const VERIFIED_MAX = 10_000;

export async function verifyAccessToken(config: Config, token: string): Promise<VerifiedAccess> {
  const cacheKey = `${config.jwtSecret}\u0000${token}`;
  const known = verified.get(cacheKey);
  if (known) {
    // jose's rule, without tolerance: expired once exp <= now (seconds).
    if (known.exp <= Math.floor(now().getTime() / 1000)) {
      verified.delete(cacheKey);
      throw unauthenticated('Votre session a expiré.', 'TOKEN_EXPIRED');
    }
    return { userId: known.userId, sessionVersion: known.sessionVersion };
  }
  try {
    const { payload } = await jwtVerify(token, key(config.jwtSecret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'username', 'roles'],
      currentDate: now(),
    });
    const userId = Number(payload.sub);
    if (
      payload['typ'] !== 'access' ||
      !Number.isSafeInteger(userId) ||
      typeof payload['sv'] !== 'number'
    ) {
      throw unauthenticated('Jeton de session invalide.');
    }
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, { userId, sessionVersion: payload['sv'], exp: payload.exp! });
    return { userId, sessionVersion: payload['sv'] };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw unauthenticated('Votre session a expiré.', 'TOKEN_EXPIRED');
    }
    throw unauthenticated('Jeton de session invalide.');
  }
}
