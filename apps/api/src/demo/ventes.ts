import type { Transaction } from 'kysely';
import {
  calculerVente,
  prixSelonType,
  venteInputSchema,
  type PrixUtilise,
  type VenteInput,
} from '@comptoir/shared';
import { AppError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { applyMovement } from '../modules/stock/stock.service.js';
import { insertVente } from '../modules/ventes/ventes.create.js';
import { now as currentTime, shopToday } from '../db/time.js';
import { random } from './random.js';
import { suiviDemo, type Evenement, type VenteDemo } from './suivi.js';

const OPERATEURS = ['Orange Money', 'Wave', 'Free Money'];

/**
 * Sales of the last `days` days in a shop, a few a day, oldest first, through the sales module
 * itself (numbers, stock, debts are real): cash with change, mobile money, card, and some on
 * credit to the shop's customers, due 15 to 30 days later (the older ones are now overdue).
 * A product running low is restocked by an adjustment first, so the shelf never empties.
 * Each day's repayments and returns (demo/suivi.ts) happen among its sales, in time order.
 * Runs in the caller's transaction (one commit for all: demo start stays fast).
 */
export async function seedDemoVentes(
  db: Transaction<DB>,
  serviceId: number,
  sellerIds: number[],
  options: { days: number; perDay: number; seed: number },
): Promise<number> {
  const rnd = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const service = await db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', serviceId)
    .executeTakeFirstOrThrow();
  const produits = await db
    .selectFrom('produits as p')
    .innerJoin('unites as u', 'u.id', 'p.unite_id')
    .select([
      'p.id',
      'p.prix_vente',
      'p.prix_gros',
      'p.taux_tva',
      'p.seuil_alerte',
      'p.quantite',
      'u.fractionnable',
    ])
    .where('p.service_id', '=', serviceId)
    .orderBy('p.id')
    .execute();
  // Products already short stay as the catalogue left them (low stock and out-of-stock examples).
  const vendables = produits.filter((p) => Number(p.quantite) > Number(p.seuil_alerte));
  const clients = await db
    .selectFrom('clients')
    .select('id')
    .where('service_id', '=', serviceId)
    .orderBy('id')
    .execute();
  const types = await db
    .selectFrom('types_ventes')
    .select(['id', 'prix_utilise'])
    .where('actif', '=', 1)
    .orderBy('id')
    .execute();
  const detail = types.find((t) => t.prix_utilise === 'detail') ?? types[0]!;
  const gros = types.find((t) => t.prix_utilise === 'gros') ?? detail;
  const stock = new Map(vendables.map((p) => [p.id, Number(p.quantite)]));
  const dayMs = 86_400_000;
  const until = currentTime().getTime();
  const start = until - options.days * dayMs;
  let n = 0;
  const ventes: VenteDemo[] = [];
  const suivi = suiviDemo(db, service, clients, service.owner_id, {
    days: options.days,
    seed: options.seed + 1,
    ventes,
    stock,
  });
  for (let day = 0; day < options.days; day++) {
    const count = Math.max(1, Math.round(options.perDay * (0.5 + rnd())));
    const times = Array.from({ length: count }, () =>
      Math.floor((8 + rnd() * 11) * 3_600_000),
    ).sort((a, b) => a - b);
    const sales: Evenement[] = times.map((offset) => ({ offset, run: (now) => sell(now, day) }));
    // The day's repayments and returns among its sales, in time order (sales first at the same time).
    const events = [...sales, ...suivi.day(day)].sort((a, b) => a.offset - b.offset);
    for (const event of events) {
      const date = new Date(start + day * dayMs);
      date.setHours(0, 0, 0, 0);
      const now = new Date(date.getTime() + event.offset);
      if (now.getTime() > until) continue;
      await event.run(now);
    }
  }
  return n;

  async function sell(now: Date, day: number): Promise<void> {
    const lignes = [
      ...new Set(Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(vendables))),
    ].map((p) => ({
      produitId: p.id,
      quantite:
        p.fractionnable === 1
          ? 250 * (1 + Math.floor(rnd() * 12))
          : 1000 * (1 + Math.floor(rnd() * 3)),
    }));
    for (const l of lignes) {
      const p = vendables.find((x) => x.id === l.produitId)!;
      const left = stock.get(p.id)!;
      if (left - l.quantite < Number(p.seuil_alerte)) {
        const reassort = Number(p.seuil_alerte) * 4 + l.quantite;
        await applyMovement(db, {
          serviceId,
          produitId: p.id,
          quantite: reassort,
          type: 'ajustement',
          motif: 'Réassort',
          userId: service.owner_id,
          at: new Date(now.getTime() - 60_000).toISOString(),
        });
        stock.set(p.id, left + reassort);
      }
      stock.set(p.id, stock.get(p.id)! - l.quantite);
    }
    const type = rnd() < 0.15 ? gros : detail;
    const input: VenteInput = {
      cleIdempotence: `demo-${serviceId}-${++n}`,
      typeVenteId: type.id,
      lignes,
      paiements: [],
    };
    // The TTC total, as the point of sale computes it before taking the payment.
    const sale = calculerVente(
      lignes.map((l) => {
        const p = vendables.find((x) => x.id === l.produitId)!;
        return {
          prixUnitaire: prixSelonType(
            {
              prixVente: Number(p.prix_vente),
              prixGros: p.prix_gros === null ? null : Number(p.prix_gros),
            },
            type.prix_utilise as PrixUtilise,
          ),
          quantite: l.quantite,
          tauxTva: p.taux_tva,
        };
      }),
      null,
      { assujettiTva: service.assujetti_tva === 1, prixTtc: service.prix_ttc === 1 },
    ).totalTtc;
    const r = rnd();
    const echeanceDans = 15 + Math.floor(rnd() * 16);
    if (r < 0.15 && clients.length) {
      // On credit, sometimes with a down payment.
      input.clientId = suivi.acheteur(pick(clients).id, day);
      input.echeance = shopToday(service, new Date(now.getTime() + echeanceDans * dayMs));
      const acompte = rnd() < 0.5 ? Math.floor(sale / 3) : 0;
      if (acompte > 0) input.paiements = [{ mode: 'especes', montant: acompte }];
    } else if (r < 0.45) {
      input.paiements = [
        {
          mode: 'mobile_money',
          montant: sale,
          operateur: pick(OPERATEURS),
          reference: `TX${100000 + n}`,
        },
      ];
    } else if (r < 0.55) {
      input.paiements = [{ mode: 'carte', montant: sale }];
    } else {
      const unit = service.devise === 'EUR' ? 500 : 1000;
      input.paiements = [{ mode: 'especes', montant: sale, recu: Math.ceil(sale / unit) * unit }];
    }
    if (rnd() < 0.2 && input.clientId === undefined && clients.length)
      input.clientId = pick(clients).id;
    const userId = pick(sellerIds);
    try {
      const data = venteInputSchema.parse(input);
      const id = await insertVente(db, userId, service, data, now);
      ventes.push({
        id,
        clientId: data.clientId,
        dette: data.echeance !== null,
        at: now.getTime(),
      });
    } catch (error) {
      // Over a customer's credit limit (refused before anything is written): paid in full instead.
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      const data = venteInputSchema.parse({
        ...input,
        echeance: null,
        paiements: [{ mode: 'especes', montant: sale }],
      });
      const id = await insertVente(db, userId, service, data, now);
      ventes.push({ id, clientId: data.clientId, dette: false, at: now.getTime() });
    }
  }
}
