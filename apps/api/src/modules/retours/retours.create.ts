import { sql, type Selectable, type Transaction } from 'kysely';
import {
  formatMoney,
  formatQuantity,
  isWholeQuantity,
  montantRetour,
  type Retour,
  type RetourData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, type IdempotentRequest } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import { lockParty } from '../../db/locks.js';
import { documentSession } from '../caisses/caisses.session.js';
import { nextNumero } from '../../db/numbering.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { crediterRetour } from '../dettes/dettes.allocation.js';
import { refreshVenteStatut } from '../dettes/dettes.statut.js';
import { journaliser } from '../journal/journal.append.js';
import { applyMovement } from '../stock/stock.service.js';
import { findRetours } from './retours.repository.js';
import { venteOf } from './retours.service.js';

type Service = Selectable<ServicesTable>;

export interface RetourAnswer {
  retour: Retour;
  replayed: boolean;
}

/**
 * A return of some lines of a validated sale (docs: selling rules), in one transaction: quantities
 * never above sold minus already returned; each line's share by montantRetour (the returns of a
 * line add up exactly to its amount; HT likewise, VAT = TTC − HT); stock back through the ledger;
 * the amount first settles what is still owed on the sale (a credit règlement allocated to its
 * debt), the rest is refunded or credited to the customer (the same credit then settles their other
 * debts, oldest first, and what is left stays available for their next sale). Idempotent
 * (core/idempotence.ts).
 */
export async function createRetour(
  ctx: AppContext,
  service: Service,
  userId: number,
  venteId: number,
  input: RetourData,
): Promise<RetourAnswer> {
  const ids = input.lignes.map((l) => l.ligneId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0)
    throw validationError([
      { field: `lignes.${twice}.ligneId`, message: 'Cette ligne figure deux fois dans le retour.' },
    ]);
  const vente = await venteOf(ctx, service.id, venteId);
  const { modeRemboursement, empreinte } = empreinteRetour(input, venteId);
  const request = {
    table: 'retours',
    serviceId: service.id,
    cle: input.cleIdempotence,
    empreinte,
    autreRequete: 'Cette clé a déjà servi pour un autre retour.',
    read: async (db, id) => (await findRetours(db, service.id, { id }))[0]!,
  } satisfies IdempotentRequest<Retour>;
  const { value, replayed } = await idempotentWrite(ctx.database.db, request, (db) => {
    checkAvoirClient(input, vente.client_id);
    return db.transaction().execute(async (trx) => {
      // Lock order: the register's session, the customer, then the sale (its lines' returned quantities).
      const sessionId = await documentSession(trx, service.id, input.caisseId);
      if (vente.client_id !== null) await lockParty(trx, 'clients', service.id, vente.client_id);
      await trx
        .selectFrom('ventes')
        .select('id')
        .where('id', '=', venteId)
        .$if(isPostgres(trx), (q) => q.forUpdate())
        .execute();
      return record(trx, {
        service,
        userId,
        venteId,
        clientId: vente.client_id,
        input,
        modeRemboursement,
        empreinte,
        sessionId,
      });
    });
  });
  return { retour: value, replayed };
}

function empreinteRetour(input: RetourData, venteId: number) {
  const modeRemboursement =
    input.mode === 'remboursement' ? (input.modeRemboursement ?? null) : null;
  return { modeRemboursement, empreinte: empreinteOf({ ...input, modeRemboursement, venteId }) };
}

function checkAvoirClient(input: RetourData, clientId: number | null) {
  if (input.mode === 'avoir' && clientId === null)
    throw businessRule(
      'Un avoir se porte sur le compte d’un client : cette vente n’a pas de client. Choisissez un remboursement.',
    );
}

/**
 * A return inside the caller's transaction, dated `now`, without the idempotency replay nor the
 * answer (demo data: back-dated returns among the demo's sales). Returns the return's id.
 */
export async function insertRetour(
  trx: Transaction<DB>,
  service: Service,
  userId: number,
  vente: { id: number; client_id: number | null },
  input: RetourData,
  at: { now: Date; sessionId?: number | null },
): Promise<number> {
  const { modeRemboursement, empreinte } = empreinteRetour(input, vente.id);
  checkAvoirClient(input, vente.client_id);
  return record(trx, {
    service,
    userId,
    venteId: vente.id,
    clientId: vente.client_id,
    input,
    modeRemboursement,
    empreinte,
    ...at,
  });
}

interface RecordInput {
  service: Service;
  userId: number;
  venteId: number;
  clientId: number | null;
  input: RetourData;
  modeRemboursement: RetourData['modeRemboursement'] | null;
  empreinte: string;
  /** When the return happens; now by default. */
  now?: Date;
  /** The register session the refund is paid on (caisses), if any. */
  sessionId?: number | null;
}

async function record(trx: Transaction<DB>, r: RecordInput): Promise<number> {
  const { service, input } = r;
  const serviceId = service.id;
  const lignesVente = await trx
    .selectFrom('vente_lignes as l')
    .innerJoin('produits as p', 'p.id', 'l.produit_id')
    .innerJoin('unites as u', 'u.id', 'p.unite_id')
    .select([
      'l.id',
      'p.id as produit_id',
      'l.nom',
      'l.quantite',
      'l.quantite_retournee',
      'l.montant_ht',
      'l.montant_ttc',
      'l.taux_tva',
      'u.fractionnable',
      'u.nom as unite_nom',
    ])
    .where('l.vente_id', '=', r.venteId)
    .execute();
  const parts = input.lignes.map((demande) => {
    const ligne = lignesVente.find((l) => l.id === demande.ligneId);
    if (!ligne) throw notFound(`Ligne de vente introuvable (identifiant ${demande.ligneId}).`);
    if (ligne.fractionnable !== 1 && !isWholeQuantity(demande.quantite))
      throw businessRule(
        `L'unité « ${ligne.unite_nom} » de « ${ligne.nom} » ne se fractionne pas : la quantité retournée doit être un nombre entier.`,
      );
    const vendue = Number(ligne.quantite);
    const deja = Number(ligne.quantite_retournee);
    if (demande.quantite > vendue - deja)
      throw businessRule(
        `« ${ligne.nom} » : au plus ${formatQuantity(vendue - deja)} à retourner (vendu ${formatQuantity(vendue)}, déjà retourné ${formatQuantity(deja)}).`,
      );
    const ttc = montantRetour(Number(ligne.montant_ttc), vendue, deja, demande.quantite);
    const ht = montantRetour(Number(ligne.montant_ht), vendue, deja, demande.quantite);
    return { ligne, quantite: demande.quantite, ttc, ht, tva: ttc - ht };
  });
  const total = parts.reduce((a, p) => a + p.ttc, 0);

  const dette = await trx
    .selectFrom('dettes')
    .select(['id', 'montant', 'paye'])
    .where('vente_id', '=', r.venteId)
    .executeTakeFirst();
  const resteVente = dette ? Number(dette.montant) - Number(dette.paye) : 0;
  const impute = Math.min(total, resteVente);
  const rembourse = input.mode === 'remboursement' ? total - impute : 0;
  const avoir = input.mode === 'avoir' ? total - impute : 0;
  if (rembourse > 0 && !r.modeRemboursement)
    throw businessRule(
      `Indiquez le mode de remboursement : ${formatMoney(rembourse, service.devise)} reviennent au client.`,
    );

  const now = r.now?.toISOString() ?? nowIso();
  // Movements and allocations take the return's date when it is given (back-dated demo data).
  const at = r.now ? now : undefined;
  const numero = await nextNumero(trx, service, 'retour', r.now);
  const { id } = await trx
    .insertInto('retours')
    .values({
      service_id: serviceId,
      vente_id: r.venteId,
      numero,
      cle_idempotence: input.cleIdempotence,
      empreinte: r.empreinte,
      mode: input.mode,
      mode_remboursement: rembourse > 0 ? r.modeRemboursement! : null,
      montant_ht: parts.reduce((a, p) => a + p.ht, 0),
      montant_tva: parts.reduce((a, p) => a + p.tva, 0),
      montant_ttc: total,
      impute_dette: impute,
      rembourse,
      avoir,
      motif: input.motif,
      user_id: r.userId,
      created_at: now,
      caisse_session_id: r.sessionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const p of parts) {
    await trx
      .insertInto('retour_lignes')
      .values({
        service_id: serviceId,
        retour_id: id,
        vente_ligne_id: p.ligne.id,
        produit_id: p.ligne.produit_id,
        quantite: p.quantite,
        montant_ht: p.ht,
        montant_tva: p.tva,
        montant_ttc: p.ttc,
      })
      .execute();
    await trx
      .updateTable('vente_lignes')
      .set({ quantite_retournee: sql`quantite_retournee + ${p.quantite}` })
      .where('id', '=', p.ligne.id)
      .execute();
    await applyMovement(trx, {
      serviceId,
      produitId: p.ligne.produit_id,
      quantite: p.quantite,
      type: 'retour',
      motif: `Retour ${numero}`,
      documentType: 'retour',
      documentId: id,
      userId: r.userId,
      at,
    });
  }
  await trx
    .updateTable('ventes')
    .set({ montant_retourne: sql`montant_retourne + ${total}` })
    .where('id', '=', r.venteId)
    .execute();

  if (r.clientId !== null)
    await crediterRetour(trx, {
      serviceId,
      clientId: r.clientId,
      retourId: id,
      userId: r.userId,
      detteVente: dette ? { id: dette.id, venteId: r.venteId, reste: resteVente } : null,
      impute,
      avoir,
      createdAt: now,
      at,
    });
  await refreshVenteStatut(trx, r.venteId);
  await journaliser(trx, serviceId, {
    type: 'retour',
    reference: numero,
    horodatage: now,
    contenu: {
      retour: id,
      vente: r.venteId,
      utilisateur: r.userId,
      lignes: parts.map((p) => ({
        ligne: p.ligne.id,
        quantite: p.quantite,
        tauxTva: p.ligne.taux_tva,
        ht: p.ht,
        tva: p.tva,
        ttc: p.ttc,
      })),
      imputeDette: impute,
      rembourse,
      modeRemboursement: rembourse > 0 ? r.modeRemboursement : null,
      avoir,
    },
  });
  return id;
}
