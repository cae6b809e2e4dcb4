import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import {
  prixSelonType,
  type PrixUtilise,
  type SynchroData,
  type SynchroResult,
  type VenteHorsLigne,
} from '@comptoir/shared';
import { AppError } from '../../core/errors.js';
import { canonical, sha256 } from '../../core/idempotence.js';
import { anneeCaisse, NumeroEnAttente } from '../../db/numbering-caisse.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { findCaisse } from '../caisses/caisses.session.js';
import { recordVente } from '../ventes/ventes.create.js';
import type { LigneFixee, VenteACreer } from '../ventes/ventes.prepare.js';
import { clientsHorsLigne } from './synchro.clients.js';
import { serieCaisse } from './synchro.serie.js';

type Service = Selectable<ServicesTable>;
type Resultat = SynchroResult['ventes'][number];

/**
 * `POST …/caisses/:caisseId/synchro` (docs/regles-metier.md « Vente hors ligne »): the customers
 * the till created, once each by their key, then its sales in the register's order (shop year,
 * sequence), each in its own transaction and idempotent by its key. A sale is recorded only as the
 * register's very next number: when an earlier one has not arrived it waits (`en_attente`), and
 * the till sends it again; a replay answers the sale first recorded (`deja_enregistree`).
 */
export async function synchroniser(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  caisseId: number,
  body: SynchroData,
): Promise<SynchroResult> {
  await findCaisse(db, service.id, caisseId);
  const clients = await clientsHorsLigne(db, service, body.clients);
  const ordre = body.ventes
    .map((vente) => ({ vente, annee: anneeCaisse(service, new Date(vente.faiteLe)) }))
    .sort((a, b) => a.annee - b.annee || a.vente.sequence - b.vente.sequence);
  const parCle = new Map<string, Resultat>();
  for (const { vente } of ordre) {
    const resultat = await syncVente(db, userId, service, caisseId, vente, clients).catch(
      (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        const statut = error instanceof NumeroEnAttente ? 'en_attente' : 'refusee';
        return { statut, numero: null, venteId: null, message: error.detail } as const;
      },
    );
    parCle.set(vente.cleIdempotence, {
      cleIdempotence: vente.cleIdempotence,
      sequence: vente.sequence,
      ...resultat,
    });
  }
  return {
    clients: [...clients.created],
    ventes: body.ventes.map((v) => parCle.get(v.cleIdempotence)!),
    serie: await serieCaisse(db, service, caisseId),
  };
}

/** A refused sale recorded again: the server's next number, the till's kept with the reason. */
export interface Renumerotation {
  numeroInitial: string;
  motifRefus: string;
}

/**
 * One sale of the till, in its own transaction: under its own number, or with `renumerotee` under
 * the register's next one (synchro.refusees.ts).
 */
export async function syncVente(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  caisseId: number,
  vente: VenteHorsLigne,
  clients: Awaited<ReturnType<typeof clientsHorsLigne>>,
  renumerotee?: Renumerotation,
): Promise<Omit<Resultat, 'cleIdempotence' | 'sequence'>> {
  const clientId = vente.clientCle === null ? vente.clientId : await clients.idOf(vente.clientCle);
  const ids = [...new Set(vente.lignes.map((l) => l.produitId))];
  const produits = await db
    .selectFrom('produits')
    .select(['id', 'nom', 'reference', 'prix_vente', 'prix_gros'])
    .where('service_id', '=', service.id)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(produits.map((p) => [p.id, p]));
  const typeVente = await db
    .selectFrom('types_ventes')
    .select('prix_utilise')
    .where('id', '=', vente.typeVenteId)
    .executeTakeFirst();
  // A product deleted meanwhile: the line keeps what was charged, without a product (no stock).
  const fixees: LigneFixee[] = vente.lignes.map((l) => ({
    produitId: byId.has(l.produitId) ? l.produitId : null,
    nom: l.nom,
    reference: byId.get(l.produitId)?.reference ?? null,
    uniteSymbole: l.uniteSymbole,
    prixUnitaire: l.prixUnitaire,
    tauxTva: l.tauxTva,
  }));
  const input: VenteACreer = {
    cleIdempotence: vente.cleIdempotence,
    typeVenteId: vente.typeVenteId,
    clientId,
    lignes: vente.lignes.map((l, i) => ({
      produitId: fixees[i]!.produitId,
      quantite: l.quantite,
      remise: l.remise ?? null,
    })),
    remiseGlobale: vente.remiseGlobale ?? null,
    paiements: vente.paiements,
    echeance: vente.echeance,
    note: vente.note ?? null,
  };
  const recue = now();
  const faite = new Date(vente.faiteLe);
  const { vente: recorded, replayed } = await recordVente(db, userId, service, input, {
    // A till whose clock runs ahead never dates a sale after its arrival.
    now: faite > recue ? recue : faite,
    fixees,
    horsLigne: {
      caisseId,
      ...(renumerotee ? {} : { sequence: vente.sequence }),
      faiteLe: faite.toISOString(),
      empreinte: sha256(canonical({ caisseId, ...vente })),
    },
    apres: async (trx, venteId) => {
      if (renumerotee)
        await trx
          .insertInto('ventes_renumerotees')
          .values({
            vente_id: venteId,
            service_id: service.id,
            numero_initial: renumerotee.numeroInitial,
            motif_refus: renumerotee.motifRefus,
          })
          .execute();
      await writeAlertes(trx, service.id, venteId, vente, fixees, (id) => {
        const p = byId.get(id);
        if (!p || !typeVente) return null;
        const prix = {
          prixVente: Number(p.prix_vente),
          prixGros: p.prix_gros === null ? null : Number(p.prix_gros),
        };
        return prixSelonType(prix, typeVente.prix_utilise as PrixUtilise);
      });
    },
  });
  return {
    statut: replayed ? 'deja_enregistree' : 'enregistree',
    numero: recorded.numero,
    venteId: recorded.id,
    message: null,
  };
}

/**
 * What the owner sees of an offline sale, in its transaction: each product it took under zero,
 * each line charged at another price than the catalogue's, each product deleted meanwhile.
 */
async function writeAlertes(
  trx: Transaction<DB>,
  serviceId: number,
  venteId: number,
  vente: VenteHorsLigne,
  fixees: LigneFixee[],
  prixCatalogue: (produitId: number) => number | null,
): Promise<void> {
  const at = now().toISOString();
  const base = { service_id: serviceId, vente_id: venteId, created_at: at };
  const rows: Array<Insertable<DB['alertes_hors_ligne']>> = [];
  const vendus = [...new Set(fixees.flatMap((f) => (f.produitId === null ? [] : [f.produitId])))];
  if (vendus.length) {
    const negatifs = await trx
      .selectFrom('produits')
      .select(['id', 'nom', 'quantite'])
      .where('id', 'in', vendus)
      .where('quantite', '<', 0)
      .execute();
    for (const p of negatifs)
      rows.push({
        ...base,
        type: 'stock_negatif',
        produit_id: p.id,
        produit_nom: p.nom,
        quantite: Number(p.quantite),
      });
  }
  vente.lignes.forEach((l, i) => {
    if (fixees[i]!.produitId === null) {
      rows.push({
        ...base,
        type: 'produit_supprime',
        produit_id: null,
        produit_nom: l.nom,
        prix_facture: l.prixUnitaire,
      });
      return;
    }
    const catalogue = prixCatalogue(l.produitId);
    if (catalogue !== null && catalogue !== l.prixUnitaire)
      rows.push({
        ...base,
        type: 'prix_different',
        produit_id: l.produitId,
        produit_nom: l.nom,
        prix_facture: l.prixUnitaire,
        prix_catalogue: catalogue,
      });
  });
  if (rows.length) await trx.insertInto('alertes_hors_ligne').values(rows).execute();
}
