import type { Kysely, Selectable } from 'kysely';
import { formatDate, type DepenseUpdate } from '@comptoir/shared';
import { businessRule } from '../../core/errors.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';

/**
 * The rules of an expense's content, on creation and edit: its category is one of the shop's
 * (422 otherwise, nothing written), and its day is not after the shop's today (money spent).
 */
export async function checkDepense(
  db: Kysely<DB>,
  shop: Selectable<ServicesTable>,
  input: DepenseUpdate,
): Promise<{ categorieNom: string }> {
  const categorie = await db
    .selectFrom('depense_categories')
    .select('nom')
    .where('id', '=', input.categorieId)
    .where('service_id', '=', shop.id)
    .executeTakeFirst();
  if (!categorie) throw businessRule("Cette catégorie de dépense n'existe pas dans la boutique.");
  const today = shopToday(shop);
  if (input.date > today)
    throw businessRule(
      `La date d'une dépense ne peut pas être après aujourd'hui (${formatDate(today, 'UTC')}).`,
    );
  return { categorieNom: categorie.nom };
}
