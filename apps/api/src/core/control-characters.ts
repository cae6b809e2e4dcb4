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

/** Every character the rules above may concern (tab and line breaks too): a text without any is kept as it is. */
const CANDIDATE = /[\p{Cc}\p{Cf}]/u;

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

/**
 * The keys from the root down to the value being cleaned, pushed and popped as the walk goes (no
 * copy per value), joined into a field name only when a text is refused.
 */
type Path = string[];
const fieldOf = (path: Path) => path.join('.') || 'corps';

/**
 * The value with invisible formatting removed, refusals pushed to `out`. A value with nothing to
 * remove is returned as it is (the same object): a request without such a character, nearly all,
 * costs one test per text and no copy.
 */
function clean(value: unknown, path: Path, out: FieldError[], secret = false, depth = 0): unknown {
  if (out.length >= 20 || depth > 20) return value;
  if (typeof value === 'string') {
    if (!CANDIDATE.test(value)) return value;
    const text = secret ? value : value.replace(STRIPPED, '');
    const message = refusal(text, secret);
    if (message) out.push({ field: fieldOf(path), message });
    return text;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      path.push(String(i));
      const cleaned = clean(value[i], path, out, secret, depth + 1);
      path.pop();
      if (cleaned !== value[i]) (copy ??= [...value])[i] = cleaned;
    }
    return copy ?? value;
  }
  if (value && typeof value === 'object' && isData(value)) {
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      path.push(key);
      const cleaned = clean(record[key], path, out, SECRETS.has(key), depth + 1);
      path.pop();
      if (cleaned !== record[key]) (copy ??= { ...record })[key] = cleaned;
    }
    return copy ?? value;
  }
  return value;
}

/** A callback hook, not an async one: it runs on every request and has nothing to wait for. */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const errors: FieldError[] = [];
    request.params = clean(request.params, [], errors);
    request.query = clean(request.query, [], errors);
    request.body = clean(request.body, [], errors);
    if (errors.length)
      return done(validationError(errors, 'Un texte envoyé contient un caractère interdit.'));
    done();
  });
}
