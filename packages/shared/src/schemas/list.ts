import { z } from 'zod';
import { wholeNumber } from './integer.js';

/** The one list contract: `?page=1&size=8&sort=nom,asc&q=…` in, `{ items, total, page, size }` out. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 200;

export const listQuerySchema = z.object({
  page: wholeNumber('La page doit être un nombre entier.')
    .pipe(z.number().int('La page doit être un nombre entier.').min(1, 'La page commence à 1.'))
    .default(DEFAULT_PAGE),
  size: wholeNumber('La taille de page doit être un nombre entier.')
    .pipe(
      z
        .number()
        .int('La taille de page doit être un nombre entier.')
        .min(1, 'La taille de page doit être au moins 1.')
        .max(MAX_PAGE_SIZE, `La taille de page ne peut pas dépasser ${MAX_PAGE_SIZE}.`),
    )
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^[a-zA-Z_]+,(asc|desc)$/, 'Le tri doit avoir la forme « champ,asc » ou « champ,desc ».')
    .optional(),
  q: z.string().trim().max(200, 'La recherche ne peut pas dépasser 200 caractères.').optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}
