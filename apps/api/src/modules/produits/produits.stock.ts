import type { Selectable } from 'kysely';
import {
  isWholeQuantity,
  type AjustementData,
  type Mouvement,
  type MouvementListQuery,
  type Page,
  type Produit,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { validationError } from '../../core/errors.js';
import type { ServicesTable } from '../../db/schema.js';
import { applyMovement } from '../stock/stock.service.js';
import { toMouvement } from './produits.mapper.js';
import { findMouvementPage } from './produits.repository.js';
import { getProduit } from './produits.service.js';

type Service = Selectable<ServicesTable>;

export async function listMouvements(
  ctx: AppContext,
  serviceId: number,
  id: number,
  query: MouvementListQuery,
): Promise<Page<Mouvement>> {
  await getProduit(ctx, serviceId, id);
  const { items, total } = await findMouvementPage(ctx.database.db, id, query);
  return { items: items.map(toMouvement), total, page: query.page, size: query.size };
}

/** The owner's correction, with its reason, written to the ledger as an 'ajustement'. */
export async function adjustStock(
  ctx: AppContext,
  user: AuthUser,
  service: Service,
  id: number,
  input: AjustementData,
): Promise<Produit> {
  const produit = await getProduit(ctx, service.id, id);
  if (!produit.unite.fractionnable && !isWholeQuantity(input.quantite)) {
    throw validationError([
      {
        field: 'quantite',
        message: `L'unité « ${produit.unite.nom} » ne se fractionne pas : la quantité doit être un nombre entier.`,
      },
    ]);
  }
  await ctx.database.db.transaction().execute((trx) =>
    applyMovement(trx, {
      serviceId: service.id,
      produitId: id,
      quantite: input.quantite,
      type: 'ajustement',
      motif: input.motif,
      userId: user.id,
    }),
  );
  return getProduit(ctx, service.id, id);
}
