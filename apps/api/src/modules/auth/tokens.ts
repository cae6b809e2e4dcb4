import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config/env.js';
import { unauthenticated } from '../../core/errors.js';

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

/** Short-lived access token: claims sub, username (e-mail), roles (seed §3), algorithm pinned. */
export async function signAccessToken(config: Config, input: AccessTokenInput): Promise<string> {
  return new SignJWT({ username: input.email, roles: input.roles, sv: input.sessionVersion, typ: 'access' })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(input.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
    .sign(key(config.jwtSecret));
}

export interface VerifiedAccess {
  userId: number;
  sessionVersion: number;
}

export async function verifyAccessToken(config: Config, token: string): Promise<VerifiedAccess> {
  try {
    const { payload } = await jwtVerify(token, key(config.jwtSecret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'username', 'roles'],
    });
    const userId = Number(payload.sub);
    if (payload['typ'] !== 'access' || !Number.isSafeInteger(userId) || typeof payload['sv'] !== 'number') {
      throw unauthenticated('Jeton de session invalide.');
    }
    return { userId, sessionVersion: payload['sv'] };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw unauthenticated('Votre session a expiré.', 'TOKEN_EXPIRED');
    }
    throw unauthenticated('Jeton de session invalide.');
  }
}

/** Opaque random secret (refresh token, reset key): only its SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
