import type { AccessClaims } from '@comptoir/shared';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['sub'] === 'string' &&
    typeof v['username'] === 'string' &&
    Array.isArray(v['roles']) &&
    v['roles'].every((r) => typeof r === 'string')
  );
}

/**
 * Reads the claims of an access token without verifying it (the server does). On a malformed
 * token, logs 'Invalid token' and returns null: no user data.
 */
export function decodeToken(token: string | null | undefined): AccessClaims | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) throw new Error('no payload');
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (!isClaims(claims)) throw new Error('bad claims');
    return claims;
  } catch {
    console.error('Invalid token');
    return null;
  }
}
