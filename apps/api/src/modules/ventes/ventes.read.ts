import type { Kysely, Selectable } from 'kysely';
import type { ModePaiement, Remise, Vente, VenteStatut } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import type {
  DettesTable,
  PaiementsTable,
  VenteLignesTable,
  VentesTable,
} from '../../db/schema/documents.js';
import { shopToday } from '../../db/time.js';
import { statutDette } from '../dettes/dettes.statut.js';

/** What reading a sale needs of its shop: id, currency, country (its calendar day). */
export interface VenteShop {
  id: number;
  devise: string;
  pays: string | null;
}

export const remiseOf = (type: string | null, valeur: number | null): Remise | null =>
  type === 'montant' || type === 'pourcent' ? { type, valeur: Number(valeur) } : null;

/** The VAT summary of a document's recorded lines: base, VAT and total per rate, by rate. */
export function recapTva(
  lignes: ReadonlyArray<{
    taux_tva: number;
    montant_ht: number;
    montant_tva: number;
    montant_ttc: number;
  }>,
) {
  const tva = new Map<
    number,
    { tauxTva: number; baseHt: number; montantTva: number; montantTtc: number }
  >();
  for (const l of lignes) {
    const r = tva.get(l.taux_tva) ?? {
      tauxTva: l.taux_tva,
      baseHt: 0,
      montantTva: 0,
      montantTtc: 0,
    };
    r.baseHt += Number(l.montant_ht);
    r.montantTva += Number(l.montant_tva);
    r.montantTtc += Number(l.montant_ttc);
    tva.set(l.taux_tva, r);
  }
  return [...tva.values()].sort((a, b) => a.tauxTva - b.tauxTva);
}

/** A sale's row as the answer reads it: the sale, its type's name, its seller's and customer's. */
export type VenteRow = Omit<
  Selectable<VentesTable>,
  'service_id' | 'cle_idempotence' | 'empreinte' | 'caisse_session_id'
> & {
  type_nom: string;
  user_prenom: string;
  user_nom: string;
  client_nom: string | null;
  client_telephone: string | null;
};
/** A line's row, with whether its product's unit splits (null for a service line). */
export type LigneRow = Omit<
  Selectable<VenteLignesTable>,
  'service_id' | 'vente_id' | 'position'
> & {
  fractionnable: number | null;
};
export type PaiementRow = Omit<Selectable<PaiementsTable>, 'service_id' | 'vente_id'>;
export type DetteRow = Pick<Selectable<DettesTable>, 'id' | 'montant' | 'paye' | 'echeance'>;
export interface RetourRow {
  id: number;
  numero: string;
  montant_ttc: number;
  created_at: string;
}

/** A sale of the shop with its lines, payments, debt and returns; 404 for another shop's sale. */
export async function readVente(db: Kysely<DB>, shop: VenteShop, venteId: number): Promise<Vente> {
  const v = await db
    .selectFrom('ventes as v')
    .innerJoin('types_ventes as t', 't.id', 'v.type_vente_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('clients as c', 'c.id', 'v.client_id')
    .selectAll('v')
    .select([
      't.nom as type_nom',
      'u.prenom as user_prenom',
      'u.nom as user_nom',
      'c.nom as client_nom',
      'c.telephone as client_telephone',
    ])
    .where('v.id', '=', venteId)
    .where('v.service_id', '=', shop.id)
    .executeTakeFirst();
  if (!v) throw notFound('Vente introuvable.');
  const [lignes, paiements, dette, retours] = await Promise.all([
    db
      .selectFrom('vente_lignes as l')
      .leftJoin('produits as p', 'p.id', 'l.produit_id')
      .leftJoin('unites as u', 'u.id', 'p.unite_id')
      .selectAll('l')
      .select('u.fractionnable')
      .where('l.vente_id', '=', venteId)
      .orderBy('l.position')
      .execute(),
    db.selectFrom('paiements').selectAll().where('vente_id', '=', venteId).orderBy('id').execute(),
    db.selectFrom('dettes').selectAll().where('vente_id', '=', venteId).executeTakeFirst(),
    db
      .selectFrom('retours')
      .select(['id', 'numero', 'montant_ttc', 'created_at'])
      .where('vente_id', '=', venteId)
      .orderBy('id')
      .execute(),
  ]);
  return assembleVente(shop, v, lignes, paiements, dette ?? null, retours);
}

/**
 * The answer of a sale from its rows (lines by position, payments and returns by id): read back
 * by readVente, or the rows a creation has just written (ventes.reponse.ts), the same answer.
 */
export function assembleVente(
  shop: VenteShop,
  v: VenteRow,
  lignes: readonly LigneRow[],
  paiements: readonly PaiementRow[],
  dette: DetteRow | null,
  retours: readonly RetourRow[],
): Vente {
  const detteReste = dette ? Number(dette.montant) - Number(dette.paye) : 0;
  return {
    id: v.id,
    numero: v.numero,
    createdAt: v.created_at,
    devise: shop.devise,
    typeVente: { id: v.type_vente_id, nom: v.type_nom },
    client:
      v.client_id !== null && v.client_nom !== null
        ? { id: v.client_id, nom: v.client_nom, telephone: v.client_telephone ?? null }
        : null,
    vendeur: { id: v.user_id, prenom: v.user_prenom, nom: v.user_nom },
    lignes: lignes.map((l) => ({
      id: l.id,
      produitId: l.produit_id,
      nom: l.nom,
      reference: l.reference,
      codeBarres: l.code_barres,
      uniteSymbole: l.unite_symbole,
      fractionnable: l.fractionnable === 1,
      quantite: Number(l.quantite),
      prixUnitaire: Number(l.prix_unitaire),
      tauxTva: l.taux_tva,
      prixAchat: Number(l.prix_achat),
      remise: remiseOf(l.remise_type, l.remise_valeur),
      montantBrut: Number(l.montant_brut),
      remiseLigne: Number(l.remise_ligne),
      remiseGlobale: Number(l.remise_globale),
      montantHt: Number(l.montant_ht),
      montantTva: Number(l.montant_tva),
      montantTtc: Number(l.montant_ttc),
      quantiteRetournee: Number(l.quantite_retournee),
    })),
    remiseGlobale: remiseOf(v.remise_type, v.remise_valeur),
    totalBrut: Number(v.total_brut),
    totalRemises: Number(v.total_remises),
    montantRemiseGlobale: Number(v.remise_globale),
    totalHt: Number(v.total_ht),
    totalTva: Number(v.total_tva),
    totalTtc: Number(v.total_ttc),
    tva: recapTva(lignes),
    paiements: paiements.map((p) => ({
      id: p.id,
      mode: p.mode as ModePaiement,
      montant: Number(p.montant),
      recu: p.recu === null ? null : Number(p.recu),
      rendu: Number(p.rendu),
      operateur: p.operateur,
      reference: p.reference,
      createdAt: p.created_at,
    })),
    avoir: Number(v.avoir),
    montantPaye: Number(v.montant_paye),
    montantRetourne: Number(v.montant_retourne),
    reste: detteReste,
    rendu: Number(v.rendu),
    dette: dette
      ? {
          id: dette.id,
          montant: Number(dette.montant),
          paye: Number(dette.paye),
          reste: detteReste,
          echeance: dette.echeance,
          statut: statutDette(detteReste, dette.echeance, shopToday(shop)),
        }
      : null,
    retours: retours.map((r) => ({
      id: r.id,
      numero: r.numero,
      montantTtc: Number(r.montant_ttc),
      createdAt: r.created_at,
    })),
    statut: v.statut as VenteStatut,
    impressions: v.impressions,
    note: v.note,
  };
}
