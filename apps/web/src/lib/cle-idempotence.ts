/**
 * A client-made idempotency key (32 hex digits) for one submission of a document: retried with the
 * same key, the server answers the first result instead of recording a second one.
 * `crypto.getRandomValues` works over plain HTTP too (unlike `randomUUID`, secure contexts only).
 */
export function newCleIdempotence(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
