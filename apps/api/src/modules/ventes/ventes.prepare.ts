import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  calculerVente,
  montantsHorsBornes,
  formatMoney,
  isWholeQuantity,
  prixSelonType,
  type PrixUtilise,
  type VenteData,
} from '@comptoir/shared';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { writeVente, type PreparedVente, type VenteCaisseOptions } from './ventes.write.js';

type Service = Selectable<ServicesTable>;

/**
 * A line whose price a document fixed (a converted quote: the quoted price, VAT rate and name,
 * not the product's current ones). Without a product it is a service: no stock, no return.
 */
export interface LigneFixee {
  produitId: number | null;
  nom: string;
  reference: string | null;
  uniteSymbole: string;
  prixUnitaire: number;
  tauxTva: number;
}

/** A sale to record: a cart (VenteData), or a document's lines, some without a product. */
export type VenteACreer = Omit<VenteData, 'lignes'> & {
  lignes: Array<Omit<VenteData['lignes'][number], 'produitId'> & { produitId: number | null }>;
};

/**
 * Checks the cart against the shop's rows and computes it; returns the writing of the sale.
 * `fixees` (aligned with the lines) gives the lines whose price a document fixed.
 */
export async function prepareVente(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  input: VenteACreer,
  empreinte: string,
  now: Date,
  fixees?: readonly LigneFixee[],
  horsLigne?: VenteCaisseOptions,
): Promise<(trx: Transaction<DB>) => Promise<number>> {
  const typeVente = await db
    .selectFrom('types_ventes')
    .selectAll()
    .where('id', '=', input.typeVenteId)
    .executeTakeFirst();
  if (!typeVente)
    throw validationError([{ field: 'typeVenteId', message: "Ce type de vente n'existe pas." }]);
  if (typeVente.actif !== 1)
    throw businessRule(`Le type de vente « ${typeVente.nom} » n'est plus proposé.`);

  const client =
    input.clientId === null
      ? null
      : await db
          .selectFrom('clients')
          .selectAll()
          .where('id', '=', input.clientId)
          .where('service_id', '=', service.id)
          .executeTakeFirst();
  if (input.clientId !== null && !client) throw notFound('Client introuvable.');

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
          'p.code_barres',
          'p.prix_vente',
          'p.prix_gros',
          'p.prix_achat',
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
  for (const l of input.lignes) {
    if (l.produitId === null) continue;
    const p = byId.get(l.produitId)!;
    if (p.actif !== 1 && !horsLigne)
      throw businessRule(`Le produit « ${p.nom} » est désactivé : il ne peut pas être vendu.`);
    if (p.fractionnable !== 1 && !isWholeQuantity(l.quantite))
      throw businessRule(
        `L'unité « ${p.unite_nom} » de « ${p.nom} » ne se fractionne pas : la quantité doit être un nombre entier.`,
      );
  }

  const prixOf = (p: (typeof produits)[number]) =>
    prixSelonType(
      {
        prixVente: Number(p.prix_vente),
        prixGros: p.prix_gros === null ? null : Number(p.prix_gros),
      },
      typeVente.prix_utilise as PrixUtilise,
    );
  const lignes = input.lignes.map((l, i) => {
    const fixee = fixees?.[i];
    const p = l.produitId === null ? null : byId.get(l.produitId)!;
    const ligne = {
      id: p?.id ?? null,
      nom: fixee?.nom ?? p!.nom,
      reference: fixee ? fixee.reference : p!.reference,
      code_barres: p?.code_barres ?? null,
      symbole: fixee?.uniteSymbole ?? p!.symbole,
      prix_achat: p ? Number(p.prix_achat) : 0,
      prix: fixee?.prixUnitaire ?? prixOf(p!),
    };
    return { ligne, tauxTva: fixee?.tauxTva ?? p!.taux_tva };
  });
  const calcul = calculerVente(
    input.lignes.map((l, i) => ({
      prixUnitaire: lignes[i]!.ligne.prix,
      quantite: l.quantite,
      tauxTva: lignes[i]!.tauxTva,
      remise: l.remise ?? null,
    })),
    input.remiseGlobale ?? null,
    { assujettiTva: service.assujetti_tva === 1, prixTtc: service.prix_ttc === 1 },
  );
  const horsBornes = montantsHorsBornes(calcul);
  if (horsBornes) throw businessRule(horsBornes);
  const money = (v: number) => formatMoney(v, service.devise);
  const paye = input.paiements.reduce((a, p) => a + p.montant, 0);
  if (paye > calcul.totalTtc)
    throw businessRule(
      `Les paiements (${money(paye)}) dépassent le total de la vente (${money(calcul.totalTtc)}).`,
    );
  // The debt's amount: what the payments leave; the customer's credit (`avoir`) pays part of it.
  const reste = calcul.totalTtc - paye;
  const avoir = input.avoir ?? 0;
  if (avoir > 0 && !client) throw businessRule("L'avoir utilisé exige un client.");
  if (avoir > reste)
    throw businessRule(
      `L'avoir utilisé (${money(avoir)}) dépasse ce qui reste à payer après les paiements (${money(reste)}).`,
    );
  const du = reste - avoir;
  if (du > 0 && !client) throw businessRule(`Le reste à payer (${money(du)}) exige un client.`);
  if (du > 0 && !input.echeance)
    throw businessRule(`Le reste à payer (${money(du)}) exige une date d'échéance.`);
  if (du > 0 && input.echeance! < shopToday(service, now))
    throw businessRule("La date d'échéance ne peut pas être passée.");
  const rendus = input.paiements.map((p) =>
    p.mode === 'especes' && p.recu !== null ? p.recu - p.montant : 0,
  );
  const prepared: PreparedVente = {
    userId,
    service,
    input,
    empreinte,
    typeVenteId: typeVente.id,
    client: client ?? null,
    produits: lignes.map((l) => l.ligne),
    calcul,
    paye,
    reste,
    avoir,
    rendus,
    money,
    now,
    horsLigne,
  };
  return (trx) => writeVente(trx, prepared);
}
