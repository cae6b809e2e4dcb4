import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { TEST_JWT_SECRET } from './test-app.js';

export { decodeJwt, decodeProtectedHeader };

export interface ForgeOptions {
  sub: string;
  username: string;
  roles: string[];
  sv?: number;
  typ?: string;
  /** Seconds since the epoch; default: in 10 minutes. */
  exp?: number;
  iat?: number;
  secret?: string;
  issuer?: string;
  audience?: string;
}

/** Signs an access-token-shaped JWT (HS256) as the server would, with any claim overridden. */
export function forgeToken(o: ForgeOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    username: o.username,
    roles: o.roles,
    sv: o.sv ?? 0,
    typ: o.typ ?? 'access',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(o.sub)
    .setIssuer(o.issuer ?? 'comptoir')
    .setAudience(o.audience ?? 'comptoir-api')
    .setIssuedAt(o.iat ?? now)
    .setExpirationTime(o.exp ?? now + 600)
    .sign(new TextEncoder().encode(o.secret ?? TEST_JWT_SECRET));
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token (`alg: none`) carrying otherwise valid claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}
