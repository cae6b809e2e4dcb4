import type { Kysely, Selectable } from 'kysely';
import {
  calculerVente,
  isWholeQuantity,
  montantsHorsBornes,
  prixSelonType,
  type DevisUpdateData,
  type PrixUtilise,
  type VenteCalculee,
} from '@comptoir/shared';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import type { DB, DevisLignesTable, ServicesTable } from '../../db/schema.js';

type Service = Selectable<ServicesTable>;

/** The content of a quote checked against the shop's rows and computed, ready to be written. */
export interface PreparedDevis {
  input: DevisUpdateData;
  calcul: VenteCalculee;
  /** The lines' columns (without ids and figures: see ligneRows). */
  lignes: Array<
    Pick<
      DevisLignesTable,
      'produit_id' | 'designation' | 'reference' | 'unite_symbole' | 'prix_unitaire' | 'taux_tva'
    >
  >;
}

/**
 * Checks a quote's content: the shop's customer, an offered sale type, the shop's active products
 * in valid quantities; free-text lines keep their own price and rate. Figures by calculerVente,
 * the sale computation, at the sale type's price: the sale a conversion makes has the same ones.
 */
export async function prepareDevis(
  db: Kysely<DB>,
  service: Service,
  input: DevisUpdateData,
): Promise<PreparedDevis> {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', input.clientId)
    .where('service_id', '=', service.id)
    .executeTakeFirst();
  if (!client) throw notFound('Client introuvable.');
  const typeVente = await db
    .selectFrom('types_ventes')
    .selectAll()
    .where('id', '=', input.typeVenteId)
    .executeTakeFirst();
  if (!typeVente)
    throw validationError([{ field: 'typeVenteId', message: "Ce type de vente n'existe pas." }]);
  if (typeVente.actif !== 1)
    throw businessRule(`Le type de vente « ${typeVente.nom} » n'est plus proposé.`);

  const ids = [
    ...new Set(input.lignes.flatMap((l) => (l.produitId === null ? [] : [l.produitId]))),
  ];
  const produits = !ids.length
    ? []
    : await db
        .selectFrom('produits as p')
        .innerJoin('unites as u', 'u.id', 'p.unite_id')
        .select([
          'p.id',
          'p.nom',
          'p.reference',
          'p.prix_vente',
          'p.prix_gros',
          'p.taux_tva',
          'p.actif',
          'u.symbole',
          'u.nom as unite_nom',
          'u.fractionnable',
        ])
        .where('p.service_id', '=', service.id)
        .where('p.id', 'in', ids)
        .execute();
  const byId = new Map(produits.map((p) => [p.id, p]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Produit introuvable (identifiant ${missing}).`);

  const lignes = input.lignes.map((l) => {
    if (l.produitId === null)
      return {
        produit_id: null,
        designation: l.designation!,
        reference: null,
        unite_symbole: l.uniteSymbole ?? 'forfait',
        prix_unitaire: l.prixUnitaire!,
        taux_tva: l.tauxTva!,
      };
    const p = byId.get(l.produitId)!;
    if (p.actif !== 1)
      throw businessRule(`Le produit « ${p.nom} » est désactivé : il ne peut pas être proposé.`);
    if (p.fractionnable !== 1 && !isWholeQuantity(l.quantite))
      throw businessRule(
        `L'unité « ${p.unite_nom} » de « ${p.nom} » ne se fractionne pas : la quantité doit être un nombre entier.`,
      );
    const prix = {
      prixVente: Number(p.prix_vente),
      prixGros: p.prix_gros === null ? null : Number(p.prix_gros),
    };
    return {
      produit_id: p.id,
      designation: p.nom,
      reference: p.reference,
      unite_symbole: p.symbole,
      prix_unitaire: prixSelonType(prix, typeVente.prix_utilise as PrixUtilise),
      taux_tva: p.taux_tva,
    };
  });
  const calcul = calculerVente(
    lignes.map((l, i) => ({
      prixUnitaire: l.prix_unitaire,
      quantite: input.lignes[i]!.quantite,
      tauxTva: l.taux_tva,
      remise: input.lignes[i]!.remise ?? null,
    })),
    input.remiseGlobale ?? null,
    { assujettiTva: service.assujetti_tva === 1, prixTtc: service.prix_ttc === 1 },
  );
  const horsBornes = montantsHorsBornes(calcul);
  if (horsBornes) throw businessRule(horsBornes);
  return { input, calcul, lignes };
}

/** The quote's totals columns. */
export const totauxColumns = ({ input, calcul }: PreparedDevis) => ({
  client_id: input.clientId,
  type_vente_id: input.typeVenteId,
  date_validite: input.dateValidite,
  remise_type: input.remiseGlobale?.type ?? null,
  remise_valeur: input.remiseGlobale?.valeur ?? null,
  total_brut: calcul.totalBrut,
  total_remises: calcul.totalRemises,
  remise_globale: calcul.remiseGlobale,
  total_ht: calcul.totalHt,
  total_tva: calcul.totalTva,
  total_ttc: calcul.totalTtc,
  note: input.note,
  conditions: input.conditions,
});

/** The rows of the quote's lines. */
export const ligneRows = (p: PreparedDevis, serviceId: number, devisId: number) =>
  p.lignes.map((l, i) => {
    const c = p.calcul.lignes[i]!;
    const saisie = p.input.lignes[i]!;
    return {
      ...l,
      service_id: serviceId,
      devis_id: devisId,
      position: i + 1,
      quantite: saisie.quantite,
      taux_tva: c.tauxTva,
      remise_type: saisie.remise?.type ?? null,
      remise_valeur: saisie.remise?.valeur ?? null,
      montant_brut: c.montantBrut,
      remise_ligne: c.remiseLigne,
      remise_globale: c.remiseGlobale,
      montant_ht: c.montantHt,
      montant_tva: c.montantTva,
      montant_ttc: c.montantTtc,
    };
  });
