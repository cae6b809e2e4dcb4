import type { Kysely } from 'kysely';
import { statutDevis, type Devis, type DevisStatutStocke } from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { recapTva, remiseOf, type VenteShop } from '../ventes/ventes.read.js';

/** A stored state as its rule reads it, with the shop's day. */
export const statutOf = (shop: VenteShop, statut: string, dateValidite: string) =>
  statutDevis(statut as DevisStatutStocke, dateValidite, shopToday(shop));

/** A quote of the shop with its lines and customer; 404 for another shop's quote. */
export async function readDevis(db: Kysely<DB>, shop: VenteShop, devisId: number): Promise<Devis> {
  const d = await db
    .selectFrom('devis as d')
    .innerJoin('types_ventes as t', 't.id', 'd.type_vente_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .leftJoin('ventes as v', 'v.id', 'd.vente_id')
    .leftJoin('facture_ventes as fv', 'fv.vente_id', 'd.vente_id')
    .leftJoin('factures as f', 'f.id', 'fv.facture_id')
    .selectAll('d')
    .select([
      't.nom as type_nom',
      'u.prenom as user_prenom',
      'u.nom as user_nom',
      'c.nom as client_nom',
      'c.email as client_email',
      'c.telephone as client_telephone',
      'c.adresse as client_adresse',
      'c.professionnel as client_professionnel',
      'c.siren as client_siren',
      'c.siret as client_siret',
      'c.tva_intracom as client_tva',
      'v.numero as vente_numero',
      'f.id as facture_id',
      'f.numero as facture_numero',
    ])
    .where('d.id', '=', devisId)
    .where('d.service_id', '=', shop.id)
    .executeTakeFirst();
  if (!d) throw notFound('Devis introuvable.');
  const lignes = await db
    .selectFrom('devis_lignes')
    .selectAll()
    .where('devis_id', '=', devisId)
    .orderBy('position')
    .execute();
  return {
    id: d.id,
    numero: d.numero,
    statut: statutOf(shop, d.statut, d.date_validite),
    devise: shop.devise,
    client: {
      id: d.client_id,
      nom: d.client_nom,
      email: d.client_email,
      telephone: d.client_telephone,
      adresse: d.client_adresse,
      professionnel: d.client_professionnel === 1,
      siren: d.client_siren,
      siret: d.client_siret,
      tvaIntracom: d.client_tva,
    },
    typeVente: { id: d.type_vente_id, nom: d.type_nom },
    auteur: { id: d.user_id, prenom: d.user_prenom, nom: d.user_nom },
    dateValidite: d.date_validite,
    lignes: lignes.map((l) => ({
      id: l.id,
      produitId: l.produit_id,
      designation: l.designation,
      reference: l.reference,
      uniteSymbole: l.unite_symbole,
      quantite: Number(l.quantite),
      prixUnitaire: Number(l.prix_unitaire),
      tauxTva: l.taux_tva,
      remise: remiseOf(l.remise_type, l.remise_valeur),
      montantBrut: Number(l.montant_brut),
      remiseLigne: Number(l.remise_ligne),
      remiseGlobale: Number(l.remise_globale),
      montantHt: Number(l.montant_ht),
      montantTva: Number(l.montant_tva),
      montantTtc: Number(l.montant_ttc),
    })),
    remiseGlobale: remiseOf(d.remise_type, d.remise_valeur),
    totalBrut: Number(d.total_brut),
    totalRemises: Number(d.total_remises),
    montantRemiseGlobale: Number(d.remise_globale),
    totalHt: Number(d.total_ht),
    totalTva: Number(d.total_tva),
    totalTtc: Number(d.total_ttc),
    tva: recapTva(lignes),
    note: d.note,
    conditions: d.conditions,
    vente:
      d.vente_id !== null && d.vente_numero !== null
        ? { id: d.vente_id, numero: d.vente_numero }
        : null,
    facture:
      d.facture_id !== null && d.facture_numero !== null
        ? { id: d.facture_id, numero: d.facture_numero }
        : null,
    envoyeAt: d.envoye_at,
    decideAt: d.decide_at,
    convertiAt: d.converti_at,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  };
}
