import type { Kysely } from 'kysely';
import { vendeurFactureSchema, type Facture, type FactureNature } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { creditFacture, statutFacture } from './factures.statut.js';

/** What reading an invoice needs of its shop: id and country (its calendar day). */
export interface FactureShop {
  id: number;
  pays: string | null;
}

/** An invoice of the shop with its lines, sales, VAT summary, credit notes and derived status; 404 otherwise. */
export async function readFacture(
  db: Kysely<DB>,
  shop: FactureShop,
  factureId: number,
): Promise<Facture> {
  const f = await db
    .selectFrom('factures as f')
    .innerJoin('clients as c', 'c.id', 'f.client_id')
    .selectAll('f')
    .select('c.email as client_email')
    .where('f.id', '=', factureId)
    .where('f.service_id', '=', shop.id)
    .executeTakeFirst();
  if (!f) throw notFound('Facture introuvable.');
  const [lignes, ventes, avoirs] = await Promise.all([
    db
      .selectFrom('facture_lignes')
      .selectAll()
      .where('facture_id', '=', factureId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('facture_ventes as fv')
      .innerJoin('ventes as v', 'v.id', 'fv.vente_id')
      .select(['v.id', 'v.numero', 'v.created_at'])
      .where('fv.facture_id', '=', factureId)
      .orderBy('v.id')
      .execute(),
    db
      .selectFrom('avoirs')
      .select(['id', 'numero', 'created_at', 'montant_ttc'])
      .where('facture_id', '=', factureId)
      .orderBy('id')
      .execute(),
  ]);
  const tva = new Map<number, { tauxTva: number; baseHt: number; montantTva: number }>();
  for (const l of lignes) {
    const r = tva.get(l.taux_tva) ?? { tauxTva: l.taux_tva, baseHt: 0, montantTva: 0 };
    r.baseHt += Number(l.montant_ht);
    r.montantTva += Number(l.montant_tva);
    tva.set(l.taux_tva, r);
  }
  const totalTtc = Number(f.total_ttc);
  const montantAvoirs = Number(f.montant_avoirs);
  const reste = Number(f.reste);
  return {
    id: f.id,
    numero: f.numero,
    createdAt: f.created_at,
    devise: f.devise,
    nature: f.nature as FactureNature,
    dateDebut: f.date_debut,
    dateFin: f.date_fin,
    echeance: f.echeance,
    vendeur: vendeurFactureSchema.parse(JSON.parse(f.vendeur)),
    client: {
      id: f.client_id,
      nom: f.client_nom,
      adresse: f.client_adresse,
      siren: f.client_siren,
      adresseLivraison: f.client_adresse_livraison,
      tvaIntracom: f.client_tva_intracom,
      professionnel: f.client_professionnel === 1,
      email: f.client_email,
    },
    ventes: ventes.map((v) => ({ id: v.id, numero: v.numero, createdAt: v.created_at })),
    lignes: lignes.map((l) => ({
      id: l.id,
      venteId: l.vente_id,
      nom: l.nom,
      reference: l.reference,
      uniteSymbole: l.unite_symbole,
      quantite: Number(l.quantite),
      prixUnitaireHt: Number(l.prix_unitaire_ht),
      tauxTva: l.taux_tva,
      remise: Number(l.remise),
      montantHt: Number(l.montant_ht),
      montantTva: Number(l.montant_tva),
      montantTtc: Number(l.montant_ttc),
      quantiteCreditee: Number(l.quantite_creditee),
    })),
    tva: [...tva.values()].sort((a, b) => a.tauxTva - b.tauxTva),
    totalBrut: Number(f.total_brut),
    totalRemises: Number(f.total_remises),
    totalHt: Number(f.total_ht),
    totalTva: Number(f.total_tva),
    totalTtc,
    montantAvoirs,
    reste,
    statut: statutFacture({
      statutPaiement: f.statut_paiement,
      echeance: f.echeance,
      today: shopToday(shop),
    }),
    credit: creditFacture(totalTtc, montantAvoirs),
    avoirs: avoirs.map((a) => ({
      id: a.id,
      numero: a.numero,
      createdAt: a.created_at,
      montantTtc: Number(a.montant_ttc),
    })),
    note: f.note,
  };
}
