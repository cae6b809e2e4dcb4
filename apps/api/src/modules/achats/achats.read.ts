import { sql, type Kysely } from 'kysely';
import type {
  Achat,
  AchatStatut,
  ModePaiement,
  MouvementType,
  Remise,
  RemiseType,
} from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';

/** What reading a purchase needs of its shop. */
export interface AchatShop {
  id: number;
  devise: string;
}

/** Still owed on a purchase: total − paid − the part of its returns that reduced the debt. */
/**
 * `resteOf` in SQL, over the purchase columns of `alias` (`a`, or the day totals `j`; none for the
 * table itself): what is left to pay on it.
 */
export const resteSql = (alias?: string) => {
  const c = (column: string) => sql.ref(alias ? `${alias}.${column}` : column);
  return sql<number>`(${c('total')} - ${c('montant_paye')} - ${c('montant_retourne')} + ${c('montant_rembourse')})`;
};

export const resteOf = (a: {
  total: number | string;
  montant_paye: number | string;
  montant_retourne: number | string;
  montant_rembourse: number | string;
}): number =>
  Number(a.total) -
  Number(a.montant_paye) -
  (Number(a.montant_retourne) - Number(a.montant_rembourse));

/** A discount as stored (type and value columns), or null. */
const remiseOf = (type: string | null, valeur: number | string | null): Remise | null =>
  type === null || valeur === null ? null : { type: type as RemiseType, valeur: Number(valeur) };

/**
 * A purchase of the shop with its lines, payments, returns and stock movements; 404 for another
 * shop's purchase.
 */
export async function readAchat(db: Kysely<DB>, shop: AchatShop, achatId: number): Promise<Achat> {
  const a = await db
    .selectFrom('achats as a')
    .innerJoin('fournisseurs as f', 'f.id', 'a.fournisseur_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select([
      'f.nom as fournisseur_nom',
      'f.telephone as fournisseur_telephone',
      'u.prenom as user_prenom',
      'u.nom as user_nom',
    ])
    .where('a.id', '=', achatId)
    .where('a.service_id', '=', shop.id)
    .executeTakeFirst();
  if (!a) throw notFound('Achat introuvable.');
  const [lignes, paiements, retours, mouvements] = await Promise.all([
    db
      .selectFrom('achat_lignes')
      .selectAll()
      .where('achat_id', '=', achatId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('achat_paiements as ap')
      .innerJoin('reglements_fournisseurs as r', 'r.id', 'ap.reglement_id')
      .select(['r.id', 'r.mode', 'ap.montant', 'r.operateur', 'r.reference', 'ap.created_at'])
      .where('ap.achat_id', '=', achatId)
      .orderBy('ap.id')
      .execute(),
    db
      .selectFrom('retours_achats')
      .select(['id', 'numero', 'montant', 'rembourse', 'created_at'])
      .where('achat_id', '=', achatId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('mouvements_stock as m')
      .innerJoin('produits as p', 'p.id', 'm.produit_id')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'm.id',
        'm.type',
        'm.quantite',
        'm.motif',
        'm.document_type',
        'm.document_id',
        'm.created_at',
        'm.produit_id',
        'p.nom as produit_nom',
        'u.id as user_id',
        'u.prenom',
        'u.nom',
      ])
      .where('m.service_id', '=', shop.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('m.document_type', '=', 'achat'), eb('m.document_id', '=', achatId)]),
          eb.and([
            eb('m.document_type', '=', 'retour_achat'),
            eb(
              'm.document_id',
              'in',
              eb.selectFrom('retours_achats').select('id').where('achat_id', '=', achatId),
            ),
          ]),
        ]),
      )
      .orderBy('m.id')
      .execute(),
  ]);
  return {
    id: a.id,
    numero: a.numero,
    statut: a.statut as AchatStatut,
    devise: shop.devise,
    fournisseur: {
      id: a.fournisseur_id,
      nom: a.fournisseur_nom,
      telephone: a.fournisseur_telephone ?? null,
    },
    date: a.date_achat,
    referenceFournisseur: a.reference_fournisseur,
    echeance: a.echeance,
    frais: {
      transport: Number(a.frais_transport),
      douane: Number(a.frais_douane),
      manutention: Number(a.frais_manutention),
    },
    remiseGlobale: remiseOf(a.remise_globale_type, a.remise_globale_valeur),
    totalBrut: Number(a.total_brut),
    totalRemises: Number(a.total_remises),
    totalMarchandises: Number(a.total_marchandises),
    totalFrais: Number(a.total_frais),
    total: Number(a.total),
    montantPaye: Number(a.montant_paye),
    montantRetourne: Number(a.montant_retourne),
    montantRembourse: Number(a.montant_rembourse),
    reste: a.statut === 'brouillon' ? Number(a.total) : resteOf(a),
    note: a.note,
    user: { id: a.user_id, prenom: a.user_prenom, nom: a.user_nom },
    createdAt: a.created_at,
    validatedAt: a.validated_at,
    lignes: lignes.map((l) => ({
      id: l.id,
      produitId: l.produit_id,
      nom: l.nom,
      uniteSymbole: l.unite_symbole,
      quantite: Number(l.quantite),
      prixUnitaire: Number(l.prix_unitaire),
      remise: remiseOf(l.remise_type, l.remise_valeur),
      montantBrut: Number(l.montant_brut),
      remiseLigne: Number(l.remise_ligne),
      remiseGlobale: Number(l.remise_globale),
      montant: Number(l.montant),
      frais: Number(l.frais),
      coutRevient: Number(l.cout_revient),
      quantiteRetournee: Number(l.quantite_retournee),
      cumpAvant: l.cump_avant === null ? null : Number(l.cump_avant),
      cumpApres: l.cump_apres === null ? null : Number(l.cump_apres),
    })),
    paiements: paiements.map((p) => ({
      reglementId: p.id,
      mode: p.mode as ModePaiement,
      montant: Number(p.montant),
      operateur: p.operateur,
      reference: p.reference,
      createdAt: p.created_at,
    })),
    retours: retours.map((r) => ({
      id: r.id,
      numero: r.numero,
      montant: Number(r.montant),
      rembourse: Number(r.rembourse),
      createdAt: r.created_at,
    })),
    mouvements: mouvements.map((m) => ({
      id: m.id,
      type: m.type as MouvementType,
      quantite: Number(m.quantite),
      motif: m.motif,
      documentType: m.document_type,
      documentId: m.document_id,
      user: m.user_id === null ? null : { id: m.user_id, prenom: m.prenom!, nom: m.nom! },
      createdAt: m.created_at,
      produit: { id: m.produit_id, nom: m.produit_nom },
    })),
  };
}
