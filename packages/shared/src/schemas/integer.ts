import { z } from 'zod';

/**
 * Whole numbers read strictly, in a path, a query string or a body: a JSON integer, or a text of
 * digits written canonically (« 3 », not « 03 », « 3.0 », « 0x3 », « 3 » with spaces). An array, a
 * boolean or any other text is refused, where `z.coerce` took `[3]`, `true` or `" 3"` for a number.
 */
const CANONICAL = /^(?:0|[1-9]\d{0,15})$/;

/** Largest id: the `integer` columns of PostgreSQL stop at 2^31 − 1. */
export const MAX_ID = 2_147_483_647;

/**
 * A JSON number or a canonical text of digits, as a number; `message` for anything else. Chain
 * `.pipe(z.number()…)` for the bounds.
 */
export function wholeNumber(message: string) {
  return z.union(
    [z.number({ error: message }), z.string().regex(CANONICAL, message).transform(Number)],
    { error: message },
  );
}

/** A positive integer id, in a path (text) or in a body (number). */
export function idOf(label: string) {
  const message = `L'identifiant ${label} doit être un nombre entier positif.`;
  return wholeNumber(message).pipe(
    z.number().int(message).positive(message).max(MAX_ID, `L'identifiant ${label} est trop grand.`),
  );
}
