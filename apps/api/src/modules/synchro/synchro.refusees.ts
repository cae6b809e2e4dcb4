import type { Kysely, Selectable } from 'kysely';
import type { venteEcarteeInputSchema, venteRefuseeInputSchema } from '@comptoir/shared';
import {
  calculerVente,
  numeroCaisse,
  type VenteEcartee,
  type VenteHorsLigne,
  type VenteRenumerotee,
} from '@comptoir/shared';
import type { z } from 'zod';
import { conflict, validationError } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/idempotence.js';
import { anneeCaisse, caisseCode, dernierCaisse } from '../../db/numbering-caisse.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { findCaisse } from '../caisses/caisses.session.js';
import { journaliser } from '../journal/journal.append.js';
import { syncVente } from './synchro.batch.js';
import { clientsHorsLigne } from './synchro.clients.js';

type Service = Selectable<ServicesTable>;

/**
 * A sale the sync refused (docs/regles-metier.md « Vente hors ligne »): the till keeps it until
 * someone resolves it. Recorded again under the register's next number (the number the till had
 * given is kept, the receipt shows both), or discarded by the owner with a reason: the sale is
 * kept whole in `ventes_ecartees` and journaled, never silently lost.
 */

/** The number the till gave the sale: its register's series in the shop year of `faiteLe`. */
async function numeroDonne(db: Kysely<DB>, service: Service, caisseId: number, v: VenteHorsLigne) {
  const annee = anneeCaisse(service, new Date(v.faiteLe));
  const code = await caisseCode(db, service.id, caisseId);
  return { annee, numero: numeroCaisse(service.prefixe_vente, annee, code, v.sequence) };
}

/** An earlier number of the till has not arrived: resolving this one would take its place. */
async function refuseEnAttente(
  db: Kysely<DB>,
  caisseId: number,
  v: VenteHorsLigne,
  annee: number,
  numero: string,
) {
  if (v.sequence > (await dernierCaisse(db, caisseId, annee)) + 1)
    throw conflict(
      `La vente ${numero} attend les ventes précédentes de la caisse : envoyez-les d’abord.`,
    );
}

export async function renumeroter(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  caisseId: number,
  body: z.output<typeof venteRefuseeInputSchema>,
): Promise<VenteRenumerotee> {
  await findCaisse(db, service.id, caisseId);
  const { annee, numero } = await numeroDonne(db, service, caisseId, body.vente);
  await ecarteeDeja(db, service.id, body.vente.cleIdempotence);
  await refuseEnAttente(db, caisseId, body.vente, annee, numero);
  const clients = await clientsHorsLigne(db, service, []);
  const recorded = await syncVente(db, userId, service, caisseId, body.vente, clients, {
    numeroInitial: numero,
    motifRefus: body.motifRefus,
  });
  return { venteId: recorded.venteId!, numero: recorded.numero!, numeroInitial: numero };
}

async function ecarteeDeja(db: Kysely<DB>, serviceId: number, cle: string) {
  const row = await db
    .selectFrom('ventes_ecartees')
    .select('numero')
    .where('service_id', '=', serviceId)
    .where('cle', '=', cle)
    .executeTakeFirst();
  if (row)
    throw conflict(`La vente ${row.numero} a été écartée : elle ne peut plus être enregistrée.`);
}

/**
 * The owner discards a refused sale: kept whole with both reasons and journaled; a number the
 * series had not served yet is taken by it (the register's next sales are not held behind it).
 */
export async function ecarter(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  caisseId: number,
  body: z.output<typeof venteEcarteeInputSchema>,
): Promise<VenteEcartee> {
  await findCaisse(db, service.id, caisseId);
  const { vente } = body;
  const cle = vente.cleIdempotence;
  const { annee, numero } = await numeroDonne(db, service, caisseId, vente);
  const known = await findEcartee(db, service.id, cle);
  if (known) return known;
  const recorded = await db
    .selectFrom('ventes')
    .select('numero')
    .where('service_id', '=', service.id)
    .where('cle_idempotence', '=', cle)
    .executeTakeFirst();
  if (recorded)
    throw conflict(
      `Cette vente est enregistrée (${recorded.numero}) : elle ne peut plus être écartée.`,
    );
  await refuseEnAttente(db, caisseId, vente, annee, numero);
  await vendeurDeLaBoutique(db, service, body.vendeurId);
  const calcul = calculerVente(
    vente.lignes.map((l) => ({ ...l, remise: l.remise ?? null })),
    vente.remiseGlobale ?? null,
    { assujettiTva: service.assujetti_tva === 1, prixTtc: service.prix_ttc === 1 },
  );
  const at = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      // A number not served yet: the discarded sale takes it (traced here and in the journal).
      await trx
        .insertInto('caisse_compteurs')
        .values({ caisse_id: caisseId, annee, dernier: 0 })
        .onConflict((oc) => oc.columns(['caisse_id', 'annee']).doNothing())
        .execute();
      await trx
        .updateTable('caisse_compteurs')
        .set({ dernier: vente.sequence })
        .where('caisse_id', '=', caisseId)
        .where('annee', '=', annee)
        .where('dernier', '=', vente.sequence - 1)
        .execute();
      await trx
        .insertInto('ventes_ecartees')
        .values({
          service_id: service.id,
          caisse_id: caisseId,
          cle,
          numero,
          total_ttc: calcul.totalTtc,
          contenu: JSON.stringify(vente),
          motif: body.motif,
          motif_refus: body.motifRefus,
          user_id: userId,
          vendeur_id: body.vendeurId,
          created_at: at,
        })
        .execute();
      await journaliser(trx, service.id, {
        type: 'vente_ecartee',
        reference: numero,
        horodatage: at,
        contenu: {
          caisse: caisseId,
          cle,
          utilisateur: userId,
          vendeur: body.vendeurId,
          ttc: calcul.totalTtc,
          motif: body.motif,
          refus: body.motifRefus,
          vente: JSON.parse(JSON.stringify(vente)) as Record<string, unknown>,
        },
      });
    });
  } catch (error) {
    // The same sale discarded at the same instant: the first one answers.
    if (!isUniqueViolation(error)) throw error;
  }
  return (await findEcartee(db, service.id, cle))!;
}

/** The cashier the till names works in the shop: its owner or one of its managers. */
async function vendeurDeLaBoutique(db: Kysely<DB>, service: Service, vendeurId: number | null) {
  if (vendeurId === null || vendeurId === service.owner_id) return;
  const membre = await db
    .selectFrom('service_members')
    .select('user_id')
    .where('service_id', '=', service.id)
    .where('user_id', '=', vendeurId)
    .executeTakeFirst();
  if (!membre)
    throw validationError(
      [{ field: 'vendeurId', message: 'Ce vendeur ne travaille pas dans cette boutique.' }],
      'Ce vendeur ne travaille pas dans cette boutique.',
    );
}

async function findEcartee(db: Kysely<DB>, serviceId: number, cle?: string) {
  return (await listEcartees(db, serviceId, cle))[0];
}

/** The refused sales the owner discarded, newest first (at most 200). */
export async function listEcartees(
  db: Kysely<DB>,
  serviceId: number,
  cle?: string,
): Promise<VenteEcartee[]> {
  let query = db
    .selectFrom('ventes_ecartees as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('caisses as c', 'c.id', 'e.caisse_id')
    .leftJoin('users as v', 'v.id', 'e.vendeur_id')
    .select([
      'e.id',
      'e.caisse_id',
      'c.nom as caisse_nom',
      'e.numero',
      'e.contenu',
      'e.total_ttc',
      'e.motif',
      'e.motif_refus',
      'e.created_at',
      'u.prenom',
      'u.nom',
      'v.prenom as vendeur_prenom',
      'v.nom as vendeur_nom',
    ])
    .where('e.service_id', '=', serviceId);
  if (cle !== undefined) query = query.where('e.cle', '=', cle);
  const rows = await query.orderBy('e.id', 'desc').limit(200).execute();
  return rows.map((r) => ({
    id: r.id,
    caisseId: r.caisse_id,
    caisseNom: r.caisse_nom,
    numero: r.numero,
    faiteLe: (JSON.parse(r.contenu) as VenteHorsLigne).faiteLe,
    totalTtc: Number(r.total_ttc),
    motif: r.motif,
    motifRefus: r.motif_refus,
    utilisateur: { prenom: r.prenom, nom: r.nom },
    vendeur:
      r.vendeur_prenom === null || r.vendeur_nom === null
        ? null
        : { prenom: r.vendeur_prenom, nom: r.vendeur_nom },
    createdAt: r.created_at,
  }));
}
