import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  addDays,
  DEVIS_STATUT_LABELS,
  type Devis,
  type DevisData,
  type DevisUpdateData,
} from '@comptoir/shared';
import { empreinteOf, idempotentWrite } from '../../core/idempotence.js';
import { businessRule } from '../../core/errors.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso, shopToday } from '../../db/time.js';
import { ligneRows, prepareDevis, totauxColumns, type PreparedDevis } from './devis.prepare.js';
import { readDevis } from './devis.read.js';

type Service = Selectable<ServicesTable>;

/** Days a duplicated quote holds when no validity date is given. */
const VALIDITE_PAR_DEFAUT = 30;

async function insertLignes(trx: Transaction<DB>, p: PreparedDevis, serviceId: number, id: number) {
  const rows = ligneRows(p, serviceId, id);
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('devis_lignes')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** Records a draft under an idempotency key: a retry answers the first quote. */
async function recordDraft(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  cle: string,
  empreinte: string,
  content: DevisUpdateData,
): Promise<{ devis: Devis; replayed: boolean }> {
  const { value, replayed } = await idempotentWrite(
    db,
    {
      table: 'devis',
      serviceId: service.id,
      cle,
      empreinte,
      autreRequete: 'Cette clé a déjà servi pour un autre devis.',
      read: (handle, id) => readDevis(handle, service, id),
    },
    async (handle) => {
      const prepared = await prepareDevis(handle, service, content);
      return handle.transaction().execute(async (trx) => {
        const now = nowIso();
        const { id } = await trx
          .insertInto('devis')
          .values({
            ...totauxColumns(prepared),
            service_id: service.id,
            numero: null,
            cle_idempotence: cle,
            empreinte,
            user_id: userId,
            statut: 'brouillon',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertLignes(trx, prepared, service.id, id);
        return id;
      });
    },
  );
  return { devis: value, replayed };
}

/** A new draft quote (no number yet). */
export function createDevis(db: Kysely<DB>, userId: number, service: Service, input: DevisData) {
  return recordDraft(db, userId, service, input.cleIdempotence, empreinteOf(input), input);
}

/** Replaces a draft's content; a quote that left the draft state is refused (422). */
export async function updateDevis(
  db: Kysely<DB>,
  service: Service,
  devisId: number,
  input: DevisUpdateData,
): Promise<Devis> {
  const before = await readDevis(db, service, devisId);
  const refus = () =>
    businessRule(
      `Seul un brouillon se modifie : ce devis est « ${DEVIS_STATUT_LABELS[before.statut].toLowerCase()} ». Dupliquez-le pour en proposer un autre.`,
    );
  if (before.statut !== 'brouillon') throw refus();
  const prepared = await prepareDevis(db, service, input);
  await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('devis')
      .set({ ...totauxColumns(prepared), updated_at: nowIso() })
      .where('id', '=', devisId)
      .where('statut', '=', 'brouillon')
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw refus();
    await trx.deleteFrom('devis_lignes').where('devis_id', '=', devisId).execute();
    await insertLignes(trx, prepared, service.id, devisId);
  });
  return readDevis(db, service, devisId);
}

/**
 * A new draft with the content of a quote (any state): same customer, lines, discounts, notes and
 * terms; products at today's price of the sale type; valid until `dateValidite` (30 days by
 * default).
 */
export async function duplicateDevis(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  devisId: number,
  body: { cleIdempotence: string; dateValidite?: string | undefined },
) {
  const source = await readDevis(db, service, devisId);
  const dateValidite = body.dateValidite ?? addDays(shopToday(service), VALIDITE_PAR_DEFAUT);
  const content: DevisUpdateData = {
    clientId: source.client.id,
    typeVenteId: source.typeVente.id,
    dateValidite,
    lignes: source.lignes.map((l) =>
      l.produitId === null
        ? {
            produitId: null,
            designation: l.designation,
            prixUnitaire: l.prixUnitaire,
            tauxTva: l.tauxTva,
            uniteSymbole: l.uniteSymbole,
            quantite: l.quantite,
            remise: l.remise,
          }
        : {
            produitId: l.produitId,
            designation: null,
            prixUnitaire: null,
            tauxTva: null,
            uniteSymbole: null,
            quantite: l.quantite,
            remise: l.remise,
          },
    ),
    remiseGlobale: source.remiseGlobale,
    note: source.note,
    conditions: source.conditions,
  };
  const empreinte = empreinteOf({ duplication: devisId, dateValidite: body.dateValidite ?? null });
  return recordDraft(db, userId, service, body.cleIdempotence, empreinte, content);
}
