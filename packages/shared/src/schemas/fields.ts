import { z } from 'zod';
import { listQuerySchema } from './list.js';

/** Small building blocks shared by the request schemas: optional texts, ids, dates, list queries. */

/** A free text that may be left empty: trimmed, '' and null both become null. */
export function optionalText(max: number, label: string) {
  return z
    .union([
      z.string().trim().max(max, `${label} ne peut pas dépasser ${max} caractères.`),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null));
}

/** An optional field where '' and null both mean "none": the inner schema checks anything else. */
export function emptyToNull<S extends z.ZodType>(schema: S) {
  return z
    .preprocess((v) => (v === '' ? null : v), schema.nullable().optional())
    .transform((v) => (v ?? null) as z.output<S> | null);
}

/** A required name: trimmed, 1 to `max` characters. */
export function requiredText(max: number, label: string) {
  return z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} ne peut pas dépasser ${max} caractères.`);
}

export { idOf } from './integer.js';

/** A calendar date 'YYYY-MM-DD' that exists. */
export const isoDateSchema = z
  .string({ error: 'La date est obligatoire.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La date doit avoir la forme AAAA-MM-JJ.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "Cette date n'existe pas.");

/** `true`/`false` in a query string. */
export const booleanQuery = z
  .enum(['true', 'false'], { error: 'La valeur doit être « true » ou « false ».' })
  .transform((v) => v === 'true');

/** The list contract (page, size, q) with `sort` limited to the given fields. */
export function sortedListQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  const pattern = new RegExp(`^(${fields.join('|')}),(asc|desc)$`);
  return listQuerySchema.extend({
    sort: z
      .string()
      .regex(
        pattern,
        `Le tri doit avoir la forme « champ,asc » ou « champ,desc », champ parmi : ${fields.join(', ')}.`,
      )
      .optional(),
  });
}

/** Splits a validated `sort` value ("nom,asc") into field and direction. */
export function parseSort<F extends string>(
  sort: string | undefined,
  fallback: F,
): { field: F; direction: 'asc' | 'desc' } {
  if (!sort) return { field: fallback, direction: 'asc' };
  const [field, direction] = sort.split(',');
  return { field: field as F, direction: direction === 'desc' ? 'desc' : 'asc' };
}
