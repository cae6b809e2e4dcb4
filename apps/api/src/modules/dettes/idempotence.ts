import { createHash } from 'node:crypto';

/**
 * Idempotent documents (returns, repayments): the client's key is unique per shop, and the
 * `empreinte` (sha-256 of the canonical request, key left out) tells a retry of the same request
 * from another request reusing the key.
 */

/** JSON with object keys sorted at every level, so that the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function empreinteOf(request: Record<string, unknown>): string {
  const { cleIdempotence: _key, ...rest } = request;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

/** A unique index refused the row (SQLite or PostgreSQL): a concurrent duplicate. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
