import type { Insertable, Kysely, Transaction } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { figee } from '../../db/figees.js';
import { lockParty } from '../../db/locks.js';
import { AppError, businessRule } from '../../core/errors.js';
import { nextNumeroVente } from '../../db/numbering.js';
import { nextNumeroCaisse } from '../../db/numbering-caisse.js';
import { nowIso as receivedAt, shopToday } from '../../db/time.js';
import type { DB } from '../../db/schema.js';
import { imputerAvoirs } from '../dettes/dettes.allocation.js';
import { checkPlafondCredit } from '../dettes/dettes.plafond.js';
import { refreshVenteStatut } from '../dettes/dettes.statut.js';
import { documentSession, lockOpenSession } from '../caisses/caisses.session.js';
import {
  finirAjout,
  journaliser,
  valeursAjout,
  type Evenement,
} from '../journal/journal.append.js';
import { moveStock } from '../stock/stock.lot.js';
import { mouvementsDe } from '../stock/stock.service.js';
import type { PreparedVente, VenteEcrite } from './ventes.types.js';
import { writeRows } from './ventes.write-rows.js';

/** SQLite: the sale's insert gives its id (built once per shape, db/figees.ts). */
const insererVente = figee(
  (db: Kysely<DB>, vente: Insertable<DB['ventes']>) =>
    db.insertInto('ventes').values(vente).returning('id'),
  { nullsEnValeurs: true },
);

/** The register's open session, or null for a sale the till made (never refused for a closed one). */
async function sessionOf(trx: Transaction<DB>, prepared: PreparedVente): Promise<number | null> {
  const { service, input, horsLigne } = prepared;
  if (!horsLigne) return documentSession(trx, service.id, input.caisseId);
  try {
    return await lockOpenSession(trx, service.id, horsLigne.caisseId);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  }
}

/**
 * Writes a prepared sale in the caller's transaction: the customer's lock and credit limit (sale
 * on credit), the stock out, the number, the sale, its lines, payments and movements, the debt
 * with the customer's available credit allocated to it, the journal entry. Returns what was
 * written that the answer needs.
 */
export async function writeVente(
  trx: Transaction<DB>,
  prepared: PreparedVente,
  /**
   * PostgreSQL: the caller writes nothing after the sale in its transaction. A cash sale then
   * sends its COMMIT behind the statement of its rows (writeRows' `derniere`), which fails with
   * SUITE_NECESSAIRE (db/pg-nommees.ts) when it would need another statement: write it again
   * without.
   */
  derniere = false,
): Promise<VenteEcrite> {
  const { userId, service, input, empreinte, typeVenteId, client, produits } = prepared;
  const { calcul, paye, reste, avoir, rendus, money } = prepared;
  const nowIso = prepared.now.toISOString();
  // The register's open session first (lock order: session, party, products, counter).
  const { horsLigne } = prepared;
  const sessionId = await sessionOf(trx, prepared);
  if (reste > 0) {
    // The customer first (lock order: party, products, counter): their credit sales queue.
    await lockParty(trx, 'clients', service.id, client!.id);
    if (!horsLigne && reste > avoir)
      await checkPlafondCredit(trx, service.id, client!, reste - avoir, money);
  }
  // The stock next, its rows locked in id order, before the number and the rows every sale of the
  // shop shares (the counter, the summaries, the journal): those are held until the commit.
  const sorties = new Map<number, number>();
  for (const l of input.lignes)
    if (l.produitId !== null)
      sorties.set(l.produitId, (sorties.get(l.produitId) ?? 0) + l.quantite);
  const mouvement = {
    serviceId: service.id,
    type: 'vente' as const,
    documentType: 'vente',
    userId,
    at: nowIso,
    negatifPermis: Boolean(horsLigne),
  };
  const stock = await moveStock(trx, {
    ...mouvement,
    lignes: [...sorties].map(([produitId, quantite]) => ({ produitId, quantite: -quantite })),
  });
  // A sale made at a register's till takes the register's series (online: the server's next
  // number; offline: the till's). A back-office sale that a register cashes keeps the shop's.
  const caisseId = horsLigne?.caisseId ?? (input.auPointDeVente ? input.caisseId : undefined);
  // PostgreSQL: the sale's id comes with its number, so that the sale and its rows are one
  // statement (ventes.write-rows.ts); SQLite: the sale's insert gives it.
  const avecId = isPostgres(trx);
  const serie =
    caisseId === undefined
      ? null
      : await nextNumeroCaisse(trx, service, caisseId, prepared.now, horsLigne?.sequence, avecId);
  const { numero, venteId } = serie ?? (await nextNumeroVente(trx, service, prepared.now, avecId));
  const statut = reste > avoir ? (paye > 0 ? 'partiellement_payee' : 'a_credit') : 'payee';
  const vente = {
    service_id: service.id,
    numero,
    cle_idempotence: input.cleIdempotence,
    empreinte,
    type_vente_id: typeVenteId,
    client_id: client?.id ?? null,
    user_id: userId,
    remise_type: input.remiseGlobale?.type ?? null,
    remise_valeur: input.remiseGlobale?.valeur ?? null,
    total_brut: calcul.totalBrut,
    total_remises: calcul.totalRemises,
    remise_globale: calcul.remiseGlobale,
    total_ht: calcul.totalHt,
    total_tva: calcul.totalTva,
    total_ttc: calcul.totalTtc,
    montant_paye: paye,
    avoir,
    rendu: rendus.reduce((a, b) => a + b, 0),
    statut,
    note: input.note ?? null,
    created_at: nowIso,
    caisse_session_id: sessionId,
  };
  const id = venteId ?? (await insererVente(trx, vente))[0]!.id;
  const lignes = input.lignes.map((l, i) => {
    const produit = produits[i]!;
    const c = calcul.lignes[i]!;
    return {
      service_id: service.id,
      vente_id: id,
      position: i + 1,
      produit_id: produit.id,
      nom: produit.nom,
      reference: produit.reference,
      code_barres: produit.code_barres,
      unite_symbole: produit.symbole,
      quantite: l.quantite,
      prix_unitaire: produit.prix,
      taux_tva: c.tauxTva,
      prix_achat: Number(produit.prix_achat),
      remise_type: l.remise?.type ?? null,
      remise_valeur: l.remise?.valeur ?? null,
      montant_brut: c.montantBrut,
      remise_ligne: c.remiseLigne,
      remise_globale: c.remiseGlobale,
      montant_ht: c.montantHt,
      montant_tva: c.montantTva,
      montant_ttc: c.montantTtc,
    };
  });
  const paiements = input.paiements.map((p, i) => ({
    service_id: service.id,
    vente_id: id,
    mode: p.mode,
    montant: p.montant,
    recu: p.recu ?? null,
    rendu: rendus[i]!,
    operateur: p.operateur ?? null,
    reference: p.reference ?? null,
    created_at: nowIso,
  }));
  const evenement: Evenement = {
    type: 'vente',
    reference: numero,
    horodatage: nowIso,
    contenu: {
      vente: id,
      client: client?.id ?? null,
      utilisateur: userId,
      typeVente: typeVenteId,
      lignes: lignes.map((l) => ({
        produit: l.produit_id,
        nom: l.nom,
        quantite: l.quantite,
        prixUnitaire: l.prix_unitaire,
        tauxTva: l.taux_tva,
        ht: l.montant_ht,
        tva: l.montant_tva,
        ttc: l.montant_ttc,
      })),
      ht: calcul.totalHt,
      tva: calcul.totalTva,
      ttc: calcul.totalTtc,
      paiements: input.paiements.map((p, i) => ({
        mode: p.mode,
        montant: p.montant,
        rendu: rendus[i],
      })),
      credit: reste - avoir,
      ...(avoir > 0 ? { avoir } : {}),
    },
  };
  // PostgreSQL: the journal entry in the statement of the sale's rows, the shop's head locked there
  // before the summaries' rows that its triggers move (only sales write those: every sale takes
  // them in this order), so that a cash sale holds what the shop's sales share for one round trip
  // and the COMMIT. A credit sale keeps the head while it writes its debt, under its customer's lock.
  const journal = venteId !== null ? valeursAjout(service.id, evenement) : undefined;
  const { ligneIds, paiementIds, tete } = await writeRows(
    trx,
    {
      vente: venteId === null ? null : { ...vente, id },
      lignes,
      paiements,
      mouvements: mouvementsDe(
        { ...mouvement, motif: `Vente ${numero}`, documentId: id },
        stock.lignes,
      ),
      caisse: serie && {
        vente_id: id,
        service_id: service.id,
        caisse_id: caisseId!,
        annee: serie.annee,
        sequence: serie.sequence,
        faite_le: horsLigne?.faiteLe ?? nowIso,
        recue_le: receivedAt(),
      },
    },
    journal,
    derniere && reste === 0,
  );
  let dette: VenteEcrite['dette'] = null;
  let statutFinal = statut;
  if (reste > 0) {
    const echeance = input.echeance ?? shopToday(service, prepared.now);
    const { id: detteId } = await trx
      .insertInto('dettes')
      .values({
        service_id: service.id,
        vente_id: id,
        client_id: client!.id,
        montant: reste,
        paye: 0,
        // Paid in full by the customer's credit: due today.
        echeance,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The credit the cashier chose to use, oldest first, checked under the customer's lock.
    const pris =
      avoir > 0
        ? await imputerAvoirs(trx, {
            serviceId: service.id,
            clientId: client!.id,
            dette: { id: detteId, venteId: id },
            reste: avoir,
            at: nowIso,
          })
        : 0;
    if (pris < avoir)
      throw businessRule(
        `L'avoir disponible de « ${client!.nom} » (${money(pris)}) ne couvre pas l'avoir utilisé (${money(avoir)}).`,
      );
    statutFinal = await refreshVenteStatut(trx, id);
    dette = { id: detteId, montant: reste, paye: pris, echeance };
  }
  // Last lock of the sale on SQLite: its journal entry (modules/journal), in this very transaction;
  // on PostgreSQL it went with the rows, unless the shop had no head yet (its first event).
  const ajoute =
    journal && (await finirAjout(trx, service.id, evenement, 'journal', tete, journal.horloge));
  if (!ajoute) await journaliser(trx, service.id, evenement);
  return {
    vente: { ...vente, id, statut: statutFinal },
    lignes: lignes.map((l, i) => ({ ...l, id: ligneIds[i]! })),
    paiements: paiements.map((p, i) => ({ ...p, id: paiementIds[i]! })),
    dette,
  };
}
