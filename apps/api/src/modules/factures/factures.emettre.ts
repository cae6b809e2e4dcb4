import type { Selectable, Transaction } from 'kysely';
import {
  addDays,
  divRoundHalfAwayFromZero,
  localDate,
  shopTimeZone,
  type FactureData,
  type VendeurFacture,
} from '@comptoir/shared';
import { businessRule, conflict, notFound } from '../../core/errors.js';
import { empreinteOf, isUniqueViolation } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import { lockParty } from '../../db/locks.js';
import { nextNumero } from '../../db/numbering.js';
import { refreshFactureSolde } from '../dettes/dettes.factures.js';
import { journaliser } from '../journal/journal.append.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';

type Service = Selectable<ServicesTable>;

/** Who issues: the shop (its row) and the user. */
export interface EmetteurFacture {
  service: Service;
  userId: number;
}

/** The seller's mentions copied on the invoice at issue. */
export function vendeurOf(s: Service): VendeurFacture {
  return {
    nom: s.nom,
    adresse: s.adresse,
    ville: s.ville,
    pays: s.pays,
    telephone: s.telephone,
    email: s.email,
    siret: s.siret,
    tvaIntracom: s.tva_intracom,
    rcs: s.rcs,
    formeJuridique: s.forme_juridique,
    capital: s.capital === null ? null : Number(s.capital),
    ninea: s.ninea,
    rccm: s.rccm,
    assujettiTva: s.assujetti_tva === 1,
    tauxPenalites: s.taux_penalites,
  };
}

/** A unit price HT from a price entered TTC (rate in basis points), rounded half away from zero. */
const horsTaxe = (ttc: number, taux: number) =>
  Number(divRoundHalfAwayFromZero(BigInt(ttc) * 10000n, BigInt(10000 + taux)));
/** `montant` × part / whole, exact. */
const prorata = (montant: number, part: number, whole: number) =>
  Number(divRoundHalfAwayFromZero(BigInt(montant) * BigInt(part), BigInt(whole)));

/**
 * Issues an invoice inside the caller's transaction (docs/regles-metier.md, « Factures »): the
 * sales (one, or several of one customer) must belong to the shop, not be invoiced yet, and not be
 * wholly returned; a sale without customer is invoiced to the chosen one, who must have a billing
 * address (an invoice names its buyer); lines are the sold lines less what was already returned, copied with their
 * amounts; the number F-AAAA-NNNNNN is the next of the shop and year. Lock order: customer, sales,
 * counter. Returns the invoice's id. Other documents (a quote converted into a sale and its
 * invoice) call it in their own transaction.
 */
export async function emettreFacture(
  trx: Transaction<DB>,
  by: EmetteurFacture,
  input: FactureData,
  empreinte: string = empreinteOf({ ...input }),
): Promise<number> {
  const { service } = by;
  const venteIds = [...new Set(input.venteIds)].sort((a, b) => a - b);
  const ventes = await trx
    .selectFrom('ventes')
    .select(['id', 'numero', 'client_id', 'created_at'])
    .where('service_id', '=', service.id)
    .where('id', 'in', venteIds)
    .execute();
  const missing = venteIds.find((id) => !ventes.some((v) => v.id === id));
  if (missing !== undefined) throw notFound(`Vente introuvable (identifiant ${missing}).`);
  const clients = [...new Set(ventes.map((v) => v.client_id).filter((c) => c !== null))];
  if (clients.length > 1)
    throw businessRule(
      'Une facture regroupe les ventes d’un seul client : ces ventes sont de clients différents.',
    );
  if (clients.length === 1 && input.clientId !== null && input.clientId !== clients[0])
    throw businessRule('Ces ventes sont à un autre client que celui choisi pour la facture.');
  const clientId = clients[0] ?? input.clientId;
  if (clientId === null || clientId === undefined)
    throw businessRule('Choisissez le client à qui adresser la facture : ces ventes n’en ont pas.');

  const client = await lockParty(trx, 'clients', service.id, clientId);
  if (!client) throw notFound('Client introuvable.');
  const clientRow = await trx
    .selectFrom('clients')
    .selectAll()
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  if (clients.length === 0 && !clientRow.adresse?.trim())
    throw businessRule(
      `Une facture nomme son acheteur : donnez l’adresse de facturation de « ${clientRow.nom} » avant de facturer une vente sans client.`,
    );
  await trx
    .selectFrom('ventes')
    .select('id')
    .where('id', 'in', venteIds)
    .orderBy('id')
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .execute();
  const deja = await trx
    .selectFrom('facture_ventes as fv')
    .innerJoin('factures as f', 'f.id', 'fv.facture_id')
    .innerJoin('ventes as v', 'v.id', 'fv.vente_id')
    .select(['v.numero', 'f.numero as facture'])
    .where('fv.vente_id', 'in', venteIds)
    .executeTakeFirst();
  if (deja) throw conflict(`La vente ${deja.numero} est déjà facturée (${deja.facture}).`);

  const lignes = await trx
    .selectFrom('vente_lignes as l')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('retour_lignes')
          .select((e) => [
            'vente_ligne_id',
            e.fn.sum<number>('montant_ht').as('ht'),
            e.fn.sum<number>('montant_tva').as('tva'),
            e.fn.sum<number>('montant_ttc').as('ttc'),
          ])
          .where('service_id', '=', service.id)
          .groupBy('vente_ligne_id')
          .as('r'),
      (join) => join.onRef('r.vente_ligne_id', '=', 'l.id'),
    )
    .select([
      'l.id',
      'l.vente_id',
      'l.nom',
      'l.reference',
      'l.unite_symbole',
      'l.quantite',
      'l.quantite_retournee',
      'l.prix_unitaire',
      'l.taux_tva',
      'l.montant_brut',
      'l.remise_ligne',
      'l.remise_globale',
      'l.montant_ht',
      'l.montant_tva',
      'l.montant_ttc',
      'r.ht as retour_ht',
      'r.tva as retour_tva',
      'r.ttc as retour_ttc',
    ])
    .where('l.vente_id', 'in', venteIds)
    .orderBy('l.vente_id')
    .orderBy('l.position')
    .execute();
  const facturees = lignes.flatMap((l) => {
    const vendue = Number(l.quantite);
    const quantite = vendue - Number(l.quantite_retournee);
    if (quantite <= 0) return [];
    const ht = Number(l.montant_ht) - Number(l.retour_ht ?? 0);
    const tva = Number(l.montant_tva) - Number(l.retour_tva ?? 0);
    const ttc = Number(l.montant_ttc) - Number(l.retour_ttc ?? 0);
    const remises = Number(l.remise_ligne) + Number(l.remise_globale);
    // Prices entered HT when the HT amount is the gross less the discounts; else they were TTC.
    const saisieHt = Number(l.montant_ht) === Number(l.montant_brut) - remises;
    const pu = Number(l.prix_unitaire);
    const remiseVendue = saisieHt ? remises : horsTaxe(remises, l.taux_tva);
    return [
      {
        l,
        quantite,
        prixUnitaireHt: saisieHt ? pu : horsTaxe(pu, l.taux_tva),
        remise: prorata(remiseVendue, quantite, vendue),
        ht,
        tva,
        ttc,
      },
    ];
  });
  const entierementRetournee = venteIds.find((id) => !facturees.some((f) => f.l.vente_id === id));
  if (entierementRetournee !== undefined) {
    const numero = ventes.find((v) => v.id === entierementRetournee)!.numero;
    throw businessRule(`La vente ${numero} a été entièrement retournée : rien à facturer.`);
  }

  const at = now();
  const zone = shopTimeZone(service.pays);
  const jours = ventes.map((v) => localDate(new Date(v.created_at), zone)).sort();
  const today = localDate(at, zone);
  const echeance = input.echeance ?? (await echeanceParDefaut(trx, venteIds, service, today));
  if (echeance < jours[0]!)
    throw businessRule('L’échéance ne peut pas précéder la date de la vente.');
  const sum = (k: 'ht' | 'tva' | 'ttc' | 'remise') => facturees.reduce((a, f) => a + f[k], 0);
  const totalRemises = sum('remise');
  const numero = await nextNumero(trx, service, 'facture', at);
  let factureId: number;
  try {
    factureId = (
      await trx
        .insertInto('factures')
        .values({
          service_id: service.id,
          numero,
          cle_idempotence: input.cleIdempotence,
          empreinte,
          client_id: clientId,
          user_id: by.userId,
          vendeur: JSON.stringify(vendeurOf(service)),
          client_nom: clientRow.nom,
          client_adresse: clientRow.adresse,
          client_siren: clientRow.siren,
          client_adresse_livraison: clientRow.adresse_livraison,
          client_tva_intracom: clientRow.tva_intracom,
          client_professionnel: clientRow.professionnel,
          devise: service.devise,
          nature: input.nature,
          date_debut: jours[0]!,
          date_fin: jours[jours.length - 1]!,
          echeance,
          total_brut: sum('ht') + totalRemises,
          total_remises: totalRemises,
          total_ht: sum('ht'),
          total_tva: sum('tva'),
          total_ttc: sum('ttc'),
          note: input.note,
          created_at: at.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await trx
      .insertInto('facture_ventes')
      .values(
        venteIds.map((vente_id) => ({ service_id: service.id, facture_id: factureId, vente_id })),
      )
      .execute();
  } catch (error) {
    if (isUniqueViolation(error) && String(error).includes('facture_ventes'))
      throw conflict('Une de ces ventes vient d’être facturée.');
    throw error;
  }
  await refreshFactureSolde(trx, { factureId });
  await trx
    .insertInto('facture_lignes')
    .values(
      facturees.map((f, i) => ({
        service_id: service.id,
        facture_id: factureId,
        position: i + 1,
        vente_id: f.l.vente_id,
        vente_ligne_id: f.l.id,
        nom: f.l.nom,
        reference: f.l.reference,
        unite_symbole: f.l.unite_symbole,
        quantite: f.quantite,
        prix_unitaire_ht: f.prixUnitaireHt,
        taux_tva: f.l.taux_tva,
        remise: f.remise,
        montant_ht: f.ht,
        montant_tva: f.tva,
        montant_ttc: f.ttc,
      })),
    )
    .execute();
  await journaliser(trx, service.id, {
    type: 'facture',
    reference: numero,
    horodatage: at.toISOString(),
    contenu: {
      facture: factureId,
      client: clientId,
      utilisateur: by.userId,
      ventes: venteIds,
      ht: sum('ht'),
      tva: sum('tva'),
      ttc: sum('ttc'),
    },
  });
  return factureId;
}

/** The latest due date of the sales' debts, else the shop's payment term from today. */
async function echeanceParDefaut(
  trx: Transaction<DB>,
  venteIds: number[],
  service: Service,
  today: string,
): Promise<string> {
  const row = await trx
    .selectFrom('dettes')
    .select((eb) => eb.fn.max('echeance').as('echeance'))
    .where('vente_id', 'in', venteIds)
    .executeTakeFirst();
  const latest = row?.echeance ?? null;
  return latest && latest > today ? latest : addDays(today, service.delai_paiement);
}
