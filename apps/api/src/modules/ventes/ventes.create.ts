import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Vente, VenteData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { conflict } from '../../core/errors.js';
import { idempotentWrite, sha256 } from '../../core/idempotence.js';
import { filDe, isPostgres } from '../../db/database.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { SUITE_NECESSAIRE } from '../../db/pg-nommees.js';
import { transactionsGroupees } from '../../db/sqlite-groupe.js';
import { currentClockOf, now as currentTime, systemClock } from '../../db/time.js';
import { prepareVente, type LigneFixee, type VenteACreer } from './ventes.prepare.js';
import { readVente } from './ventes.read.js';
import type { VenteCaisseOptions } from './ventes.types.js';

type Service = Selectable<ServicesTable>;

export interface CreatedVente {
  vente: Vente;
  /** True when the key had already served for this very cart: the first sale is answered. */
  replayed: boolean;
}

export interface CreateOptions {
  /** Moment of the sale (demo data of past days, tests); now by default. Its year and day are the shop's. */
  now?: Date;
  /** Lines whose price a document fixed (a converted quote), aligned with the input's lines. */
  fixees?: readonly LigneFixee[];
  /** Runs in the sale's transaction once it is written (a converted quote marks itself). */
  apres?: (trx: Transaction<DB>, venteId: number) => Promise<void>;
  /** A sale of a register's series, made by the till (modules/synchro). */
  horsLigne?: VenteCaisseOptions;
}

/** The canonical request without its key: sha-256 of it tells a replay from another cart. */
export function empreinteVente(input: VenteACreer): string {
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
    // Only when given (the fingerprints of earlier sales stay what they were).
    ...(input.avoir === undefined ? {} : { avoir: input.avoir }),
    // Only when given: the fingerprints of sales without a register stay what they were.
    ...(input.caisseId === undefined ? {} : { caisseId: input.caisseId }),
    ...(input.auPointDeVente ? { auPointDeVente: true } : {}),
  };
  return sha256(JSON.stringify(canonical));
}

/**
 * PostgreSQL: the sale's transaction, its COMMIT sent behind its last statement when nothing
 * follows the sale (`derniere`); written again the usual way when that statement finds it needs
 * one after it (SUITE_NECESSAIRE: rolled back whole).
 */
async function enUneOuDeux<T>(
  db: Kysely<DB>,
  write: (trx: Transaction<DB>, derniere?: boolean) => Promise<T>,
  derniere: boolean,
): Promise<T> {
  try {
    return await db.transaction().execute((trx) => write(trx, derniere));
  } catch (error) {
    if (!derniere || (error as { code?: string }).code !== SUITE_NECESSAIRE) throw error;
    return db.transaction().execute((trx) => write(trx));
  }
}

/**
 * Records a sale (docs: selling rules): prices of the sale type, amounts by calculerVente,
 * payments, the unpaid rest as a debt (customer, due date, credit limit; the customer's available
 * credit is allocated to it at once), stock out through the ledger and a gapless number, all in
 * one transaction. The idempotency key makes a retry answer the first sale (core/idempotence.ts).
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
 * Same as createVente, on a database handle.
 * SQLite: the replay lookup, the checks, the writes and the answer all run in the one transaction,
 * a single turn of the one connection (every query outside a transaction waits for the connection
 * again, behind the other terminals' sales); the answer is the sale exactly as committed.
 * PostgreSQL: the reads stay outside, so that the transaction holds its pooled connection and its
 * product rows only for the writes.
 * Either way the key's sale, the sale type, the seller, the customer and the products are read in
 * one statement, and the answer is built from the values written, not read back.
 */
export async function recordVente(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  input: VenteACreer,
  options: CreateOptions = {},
): Promise<CreatedVente> {
  // SQLite: a sale of the counter is recorded whole on the sales' thread (db/sqlite-ventes.ts); a
  // document's (fixed lines, a hook after it) or a till's sync stays here.
  const fil = options.apres || options.fixees || options.horsLigne ? undefined : filDe(db);
  if (fil)
    try {
      const horloge = currentClockOf();
      return (await fil.vendre({
        userId,
        service,
        input,
        ...(options.now ? { maintenant: options.now.getTime() } : {}),
        ...(horloge === systemClock ? {} : { horloge: horloge.now().getTime() }),
      })) as CreatedVente;
    } catch (error) {
      // The thread stopped: recorded here, the key answering the sale if it had committed it.
      if (fil.vivant) throw error;
    }
  const now = options.now ?? currentTime();
  const empreinte = options.horsLigne?.empreinte ?? empreinteVente(input);
  const oneTransaction = !isPostgres(db);
  // SQLite: the sale's COMMIT may be shared with the sales waiting behind it (sqlite-groupe.ts).
  const { value, replayed } = await transactionsGroupees(() =>
    idempotentWrite(
      db,
      {
        table: 'ventes',
        serviceId: service.id,
        cle: input.cleIdempotence,
        empreinte,
        autreRequete: 'Cette clé a déjà servi pour une autre vente.',
        read: (handle, id) => readVente(handle, service, id),
      },
      async (handle) => {
        const prepared = await prepareVente(
          handle,
          userId,
          service,
          input,
          empreinte,
          now,
          options.fixees,
          options.horsLigne,
        );
        if (typeof prepared !== 'function') return prepared;
        const write = async (trx: Transaction<DB>, derniere = false) => {
          const ecrite = await prepared(trx, derniere);
          await options.apres?.(trx, ecrite.id);
          return ecrite;
        };
        const ecrite = oneTransaction
          ? await write(handle as Transaction<DB>)
          : await enUneOuDeux(handle, write, !options.apres);
        // A hook may write more about the sale (a converted quote): its answer is then read back.
        return options.apres ? ecrite.id : { id: ecrite.id, value: ecrite.reponse() };
      },
      { oneTransaction, lookupInWrite: true },
    ),
  );
  return { vente: value, replayed };
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
  if (typeof write !== 'function') throw conflict('Cette clé a déjà servi pour une vente.');
  return (await write(trx)).id;
}
