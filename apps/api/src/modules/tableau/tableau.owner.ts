import type { Kysely } from 'kysely';
import type {
  PeriodeQuery,
  TableauFigures,
  TableauProprietaire,
  TableauTotaux,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { periodsOf, shopFigures, type DashboardShop } from './tableau.shop.js';

/**
 * « Toutes mes boutiques »: each shop's figures on its own calendar, added up per currency only
 * (FCFA are never added to euros).
 */

function addTotaux(a: TableauTotaux, b: TableauTotaux): TableauTotaux {
  const sum = { ...a };
  for (const k of Object.keys(sum) as (keyof TableauTotaux)[]) sum[k] += b[k];
  sum.panierMoyen = sum.nombreVentes ? Math.round(sum.caTtc / sum.nombreVentes) : 0;
  return sum;
}

/** Rows added up by key, in first-seen order. */
function addBy<T>(rows: T[], key: (r: T) => string, add: (a: T, b: T) => T): T[] {
  const map = new Map<string, T>();
  for (const r of rows) {
    const k = key(r);
    const seen = map.get(k);
    map.set(k, seen ? add(seen, r) : { ...r });
  }
  return [...map.values()];
}

const byTtc = <T extends { caTtc: number }>(rows: T[]) => rows.sort((a, b) => b.caTtc - a.caTtc);

function merge(all: TableauFigures[]): TableauFigures {
  const [first, ...rest] = all as [TableauFigures, ...TableauFigures[]];
  if (!rest.length) return first;
  const flat = <K extends keyof TableauFigures>(k: K) => all.flatMap((f) => f[k] as never[]);
  return {
    totaux: all.map((f) => f.totaux).reduce(addTotaux),
    totauxPrecedents: all.map((f) => f.totauxPrecedents).reduce(addTotaux),
    paiements: addBy(
      flat('paiements') as TableauFigures['paiements'],
      (p) => `${p.mode}|${p.operateur ?? ''}`,
      (a, b) => ({ ...a, nombre: a.nombre + b.nombre, montant: a.montant + b.montant }),
    ),
    dettes: all
      .map((f) => f.dettes)
      .reduce((a, b) => ({
        encours: a.encours + b.encours,
        nombre: a.nombre + b.nombre,
        enRetard: a.enRetard + b.enRetard,
        nombreEnRetard: a.nombreEnRetard + b.nombreEnRetard,
      })),
    stock: all
      .map((f) => f.stock)
      .reduce((a, b) => ({ sousSeuil: a.sousSeuil + b.sousSeuil, rupture: a.rupture + b.rupture })),
    fournisseurs: all
      .map((f) => f.fournisseurs)
      .reduce((a, b) => ({
        solde: a.solde + b.solde,
        enRetard: a.enRetard + b.enRetard,
        fournisseurs: a.fournisseurs + b.fournisseurs,
      })),
    depenses: all
      .map((f) => f.depenses)
      .reduce((a, b) => ({
        nombre: a.nombre + b.nombre,
        montant: a.montant + b.montant,
        precedent: {
          nombre: a.precedent.nombre + b.precedent.nombre,
          montant: a.precedent.montant + b.precedent.montant,
        },
      })),
    topProduits: byTtc(flat('topProduits') as TableauFigures['topProduits']).slice(0, 10),
    // Categories are a shop's own: the same name in two shops is one line.
    topCategories: byTtc(
      addBy(
        flat('topCategories') as TableauFigures['topCategories'],
        (c) => c.nom.toLowerCase(),
        (a, b) => ({ ...a, categorieId: null, caTtc: a.caTtc + b.caTtc, marge: a.marge + b.marge }),
      ),
    ).slice(0, 10),
    vendeurs: byTtc(
      addBy(
        flat('vendeurs') as TableauFigures['vendeurs'],
        (v) => String(v.userId),
        (a, b) => ({ ...a, nombre: a.nombre + b.nombre, caTtc: a.caTtc + b.caTtc }),
      ),
    ),
    parJour: addBy(
      flat('parJour') as TableauFigures['parJour'],
      (d) => d.jour,
      (a, b) => ({
        jour: a.jour,
        nombre: a.nombre + b.nombre,
        caTtc: a.caTtc + b.caTtc,
        caHt: a.caHt + b.caHt,
        marge: a.marge + b.marge,
      }),
    ).sort((a, b) => (a.jour < b.jour ? -1 : 1)),
    parHeure: first.parHeure.map((h, i) => ({
      heure: h.heure,
      nombre: all.reduce((s, f) => s + f.parHeure[i]!.nombre, 0),
      caTtc: all.reduce((s, f) => s + f.parHeure[i]!.caTtc, 0),
    })),
  };
}

/** `GET /api/tableau`: every shop of the owner (a closed one keeps its figures), one block per currency. */
export async function ownerDashboard(
  db: Kysely<DB>,
  ownerId: number,
  q: PeriodeQuery,
): Promise<TableauProprietaire> {
  const shops: DashboardShop[] = await db
    .selectFrom('services')
    .select(['id', 'nom', 'devise', 'pays'])
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
  const done = await Promise.all(
    shops.map(async (shop) => {
      const { periode, precedente } = periodsOf(shop, q);
      return {
        shop,
        periode,
        precedente,
        figures: await shopFigures(db, shop, periode, precedente),
      };
    }),
  );
  const devises = [...new Set(shops.map((s) => s.devise))];
  return {
    devises: devises.map((devise) => {
      const mine = done.filter((d) => d.shop.devise === devise);
      return {
        devise,
        boutiques: mine.map((d) => ({
          id: d.shop.id,
          nom: d.shop.nom,
          periode: d.periode,
          precedente: d.precedente,
        })),
        ...merge(mine.map((d) => d.figures)),
      };
    }),
  };
}
