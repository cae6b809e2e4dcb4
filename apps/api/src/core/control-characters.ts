import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@comptoir/shared';
import { validationError } from './errors.js';

/**
 * Texts with a NUL character (U+0000) are refused before any handler runs: PostgreSQL cannot
 * store them and SQLite would keep a name nobody can type. Same answer on both databases: 400
 * naming the field.
 */
function findNul(value: unknown, path: string, out: FieldError[], depth = 0): void {
  if (out.length >= 20 || depth > 20) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      out.push({
        field: path || 'corps',
        message: 'Ce texte contient un caractère nul, interdit.',
      });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findNul(item, path ? `${path}.${i}` : String(i), out, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      findNul(item, path ? `${path}.${key}` : key, out, depth + 1);
  }
}

export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = [];
    findNul(request.params, '', errors);
    findNul(request.query, '', errors);
    findNul(request.body, '', errors);
    if (errors.length)
      throw validationError(errors, 'Un texte envoyé contient un caractère nul, interdit.');
  });
}
