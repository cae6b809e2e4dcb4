import { sql, type Selectable, type Transaction } from 'kysely';
import { formatQuantity, montantRetour, type Avoir, type AvoirData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, sha256 } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import { lockParty } from '../../db/locks.js';
import { nextNumero } from '../../db/numbering.js';
import { refreshFactureSolde } from '../dettes/dettes.factures.js';
import { journaliser } from '../journal/journal.append.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { documentSession } from '../caisses/caisses.session.js';
import { insertRetour } from '../retours/retours.create.js';
import { readAvoir } from './factures.service.js';

type Service = Selectable<ServicesTable>;

export interface AvoirAnswer {
  avoir: Avoir;
  replayed: boolean;
}

/**
 * A credit note on an invoice (docs/regles-metier.md, « Avoirs »), in one transaction: per line, a
 * quantity never above invoiced minus already credited (the invoice row is locked first, so two
 * concurrent credit notes cannot both take the last unit); amounts by montantRetour (the credit
 * notes of a line add up exactly to it); number AV-AAAA-NNNNNN. With `retour`, the goods come back:
 * one return per sale (modules/retours: stock, debt, refund or customer credit) in the same
 * transaction, linked to the lines. Idempotent (core/idempotence.ts).
 */
export async function createAvoir(
  ctx: AppContext,
  service: Service,
  userId: number,
  factureId: number,
  input: AvoirData,
): Promise<AvoirAnswer> {
  const ids = input.lignes.map((l) => l.ligneId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0)
    throw validationError([
      { field: `lignes.${twice}.ligneId`, message: 'Cette ligne figure deux fois dans l’avoir.' },
    ]);
  const facture = await ctx.database.db
    .selectFrom('factures')
    .select(['id', 'client_id'])
    .where('id', '=', factureId)
    .where('service_id', '=', service.id)
    .executeTakeFirst();
  if (!facture) throw notFound('Facture introuvable.');
  const empreinte = empreinteOf({ ...input, factureId });
  const { value, replayed } = await idempotentWrite(
    ctx.database.db,
    {
      table: 'avoirs',
      serviceId: service.id,
      cle: input.cleIdempotence,
      empreinte,
      autreRequete: 'Cette clé a déjà servi pour un autre avoir.',
      read: (db, id) => readAvoir(db, service.id, id),
    },
    (db) =>
      db.transaction().execute(async (trx) => {
        // Lock order, as a return's: the register's session (a refund paid from it), the
        // customer (a return changes what they owe), the invoice, then the sales.
        const sessionId = await documentSession(trx, service.id, input.retour?.caisseId);
        await lockParty(trx, 'clients', service.id, facture.client_id);
        await trx
          .selectFrom('factures')
          .select('id')
          .where('id', '=', factureId)
          .$if(isPostgres(trx), (q) => q.forUpdate())
          .execute();
        return record(trx, service, userId, factureId, input, empreinte, sessionId);
      }),
  );
  return { avoir: value, replayed };
}

async function record(
  trx: Transaction<DB>,
  service: Service,
  userId: number,
  factureId: number,
  input: AvoirData,
  empreinte: string,
  sessionId: number | null,
): Promise<number> {
  const lignes = await trx
    .selectFrom('facture_lignes')
    .selectAll()
    .where('facture_id', '=', factureId)
    .execute();
  const parts = input.lignes.map((demande) => {
    const ligne = lignes.find((l) => l.id === demande.ligneId);
    if (!ligne) throw notFound(`Ligne de facture introuvable (identifiant ${demande.ligneId}).`);
    const facturee = Number(ligne.quantite);
    const deja = Number(ligne.quantite_creditee);
    if (demande.quantite > facturee - deja)
      throw businessRule(
        `« ${ligne.nom} » : au plus ${formatQuantity(facturee - deja)} à créditer (facturé ${formatQuantity(facturee)}, déjà crédité ${formatQuantity(deja)}).`,
      );
    const ttc = montantRetour(Number(ligne.montant_ttc), facturee, deja, demande.quantite);
    const ht = montantRetour(Number(ligne.montant_ht), facturee, deja, demande.quantite);
    return {
      ligne,
      quantite: demande.quantite,
      ttc,
      ht,
      tva: ttc - ht,
      retourId: null as number | null,
    };
  });

  const at = now();
  if (input.retour) {
    const ventes = await trx
      .selectFrom('ventes')
      .select(['id', 'client_id'])
      .where('id', 'in', [...new Set(parts.map((p) => p.ligne.vente_id))])
      .orderBy('id')
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .execute();
    for (const vente of ventes) {
      const own = parts.filter((p) => p.ligne.vente_id === vente.id);
      const retourId = await insertRetour(
        trx,
        service,
        userId,
        vente,
        {
          cleIdempotence: `avoir-${sha256(`${input.cleIdempotence}:${vente.id}`).slice(0, 40)}`,
          lignes: own.map((p) => ({ ligneId: p.ligne.vente_ligne_id, quantite: p.quantite })),
          mode: input.retour.mode,
          modeRemboursement: input.retour.modeRemboursement ?? null,
          motif: input.motif,
        },
        { now: at, sessionId },
      );
      for (const p of own) p.retourId = retourId;
    }
  }

  const sum = (k: 'ht' | 'tva' | 'ttc') => parts.reduce((a, p) => a + p[k], 0);
  const numero = await nextNumero(trx, service, 'avoir', at);
  const { id } = await trx
    .insertInto('avoirs')
    .values({
      service_id: service.id,
      facture_id: factureId,
      numero,
      cle_idempotence: input.cleIdempotence,
      empreinte,
      user_id: userId,
      montant_ht: sum('ht'),
      montant_tva: sum('tva'),
      montant_ttc: sum('ttc'),
      motif: input.motif,
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('avoir_lignes')
    .values(
      parts.map((p) => ({
        service_id: service.id,
        avoir_id: id,
        facture_ligne_id: p.ligne.id,
        retour_id: p.retourId,
        quantite: p.quantite,
        montant_ht: p.ht,
        montant_tva: p.tva,
        montant_ttc: p.ttc,
      })),
    )
    .execute();
  for (const p of parts)
    await trx
      .updateTable('facture_lignes')
      .set({ quantite_creditee: sql`quantite_creditee + ${p.quantite}` })
      .where('id', '=', p.ligne.id)
      .execute();
  const commercial = input.retour ? 0 : sum('ttc');
  await trx
    .updateTable('factures')
    .set({
      montant_avoirs: sql`montant_avoirs + ${sum('ttc')}`,
      avoirs_commerciaux: sql`avoirs_commerciaux + ${commercial}`,
    })
    .where('id', '=', factureId)
    .execute();
  await refreshFactureSolde(trx, { factureId });
  await journaliser(trx, service.id, {
    type: 'avoir',
    reference: numero,
    horodatage: at.toISOString(),
    contenu: {
      avoir: id,
      facture: factureId,
      utilisateur: userId,
      commercial: commercial > 0,
      lignes: parts.map((p) => ({
        factureLigne: p.ligne.id,
        quantite: p.quantite,
        retour: p.retourId,
        ht: p.ht,
        tva: p.tva,
        ttc: p.ttc,
      })),
      ht: sum('ht'),
      tva: sum('tva'),
      ttc: sum('ttc'),
    },
  });
  return id;
}
