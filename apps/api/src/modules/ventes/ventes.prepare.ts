import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  calculerVente,
  montantsHorsBornes,
  formatMoney,
  isWholeQuantity,
  prixSelonType,
  type PrixUtilise,
  type Vente,
  type VenteData,
} from '@comptoir/shared';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import { figee } from '../../db/figees.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { venteEcrite } from './ventes.reponse.js';
import type { PreparedVente, VenteCaisseOptions } from './ventes.types.js';
import { writeVente } from './ventes.write.js';

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

/** The sale already recorded under the cart's key (looked up with the shop's rows). */
export interface DejaEnregistree {
  deja: { id: number; empreinte: string | null };
}

/** The writing of a checked sale in a transaction: what it wrote, and its answer from that. */
export type EcritureVente = (
  trx: Transaction<DB>,
  /** PostgreSQL: nothing follows the sale in its transaction (writeVente's `derniere`). */
  derniere?: boolean,
) => Promise<{ id: number; reponse: () => Vente }>;

/** The statement of prepareVente, built once per shape of its values (db/figees.ts). */
const lecture = figee(
  (
    db: Kysely<DB>,
    serviceId: number,
    cle: string,
    typeVenteId: number,
    userId: number,
    clientId: number | null,
    ids: number[],
  ) =>
    db
      .selectFrom('services as s')
      .leftJoin('ventes as dv', (j) =>
        j.onRef('dv.service_id', '=', 's.id').on('dv.cle_idempotence', '=', cle),
      )
      .leftJoin('types_ventes as t', (j) => j.on('t.id', '=', typeVenteId))
      .leftJoin('users as us', (j) => j.on('us.id', '=', userId))
      .leftJoin('clients as c', (j) =>
        j.on('c.id', '=', clientId).onRef('c.service_id', '=', 's.id'),
      )
      .leftJoin(
        (eb) =>
          eb
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
            .where('p.service_id', '=', serviceId)
            .where('p.id', 'in', ids)
            .as('p'),
        (j) => j.onTrue(),
      )
      .select([
        'dv.id as deja_id',
        'dv.empreinte as deja_empreinte',
        't.id as type_id',
        't.nom as type_nom',
        't.actif as type_actif',
        't.prix_utilise',
        'us.prenom as vendeur_prenom',
        'us.nom as vendeur_nom',
        'c.id as client_id',
        'c.nom as client_nom',
        'c.telephone as client_telephone',
        'c.plafond_credit',
      ])
      .selectAll('p')
      .where('s.id', '=', serviceId),
);

/**
 * Checks the cart against the shop's rows and computes it; returns the writing of the sale, or
 * the sale already recorded under its key (checked before anything else, as a replay is).
 * One statement reads the key's sale, the sale type, the seller, the customer and the products.
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
): Promise<EcritureVente | DejaEnregistree> {
  const ids = [
    ...new Set(input.lignes.flatMap((l) => (l.produitId === null ? [] : [l.produitId]))),
  ];
  // Every join is optional: the shop's row is always there, the others are checked below.
  const rows = await lecture(
    db,
    service.id,
    input.cleIdempotence,
    input.typeVenteId,
    userId,
    input.clientId ?? null,
    ids.length ? ids : [0],
  );
  const head = rows[0]!;
  if (head.deja_id !== null) return { deja: { id: head.deja_id, empreinte: head.deja_empreinte } };
  if (head.type_id === null)
    throw validationError([{ field: 'typeVenteId', message: "Ce type de vente n'existe pas." }]);
  const typeVente = { id: head.type_id, prix_utilise: head.prix_utilise! };
  if (head.type_actif !== 1)
    throw businessRule(`Le type de vente « ${head.type_nom} » n'est plus proposé.`);
  const client =
    head.client_id === null
      ? null
      : {
          id: head.client_id,
          nom: head.client_nom!,
          telephone: head.client_telephone,
          plafond_credit: head.plafond_credit,
        };
  if (input.clientId !== null && !client) throw notFound('Client introuvable.');

  // The columns of a product found are set (left join): only `id` tells it is there.
  const produits = rows.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            ...r,
            id: r.id,
            nom: r.nom!,
            symbole: r.symbole!,
            unite_nom: r.unite_nom!,
            prix_vente: r.prix_vente!,
            prix_achat: r.prix_achat!,
            taux_tva: r.taux_tva!,
          },
        ],
  );
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
      fractionnable: p?.fractionnable ?? null,
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
    typeNom: head.type_nom!,
    vendeur: { prenom: head.vendeur_prenom!, nom: head.vendeur_nom! },
    client,
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
  return async (trx, derniere) => {
    const ecrite = await writeVente(trx, prepared, derniere);
    return { id: ecrite.vente.id, reponse: () => venteEcrite(prepared, ecrite) };
  };
}
