import type { Selectable, Transaction } from 'kysely';
import { formatMoney, nouveauCump, type Achat, type AchatValidationData } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, businessRule, conflict, notFound } from '../../core/errors.js';
import { empreinteOf, isUniqueViolation } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import { lockParty } from '../../db/locks.js';
import { nextNumero } from '../../db/numbering.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { applyMovements } from '../stock/stock.lot.js';
import { payerFournisseur } from './achats.paiements.js';
import { readAchat } from './achats.read.js';
import { refreshAchatStatut } from './achats.statut.js';

type Service = Selectable<ServicesTable>;

/**
 * Validates a draft, once (docs/regles-metier.md « Achats »), in one transaction: its number
 * A-AAAA-NNNNNN, each product's CUMP recomputed from the stock on hand and the landed value of
 * its lines (nouveauCump, exact), the stock in through the ledger ('achat' movements), the
 * payments made at once allocated to it. Lock order: supplier, purchase, counter, products by id.
 * A concurrent or retried validation finds the purchase validated: with the same key and request,
 * the first answer (replayed); otherwise 409.
 */
export async function validateAchat(
  ctx: AppContext,
  service: Service,
  userId: number,
  achatId: number,
  input: AchatValidationData,
): Promise<{ achat: Achat; replayed: boolean }> {
  const { db } = ctx.database;
  const empreinte = empreinteOf({ ...input, achatId });
  const row = await db
    .selectFrom('achats')
    .select('fournisseur_id')
    .where('id', '=', achatId)
    .where('service_id', '=', service.id)
    .executeTakeFirst();
  if (!row) throw notFound('Achat introuvable.');
  let replayed: boolean;
  try {
    replayed = await db.transaction().execute(async (trx) => {
      await lockParty(trx, 'fournisseurs', service.id, row.fournisseur_id);
      const achat = await trx
        .selectFrom('achats')
        .selectAll()
        .where('id', '=', achatId)
        .$if(isPostgres(trx), (q) => q.forUpdate())
        .executeTakeFirstOrThrow();
      if (achat.statut !== 'brouillon') return replayOf(achat, input.cleIdempotence, empreinte);
      await record(trx, service, userId, achat, input, empreinte);
      return false;
    });
  } catch (error) {
    if (error instanceof AppError || !isUniqueViolation(error)) throw error;
    // The key served for another validation of the shop, committed meanwhile.
    throw conflict('Cette clé a déjà servi pour une autre validation.');
  }
  return { achat: await readAchat(db, service, achatId), replayed };
}

function replayOf(
  achat: {
    numero: string | null;
    cle_validation: string | null;
    empreinte_validation: string | null;
  },
  cle: string,
  empreinte: string,
): boolean {
  if (achat.cle_validation === cle && achat.empreinte_validation === empreinte) return true;
  if (achat.cle_validation === cle)
    throw conflict('Cette clé a déjà servi pour une autre validation.');
  throw conflict(`L'achat est déjà validé (${achat.numero}).`);
}

async function record(
  trx: Transaction<DB>,
  service: Service,
  userId: number,
  achat: Selectable<DB['achats']>,
  input: AchatValidationData,
  empreinte: string,
): Promise<void> {
  const total = Number(achat.total);
  const paye = input.paiements.reduce((a, p) => a + p.montant, 0);
  if (paye > total)
    throw businessRule(
      `Les paiements (${formatMoney(paye, service.devise)}) dépassent le total de l'achat (${formatMoney(total, service.devise)}).`,
    );
  const numero = await nextNumero(trx, service, 'achat');
  const at = nowIso();
  const lignes = await trx
    .selectFrom('achat_lignes')
    .select(['id', 'produit_id', 'quantite', 'cout_revient'])
    .where('achat_id', '=', achat.id)
    .execute();
  if (lignes.length === 0)
    throw businessRule("Cet achat n'a plus de ligne : ajoutez-en avant de le valider.");
  // Per product: quantity in and landed value of its lines (a product may be on several lines).
  const entrees = new Map<number, { quantite: number; valeur: number }>();
  for (const l of lignes) {
    const e = entrees.get(l.produit_id) ?? { quantite: 0, valeur: 0 };
    e.quantite += Number(l.quantite);
    e.valeur += Number(l.cout_revient);
    entrees.set(l.produit_id, e);
  }
  const ids = [...entrees.keys()].sort((a, b) => a - b);
  const produits = await trx
    .selectFrom('produits')
    .select(['id', 'quantite', 'prix_achat'])
    .where('service_id', '=', service.id)
    .where('id', 'in', ids)
    .orderBy('id')
    .$if(isPostgres(trx), (q) => q.forNoKeyUpdate())
    .execute();
  for (const p of produits) {
    const e = entrees.get(p.id)!;
    const avant = Number(p.prix_achat);
    const apres = nouveauCump(Number(p.quantite), avant, e.quantite, e.valeur);
    await trx
      .updateTable('produits')
      .set({ prix_achat: apres, updated_at: at })
      .where('id', '=', p.id)
      .execute();
    await trx
      .updateTable('achat_lignes')
      .set({ cump_avant: avant, cump_apres: apres })
      .where('achat_id', '=', achat.id)
      .where('produit_id', '=', p.id)
      .execute();
  }
  await applyMovements(trx, {
    serviceId: service.id,
    type: 'achat',
    motif: `Achat ${numero}`,
    documentType: 'achat',
    documentId: achat.id,
    userId,
    at,
    lignes: ids.map((produitId) => ({ produitId, quantite: entrees.get(produitId)!.quantite })),
  });
  await trx
    .updateTable('achats')
    .set({
      numero,
      statut: 'valide',
      cle_validation: input.cleIdempotence,
      empreinte_validation: empreinte,
      validated_at: at,
      updated_at: at,
    })
    .where('id', '=', achat.id)
    .execute();
  let reste = total;
  for (const p of input.paiements) {
    await payerFournisseur(
      trx,
      {
        serviceId: service.id,
        fournisseurId: achat.fournisseur_id,
        userId,
        mode: p.mode,
        montant: p.montant,
        operateur: p.operateur,
        reference: p.reference,
        cle: null,
        empreinte: null,
        at,
      },
      [{ id: achat.id, numero, reste }],
    );
    reste -= p.montant;
  }
  await refreshAchatStatut(trx, achat.id);
}
