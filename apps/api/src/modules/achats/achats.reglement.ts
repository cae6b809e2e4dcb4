import type { Kysely, Selectable } from 'kysely';
import {
  formatMoney,
  type ModePaiement,
  type ReglementFournisseur,
  type ReglementFournisseurData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, notFound } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, type IdempotentRequest } from '../../core/idempotence.js';
import { lockParty } from '../../db/locks.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { achatsOuverts, payerFournisseur } from './achats.paiements.js';

type Service = Selectable<ServicesTable>;

/**
 * A payment to a supplier (owner), in any mode: allocated to the chosen purchase, else to the
 * oldest purchases first; more than what is owed is refused (422 naming the amount owed).
 * Idempotent (core/idempotence.ts).
 */
export async function createReglementFournisseur(
  ctx: AppContext,
  service: Service,
  userId: number,
  fournisseurId: number,
  input: ReglementFournisseurData,
): Promise<{ reglement: ReglementFournisseur; replayed: boolean }> {
  await fournisseurOf(ctx.database.db, service.id, fournisseurId);
  const request = {
    table: 'reglements_fournisseurs',
    serviceId: service.id,
    cle: input.cleIdempotence,
    empreinte: empreinteOf({ ...input, fournisseurId, achatId: input.achatId ?? null }),
    autreRequete: 'Cette clé a déjà servi pour un autre règlement.',
    read: async (db, id) => (await findReglementsFournisseur(db, service.id, { ids: [id] }))[0]!,
  } satisfies IdempotentRequest<ReglementFournisseur>;
  const { value, replayed } = await idempotentWrite(ctx.database.db, request, (db) =>
    db.transaction().execute(async (trx) => {
      await lockParty(trx, 'fournisseurs', service.id, fournisseurId);
      let cibles = await achatsOuverts(trx, service.id, fournisseurId);
      const du = (input.achatId ? cibles.filter((a) => a.id === input.achatId) : cibles).reduce(
        (a, c) => a + c.reste,
        0,
      );
      if (input.achatId) {
        const choisi = await trx
          .selectFrom('achats')
          .select(['numero', 'statut'])
          .where('id', '=', input.achatId)
          .where('service_id', '=', service.id)
          .where('fournisseur_id', '=', fournisseurId)
          .executeTakeFirst();
        if (!choisi || choisi.statut === 'brouillon')
          throw notFound('Achat validé introuvable pour ce fournisseur.');
        if (input.montant > du)
          throw businessRule(
            `Le montant dépasse ce qui reste à payer sur l'achat ${choisi.numero} (${formatMoney(du, service.devise)}).`,
          );
        cibles = cibles.filter((a) => a.id === input.achatId);
      } else if (input.montant > du)
        throw businessRule(
          `Le montant dépasse ce qui est dû au fournisseur (${formatMoney(du, service.devise)}).`,
        );
      return payerFournisseur(
        trx,
        {
          serviceId: service.id,
          fournisseurId,
          userId,
          mode: input.mode,
          montant: input.montant,
          operateur: input.operateur,
          reference: input.reference,
          cle: input.cleIdempotence,
          empreinte: request.empreinte,
          at: nowIso(),
        },
        cibles,
      );
    }),
  );
  return { reglement: value, replayed };
}

/** The shop's supplier; 404 for another shop's. */
export async function fournisseurOf(db: Kysely<DB>, serviceId: number, fournisseurId: number) {
  const f = await db
    .selectFrom('fournisseurs')
    .select(['id', 'nom', 'telephone'])
    .where('id', '=', fournisseurId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!f) throw notFound('Fournisseur introuvable.');
  return f;
}

/** Supplier payments with their allocations: by ids, or all of a supplier (newest first). */
export async function findReglementsFournisseur(
  db: Kysely<DB>,
  serviceId: number,
  filter: { ids?: number[]; fournisseurId?: number },
): Promise<ReglementFournisseur[]> {
  const rows = await db
    .selectFrom('reglements_fournisseurs as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.prenom', 'u.nom'])
    .where('r.service_id', '=', serviceId)
    .$if(filter.ids !== undefined, (q) => q.where('r.id', 'in', filter.ids!))
    .$if(filter.fournisseurId !== undefined, (q) =>
      q.where('r.fournisseur_id', '=', filter.fournisseurId!),
    )
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const allocations = await db
    .selectFrom('achat_paiements as ap')
    .innerJoin('achats as a', 'a.id', 'ap.achat_id')
    .select(['ap.reglement_id', 'ap.achat_id', 'a.numero', 'ap.montant'])
    .where(
      'ap.reglement_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('ap.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    mode: r.mode as ModePaiement,
    montant: Number(r.montant),
    operateur: r.operateur,
    reference: r.reference,
    user: { id: r.user_id, prenom: r.prenom, nom: r.nom },
    createdAt: r.created_at,
    allocations: allocations
      .filter((a) => a.reglement_id === r.id)
      .map((a) => ({ achatId: a.achat_id, achatNumero: a.numero!, montant: Number(a.montant) })),
  }));
}
