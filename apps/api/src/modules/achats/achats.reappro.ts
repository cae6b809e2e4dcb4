import { sql, type Selectable } from 'kysely';
import type { Achat, ReapprovisionnementData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule } from '../../core/errors.js';
import type { ServicesTable } from '../../db/schema.js';
import { createAchat } from './achats.draft.js';

type Service = Selectable<ServicesTable>;

/**
 * Low-stock help: one draft purchase for a supplier with every active product at or under its
 * alert threshold (threshold above zero), quantity = threshold − stock on hand (nothing under zero
 * counts) + the chosen cover, rounded up to whole units for a unit that does not split, at the
 * product's last cost (its CUMP). A draft like any other: edited, validated or deleted after.
 */
export async function reapprovisionner(
  ctx: AppContext,
  service: Service,
  userId: number,
  input: ReapprovisionnementData,
): Promise<{ achat: Achat; replayed: boolean }> {
  const produits = await ctx.database.db
    .selectFrom('produits as p')
    .innerJoin('unites as u', 'u.id', 'p.unite_id')
    .select(['p.id', 'p.quantite', 'p.seuil_alerte', 'p.prix_achat', 'u.fractionnable'])
    .where('p.service_id', '=', service.id)
    .where('p.actif', '=', 1)
    .where('p.seuil_alerte', '>', 0)
    .where(sql<boolean>`p.quantite <= p.seuil_alerte`)
    .orderBy('p.nom_tri')
    .orderBy('p.id')
    .limit(500)
    .execute();
  const lignes = produits.flatMap((p) => {
    const manque = Number(p.seuil_alerte) - Math.max(0, Number(p.quantite)) + input.couverture;
    const quantite = p.fractionnable === 1 ? manque : Math.ceil(manque / 1000) * 1000;
    return quantite > 0
      ? [{ produitId: p.id, nouveauProduit: null, quantite, prixUnitaire: Number(p.prix_achat) }]
      : [];
  });
  if (lignes.length === 0) throw businessRule("Aucun produit n'est sous son seuil d'alerte.");
  return createAchat(ctx, service, userId, {
    cleIdempotence: input.cleIdempotence,
    fournisseurId: input.fournisseurId,
    date: input.date,
    referenceFournisseur: null,
    echeance: null,
    frais: { transport: 0, douane: 0, manutention: 0 },
    lignes,
    note: 'Réapprovisionnement des produits sous leur seuil d’alerte',
  });
}
