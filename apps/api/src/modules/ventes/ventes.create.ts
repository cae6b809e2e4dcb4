import { createHash } from 'node:crypto';
import { SqliteAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  calculerVente,
  formatMoney,
  isWholeQuantity,
  prixSelonType,
  type PrixUtilise,
  type Vente,
  type VenteData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, businessRule, conflict, notFound, validationError } from '../../core/errors.js';
import { nextNumero } from '../../db/numbering.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { applyMovements } from '../stock/stock.service.js';
import { refreshVenteStatut } from './ventes.statut.js';
import { now as currentTime, shopToday } from '../../db/time.js';
import { readVente } from './ventes.read.js';

type Service = Selectable<ServicesTable>;

export interface CreatedVente {
  vente: Vente;
  /** True when the key had already served for this very cart: the first sale is answered. */
  replayed: boolean;
}

export interface CreateOptions {
  /** Moment of the sale (demo data of past days, tests); now by default. Its year and day are the shop's. */
  now?: Date;
}

/** The canonical request without its key: sha-256 of it tells a replay from another cart. */
export function empreinteVente(input: VenteData): string {
  const canonical = {
    typeVenteId: input.typeVenteId,
    clientId: input.clientId ?? null,
    lignes: input.lignes.map((l) => ({
      produitId: l.produitId,
      quantite: l.quantite,
      remise: l.remise ? { type: l.remise.type, valeur: l.remise.valeur } : null,
    })),
    remiseGlobale: input.remiseGlobale
      ? { type: input.remiseGlobale.type, valeur: input.remiseGlobale.valeur }
      : null,
    paiements: input.paiements.map((p) => ({
      mode: p.mode,
      montant: p.montant,
      recu: p.recu ?? null,
      operateur: p.operateur ?? null,
      reference: p.reference ?? null,
    })),
    echeance: input.echeance ?? null,
    note: input.note ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const keyConflict = () => conflict('Cette clé a déjà servi pour une autre vente.');

/** The sale already recorded under this key: a replay when the cart is the same, 409 otherwise. */
async function replayOf(
  db: Kysely<DB>,
  service: Service,
  cle: string,
  empreinte: string,
): Promise<CreatedVente | null> {
  const existing = await db
    .selectFrom('ventes')
    .select(['id', 'empreinte'])
    .where('service_id', '=', service.id)
    .where('cle_idempotence', '=', cle)
    .executeTakeFirst();
  if (!existing) return null;
  if (existing.empreinte !== empreinte) throw keyConflict();
  return { vente: await readVente(db, service, existing.id), replayed: true };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Records a sale (product.md §2): prices of the sale type, amounts by calculerVente, payments,
 * the unpaid rest as a debt (customer, due date, credit limit; the customer's available credit is
 * allocated to it at once), stock out through the ledger and a gapless number, all in one
 * transaction. The idempotency key makes a retry answer the first sale.
 */
export function createVente(
  ctx: AppContext,
  userId: number,
  service: Service,
  input: VenteData,
  options: CreateOptions = {},
): Promise<CreatedVente> {
  return recordVente(ctx.database.db, userId, service, input, options);
}

/**
 * Same as createVente, on a database handle (demo data).
 * SQLite: the replay lookup, the checks, the writes and the answer all run in the one transaction,
 * a single turn of the one connection (every query outside a transaction waits for the connection
 * again, behind the other terminals' sales); the answer is the sale exactly as committed.
 * PostgreSQL: the reads stay outside, so that the transaction holds its pooled connection and its
 * product rows only for the writes; the answer's queries run in parallel after the commit.
 */
export async function recordVente(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  input: VenteData,
  options: CreateOptions = {},
): Promise<CreatedVente> {
  const empreinte = empreinteVente(input);
  const now = options.now ?? currentTime();
  try {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      return await db.transaction().execute(async (trx) => {
        const first = await replayOf(trx, service, input.cleIdempotence, empreinte);
        if (first) return first;
        const venteId = await (
          await prepareVente(trx, userId, service, input, empreinte, now)
        )(trx);
        return { vente: await readVente(trx, service, venteId), replayed: false };
      });
    }
    const first = await replayOf(db, service, input.cleIdempotence, empreinte);
    if (first) return first;
    const write = await prepareVente(db, userId, service, input, empreinte, now);
    const venteId = await db.transaction().execute(write);
    return { vente: await readVente(db, service, venteId), replayed: false };
  } catch (error) {
    // A concurrent request with the same key committed first: answer like a replay, never a 500.
    if (isUniqueViolation(error)) {
      const replay = await replayOf(db, service, input.cleIdempotence, empreinte);
      if (replay) return replay;
    }
    throw error;
  }
}

/**
 * A sale inside the caller's transaction, without the idempotency replay nor the answer (demo
 * data: many sales in one transaction). Returns the sale's id.
 */
export async function insertVente(
  trx: Transaction<DB>,
  userId: number,
  service: Service,
  input: VenteData,
  now: Date,
): Promise<number> {
  const write = await prepareVente(trx, userId, service, input, empreinteVente(input), now);
  return write(trx);
}

/** Checks the cart against the shop's rows and computes it; returns the writing of the sale. */
async function prepareVente(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  input: VenteData,
  empreinte: string,
  now: Date,
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

  const ids = [...new Set(input.lignes.map((l) => l.produitId))];
  const produits = await db
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
    const p = byId.get(l.produitId)!;
    if (p.actif !== 1)
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
  const calcul = calculerVente(
    input.lignes.map((l) => {
      const p = byId.get(l.produitId)!;
      return {
        prixUnitaire: prixOf(p),
        quantite: l.quantite,
        tauxTva: p.taux_tva,
        remise: l.remise ?? null,
      };
    }),
    input.remiseGlobale ?? null,
    { assujettiTva: service.assujetti_tva === 1, prixTtc: service.prix_ttc === 1 },
  );
  const money = (v: number) => formatMoney(v, service.devise);
  const paye = input.paiements.reduce((a, p) => a + p.montant, 0);
  if (paye > calcul.totalTtc)
    throw businessRule(
      `Les paiements (${money(paye)}) dépassent le total de la vente (${money(calcul.totalTtc)}).`,
    );
  const reste = calcul.totalTtc - paye;
  if (reste > 0 && !client)
    throw businessRule(`Le reste à payer (${money(reste)}) exige un client.`);
  if (reste > 0 && !input.echeance)
    throw businessRule(`Le reste à payer (${money(reste)}) exige une date d'échéance.`);
  if (reste > 0 && input.echeance! < shopToday(service, now))
    throw businessRule("La date d'échéance ne peut pas être passée.");
  const rendus = input.paiements.map((p) =>
    p.mode === 'especes' && p.recu !== null ? p.recu - p.montant : 0,
  );
  const nowIso = now.toISOString();

  return async (trx) => {
    if (reste > 0) await checkCreditLimit(trx, service, client!, reste, money);
    const numero = await nextNumero(trx, service, 'vente', service.prefixe_vente, now);
    const { id } = await trx
      .insertInto('ventes')
      .values({
        service_id: service.id,
        numero,
        cle_idempotence: input.cleIdempotence,
        empreinte,
        type_vente_id: typeVente.id,
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
        rendu: rendus.reduce((a, b) => a + b, 0),
        statut: reste > 0 ? (paye > 0 ? 'partiellement_payee' : 'a_credit') : 'payee',
        note: input.note ?? null,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lignes = input.lignes.map((l, i) => {
      const p = byId.get(l.produitId)!;
      const c = calcul.lignes[i]!;
      return {
        service_id: service.id,
        vente_id: id,
        position: i + 1,
        produit_id: p.id,
        nom: p.nom,
        reference: p.reference,
        code_barres: p.code_barres,
        unite_symbole: p.symbole,
        quantite: l.quantite,
        prix_unitaire: prixOf(p),
        taux_tva: c.tauxTva,
        prix_achat: Number(p.prix_achat),
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
    for (let i = 0; i < lignes.length; i += 100)
      await trx
        .insertInto('vente_lignes')
        .values(lignes.slice(i, i + 100))
        .execute();
    if (input.paiements.length) {
      await trx
        .insertInto('paiements')
        .values(
          input.paiements.map((p, i) => ({
            service_id: service.id,
            vente_id: id,
            mode: p.mode,
            montant: p.montant,
            recu: p.recu ?? null,
            rendu: rendus[i]!,
            operateur: p.operateur ?? null,
            reference: p.reference ?? null,
            created_at: nowIso,
          })),
        )
        .execute();
    }
    // One movement per product; applyMovements locks the rows in id order (concurrent multi-line sales).
    const sorties = new Map<number, number>();
    for (const l of input.lignes)
      sorties.set(l.produitId, (sorties.get(l.produitId) ?? 0) + l.quantite);
    await applyMovements(trx, {
      serviceId: service.id,
      type: 'vente',
      motif: `Vente ${numero}`,
      documentType: 'vente',
      documentId: id,
      userId,
      at: nowIso,
      lignes: [...sorties].map(([produitId, quantite]) => ({ produitId, quantite: -quantite })),
    });
    if (reste > 0) {
      const dette = await trx
        .insertInto('dettes')
        .values({
          service_id: service.id,
          vente_id: id,
          client_id: client!.id,
          montant: reste,
          paye: 0,
          echeance: input.echeance!,
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await allocateCredit(trx, service.id, client!.id, dette.id, reste, nowIso);
      await refreshVenteStatut(trx, id);
    }
    return id;
  };
}

/** Outstanding of the customer plus the new rest (after their available credit) within the limit. */
async function checkCreditLimit(
  trx: Transaction<DB>,
  service: Service,
  client: { id: number; nom: string; plafond_credit: number | null },
  reste: number,
  money: (v: number) => string,
) {
  // Touch the customer's row: concurrent credit sales to the same customer queue here (PostgreSQL).
  await trx
    .updateTable('clients')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', client.id)
    .execute();
  if (client.plafond_credit === null) return;
  const row = await trx
    .selectFrom('dettes')
    .select(sql<number>`coalesce(sum(montant - paye), 0)`.as('encours'))
    .where('service_id', '=', service.id)
    .where('client_id', '=', client.id)
    .executeTakeFirstOrThrow();
  const credit = await availableCredit(trx, service.id, client.id);
  const encours = Number(row.encours);
  const nouveau = Math.max(0, reste - credit);
  const plafond = Number(client.plafond_credit);
  if (encours + nouveau > plafond) {
    throw new AppError(
      422,
      'BUSINESS_RULE',
      'Plafond de crédit dépassé',
      `Plafond de crédit de « ${client.nom} » dépassé : encours ${money(encours)} + reste ${money(nouveau)} > plafond ${money(plafond)}.`,
    );
  }
}

async function availableCredit(
  trx: Transaction<DB>,
  serviceId: number,
  clientId: number,
): Promise<number> {
  const row = await trx
    .selectFrom('reglements')
    .select(sql<number>`coalesce(sum(disponible), 0)`.as('credit'))
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .where('disponible', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.credit);
}

/** The customer's unallocated credit (returns credited to their account), oldest first, to the new debt. */
async function allocateCredit(
  trx: Transaction<DB>,
  serviceId: number,
  clientId: number,
  detteId: number,
  reste: number,
  nowIso: string,
) {
  const credits = await trx
    .selectFrom('reglements')
    .select(['id', 'disponible'])
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .where('disponible', '>', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let left = reste;
  let alloue = 0;
  for (const c of credits) {
    if (left <= 0) break;
    const part = Math.min(Number(c.disponible), left);
    await trx
      .insertInto('reglement_allocations')
      .values({
        service_id: serviceId,
        reglement_id: c.id,
        dette_id: detteId,
        montant: part,
        created_at: nowIso,
      })
      .execute();
    await trx
      .updateTable('reglements')
      .set({ disponible: sql`disponible - ${part}` })
      .where('id', '=', c.id)
      .execute();
    left -= part;
    alloue += part;
  }
  if (alloue > 0)
    await trx.updateTable('dettes').set({ paye: alloue }).where('id', '=', detteId).execute();
}
