import { sql, type Kysely, type Selectable } from 'kysely';
import {
  formatMoney,
  formatQuantity,
  isWholeQuantity,
  montantRetour,
  type ModePaiement,
  type RetourAchat,
  type RetourAchatData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule, notFound, validationError } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, type IdempotentRequest } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import { lockParty } from '../../db/locks.js';
import { nextNumero } from '../../db/numbering.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { applyMovement } from '../stock/stock.service.js';
import { resteOf } from './achats.read.js';
import { refreshAchatStatut } from './achats.statut.js';

type Service = Selectable<ServicesTable>;

/**
 * A return to the supplier of lines of a validated purchase: its own document RA-AAAA-NNNNNN, in
 * one transaction. Quantities at most bought minus already returned; each line's amount by
 * montantRetour of the line's goods amount (the returns of a line add up exactly to it; extra
 * costs are not given back); stock out through the ledger ('retour_fournisseur', the CUMP does not
 * change: goods leave at their average cost); the amount first reduces what the purchase still
 * owes, the rest is paid back by the supplier (its mode then required). Idempotent.
 */
export async function createRetourAchat(
  ctx: AppContext,
  service: Service,
  userId: number,
  achatId: number,
  input: RetourAchatData,
): Promise<{ retour: RetourAchat; replayed: boolean }> {
  const ids = input.lignes.map((l) => l.ligneId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0)
    throw validationError([
      { field: `lignes.${twice}.ligneId`, message: 'Cette ligne figure deux fois dans le retour.' },
    ]);
  const row = await ctx.database.db
    .selectFrom('achats')
    .select(['fournisseur_id'])
    .where('id', '=', achatId)
    .where('service_id', '=', service.id)
    .executeTakeFirst();
  if (!row) throw notFound('Achat introuvable.');
  const request = {
    table: 'retours_achats',
    serviceId: service.id,
    cle: input.cleIdempotence,
    empreinte: empreinteOf({
      ...input,
      achatId,
      modeRemboursement: input.modeRemboursement ?? null,
    }),
    autreRequete: 'Cette clé a déjà servi pour un autre retour.',
    read: async (db, id) => (await findRetoursAchats(db, service.id, { id }))[0]!,
  } satisfies IdempotentRequest<RetourAchat>;
  const { value, replayed } = await idempotentWrite(ctx.database.db, request, (db) =>
    db.transaction().execute(async (trx) => {
      await lockParty(trx, 'fournisseurs', service.id, row.fournisseur_id);
      const achat = await trx
        .selectFrom('achats')
        .selectAll()
        .where('id', '=', achatId)
        .$if(isPostgres(trx), (q) => q.forUpdate())
        .executeTakeFirstOrThrow();
      if (achat.statut === 'brouillon')
        throw businessRule('Un brouillon ne se retourne pas : modifiez-le ou supprimez-le.');
      const lignesAchat = await trx
        .selectFrom('achat_lignes as l')
        .innerJoin('produits as p', 'p.id', 'l.produit_id')
        .innerJoin('unites as u', 'u.id', 'p.unite_id')
        .select([
          'l.id',
          'l.produit_id',
          'l.nom',
          'l.quantite',
          'l.quantite_retournee',
          'l.montant',
          'u.fractionnable',
          'u.nom as unite_nom',
        ])
        .where('l.achat_id', '=', achatId)
        .execute();
      const parts = input.lignes.map((demande, i) => {
        const ligne = lignesAchat.find((l) => l.id === demande.ligneId);
        if (!ligne)
          throw validationError([
            { field: `lignes.${i}.ligneId`, message: "Cette ligne n'appartient pas à l'achat." },
          ]);
        if (ligne.fractionnable !== 1 && !isWholeQuantity(demande.quantite))
          throw businessRule(
            `L'unité « ${ligne.unite_nom} » de « ${ligne.nom} » ne se fractionne pas : la quantité retournée doit être un nombre entier.`,
          );
        const achetee = Number(ligne.quantite);
        const deja = Number(ligne.quantite_retournee);
        if (demande.quantite > achetee - deja)
          throw businessRule(
            `« ${ligne.nom} » : au plus ${formatQuantity(achetee - deja)} à retourner (acheté ${formatQuantity(achetee)}, déjà retourné ${formatQuantity(deja)}).`,
          );
        const montant = montantRetour(Number(ligne.montant), achetee, deja, demande.quantite);
        return { ligne, quantite: demande.quantite, montant };
      });
      const montant = parts.reduce((a, p) => a + p.montant, 0);
      const impute = Math.min(montant, Math.max(0, resteOf(achat)));
      const rembourse = montant - impute;
      const mode = input.modeRemboursement ?? null;
      if (rembourse > 0 && !mode)
        throw businessRule(
          `Indiquez le mode de remboursement : le fournisseur vous rend ${formatMoney(rembourse, service.devise)}.`,
        );
      const at = nowIso();
      const numero = await nextNumero(trx, service, 'retour_achat');
      const { id } = await trx
        .insertInto('retours_achats')
        .values({
          service_id: service.id,
          achat_id: achatId,
          fournisseur_id: achat.fournisseur_id,
          numero,
          cle_idempotence: input.cleIdempotence,
          empreinte: request.empreinte,
          montant,
          impute,
          rembourse,
          mode_remboursement: rembourse > 0 ? mode : null,
          motif: input.motif,
          user_id: userId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const p of parts) {
        await trx
          .insertInto('retour_achat_lignes')
          .values({
            service_id: service.id,
            retour_id: id,
            achat_ligne_id: p.ligne.id,
            produit_id: p.ligne.produit_id,
            quantite: p.quantite,
            montant: p.montant,
          })
          .execute();
        await trx
          .updateTable('achat_lignes')
          .set({ quantite_retournee: sql`quantite_retournee + ${p.quantite}` })
          .where('id', '=', p.ligne.id)
          .execute();
        await applyMovement(trx, {
          serviceId: service.id,
          produitId: p.ligne.produit_id,
          quantite: -p.quantite,
          type: 'retour_fournisseur',
          motif: `Retour au fournisseur ${numero}`,
          documentType: 'retour_achat',
          documentId: id,
          userId,
          at,
        });
      }
      await trx
        .updateTable('achats')
        .set({
          montant_retourne: sql`montant_retourne + ${montant}`,
          montant_rembourse: sql`montant_rembourse + ${rembourse}`,
        })
        .where('id', '=', achatId)
        .execute();
      await refreshAchatStatut(trx, achatId);
      return id;
    }),
  );
  return { retour: value, replayed };
}

/** Returns to suppliers with their lines: one by id, those of a purchase, or of a supplier. */
export async function findRetoursAchats(
  db: Kysely<DB>,
  serviceId: number,
  filter: { id?: number; achatId?: number; fournisseurId?: number },
): Promise<RetourAchat[]> {
  const rows = await db
    .selectFrom('retours_achats as r')
    .innerJoin('achats as a', 'a.id', 'r.achat_id')
    .innerJoin('fournisseurs as f', 'f.id', 'r.fournisseur_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['a.numero as achat_numero', 'f.nom as fournisseur_nom', 'u.prenom', 'u.nom'])
    .where('r.service_id', '=', serviceId)
    .$if(filter.id !== undefined, (q) => q.where('r.id', '=', filter.id!))
    .$if(filter.achatId !== undefined, (q) => q.where('r.achat_id', '=', filter.achatId!))
    .$if(filter.fournisseurId !== undefined, (q) =>
      q.where('r.fournisseur_id', '=', filter.fournisseurId!),
    )
    .orderBy('r.id')
    .execute();
  if (rows.length === 0) return [];
  const lignes = await db
    .selectFrom('retour_achat_lignes as rl')
    .innerJoin('achat_lignes as l', 'l.id', 'rl.achat_ligne_id')
    .select([
      'rl.retour_id',
      'rl.achat_ligne_id',
      'rl.produit_id',
      'l.nom',
      'rl.quantite',
      'rl.montant',
    ])
    .where(
      'rl.retour_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('rl.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    numero: r.numero,
    achat: { id: r.achat_id, numero: r.achat_numero! },
    fournisseur: { id: r.fournisseur_id, nom: r.fournisseur_nom },
    montant: Number(r.montant),
    impute: Number(r.impute),
    rembourse: Number(r.rembourse),
    modeRemboursement: r.mode_remboursement as ModePaiement | null,
    motif: r.motif,
    lignes: lignes
      .filter((l) => l.retour_id === r.id)
      .map((l) => ({
        ligneId: l.achat_ligne_id,
        produitId: l.produit_id,
        nom: l.nom,
        quantite: Number(l.quantite),
        montant: Number(l.montant),
      })),
    user: { id: r.user_id, prenom: r.prenom, nom: r.nom },
    createdAt: r.created_at,
  }));
}
