import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@comptoir/shared';
import { validationError } from './errors.js';

/**
 * The characters nobody can see or type, checked in every text sent (path, query, body) before any
 * handler runs, the same on both databases:
 * - invisible formatting (soft hyphen U+00AD, zero-width U+200B–U+200D, U+2060–U+2064, U+180E,
 *   byte-order mark U+FEFF) is removed: pasted from another program, it would make two names that
 *   look the same differ;
 * - every other control or format character is refused with a 400 naming the field: NUL (which
 *   PostgreSQL cannot store), the C0/C1 controls but tab and line breaks, and the bidirectional
 *   marks and overrides (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, U+061C) that make a name
 *   display reversed.
 * Secrets (passwords, tokens, keys) are never displayed: only NUL is refused there, nothing removed.
 */
const STRIPPED = /[\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/g;
const REFUSED = /(?![\t\n\r])[\p{Cc}\p{Cf}]/u;
const SECRETS = new Set([
  'password',
  'newPassword',
  'currentPassword',
  'refreshToken',
  'token',
  'key',
]);

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function refusal(text: string, secret: boolean): string | null {
  if (text.includes('\u0000')) return 'Ce texte contient un caractère nul, interdit.';
  if (secret) return null;
  const found = REFUSED.exec(text);
  return found
    ? `Ce texte contient un caractère de contrôle invisible (${codePoint(found[0])}), interdit.`
    : null;
}

/** Objects of data (JSON, query strings, path parameters), not a buffer or a stream. */
const isData = (value: object) =>
  !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/** The value with invisible formatting removed; refusals pushed to `out`. */
function clean(
  value: unknown,
  path: string,
  out: FieldError[],
  secret = false,
  depth = 0,
): unknown {
  if (out.length >= 20 || depth > 20) return value;
  if (typeof value === 'string') {
    const text = secret ? value : value.replace(STRIPPED, '');
    const message = refusal(text, secret);
    if (message) out.push({ field: path || 'corps', message });
    return text;
  }
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(value))
    return value.map((item, i) => clean(item, at(String(i)), out, secret, depth + 1));
  if (value && typeof value === 'object' && isData(value)) {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      clean(item, at(key), out, SECRETS.has(key), depth + 1),
    ]);
    return Object.fromEntries(entries);
  }
  return value;
}

export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = [];
    request.params = clean(request.params, '', errors);
    request.query = clean(request.query, '', errors);
    request.body = clean(request.body, '', errors);
    if (errors.length)
      throw validationError(errors, 'Un texte envoyé contient un caractère interdit.');
  });
}
