import { localDate, shopTimeZone, type Jours } from '@comptoir/shared';
import type { AppContext } from '../src/core/context.js';
import { forgeToken } from './support/tokens.js';

/**
 * The independent model of the dashboard and report tests: every raw row of a shop (sales, lines,
 * payments, returns, debts, products, movements) read with plain SELECTs, and each figure computed
 * here in TypeScript from them, on the shop's calendar through Intl (not through the server's
 * grouping).
 */

const num = (v: unknown) => Number(v);

export async function rawShop(ctx: AppContext, shopId: number) {
  const { db } = ctx.database;
  const shop = await db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', shopId)
    .executeTakeFirstOrThrow();
  const ventes = (
    await db.selectFrom('ventes').selectAll().where('service_id', '=', shopId).execute()
  ).map((v) => ({ ...v, total_ttc: num(v.total_ttc), total_ht: num(v.total_ht) }));
  const lignes = (
    await db.selectFrom('vente_lignes').selectAll().where('service_id', '=', shopId).execute()
  ).map((l) => ({
    ...l,
    // 0: a line without product (service line of a converted quote).
    produit_id: l.produit_id ?? 0,
    quantite: num(l.quantite),
    prix_achat: num(l.prix_achat),
    montant_ht: num(l.montant_ht),
    montant_ttc: num(l.montant_ttc),
  }));
  const paiements = (
    await db.selectFrom('paiements').selectAll().where('service_id', '=', shopId).execute()
  ).map((p) => ({ ...p, montant: num(p.montant) }));
  const retours = await db
    .selectFrom('retours')
    .selectAll()
    .where('service_id', '=', shopId)
    .execute();
  const retourLignes = (
    await db.selectFrom('retour_lignes').selectAll().where('service_id', '=', shopId).execute()
  ).map((l) => ({
    ...l,
    quantite: num(l.quantite),
    montant_ht: num(l.montant_ht),
    montant_ttc: num(l.montant_ttc),
  }));
  const dettes = (
    await db.selectFrom('dettes').selectAll().where('service_id', '=', shopId).execute()
  ).map((d) => ({ ...d, montant: num(d.montant), paye: num(d.paye) }));
  const produits = (
    await db.selectFrom('produits').selectAll().where('service_id', '=', shopId).execute()
  ).map((p) => ({
    ...p,
    quantite: num(p.quantite),
    prix_achat: num(p.prix_achat),
    seuil_alerte: num(p.seuil_alerte),
  }));
  const mouvements = (
    await db.selectFrom('mouvements_stock').selectAll().where('service_id', '=', shopId).execute()
  ).map((m) => ({ ...m, quantite: num(m.quantite) }));
  const achats = (
    await db.selectFrom('achats').selectAll().where('service_id', '=', shopId).execute()
  ).map((a) => ({
    ...a,
    reste: num(a.total) - num(a.montant_paye) - num(a.montant_retourne) + num(a.montant_rembourse),
  }));
  const achatLignes = (
    await db.selectFrom('achat_lignes').selectAll().where('service_id', '=', shopId).execute()
  ).map((l) => ({ ...l, quantite: num(l.quantite), prix_unitaire: num(l.prix_unitaire) }));
  const depenses = (
    await db.selectFrom('depenses').selectAll().where('service_id', '=', shopId).execute()
  ).map((d) => ({ ...d, montant: num(d.montant) }));
  return {
    shop,
    ventes,
    lignes,
    paiements,
    retours,
    retourLignes,
    dettes,
    produits,
    mouvements,
    achats,
    achatLignes,
    depenses,
  };
}
export type Raw = Awaited<ReturnType<typeof rawShop>>;

/** Value of a quantity in thousandths at a unit cost, rounded half away from zero. */
export const value = (q: number, cost: number) =>
  Math.sign(q) * Math.round((Math.abs(q) * cost) / 1000);

export function calendar(raw: Raw) {
  const zone = shopTimeZone(raw.shop.pays);
  const hourOf = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
  });
  return {
    day: (iso: string) => localDate(new Date(iso), zone),
    hour: (iso: string) => Number(hourOf.format(new Date(iso))) % 24,
  };
}

const inDays = (day: string, p: Jours) => day >= p.du && day <= p.au;

/** The headline figures of a period, from the rows. */
export function expectedTotaux(raw: Raw, p: Jours) {
  const cal = calendar(raw);
  const ventes = raw.ventes.filter((v) => inDays(cal.day(v.created_at), p));
  const ids = new Set(ventes.map((v) => v.id));
  const lignes = raw.lignes.filter((l) => ids.has(l.vente_id));
  const retours = raw.retours.filter((r) => inDays(cal.day(r.created_at), p));
  const rids = new Set(retours.map((r) => r.id));
  const rl = raw.retourLignes.filter((l) => rids.has(l.retour_id));
  const costOfLine = new Map(raw.lignes.map((l) => [l.id, l.prix_achat]));
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);
  const caTtc = sum(ventes, (v) => v.total_ttc);
  const caHt = sum(ventes, (v) => v.total_ht);
  const coutVentes = sum(lignes, (l) => value(l.quantite, l.prix_achat));
  const retoursHt = sum(rl, (l) => l.montant_ht);
  const coutRetours = sum(rl, (l) => value(l.quantite, costOfLine.get(l.vente_ligne_id)!));
  return {
    nombreVentes: ventes.length,
    caTtc,
    caHt,
    coutVentes,
    nombreRetours: retours.length,
    retoursTtc: sum(rl, (l) => l.montant_ttc),
    retoursHt,
    coutRetours,
    margeBrute: caHt - retoursHt - (coutVentes - coutRetours),
    panierMoyen: ventes.length ? Math.round(caTtc / ventes.length) : 0,
  };
}

/** Sales by day (every day of the period) and by hour of the shop's clock. */
export function expectedSeries(raw: Raw, days: string[]) {
  const cal = calendar(raw);
  const parJour = days.map((jour) => {
    const t = expectedTotaux(raw, { du: jour, au: jour });
    return { jour, nombre: t.nombreVentes, caTtc: t.caTtc, caHt: t.caHt, marge: t.margeBrute };
  });
  const p = { du: days[0]!, au: days[days.length - 1]! };
  const parHeure = Array.from({ length: 24 }, (_, heure) => {
    const v = raw.ventes.filter(
      (x) => inDays(cal.day(x.created_at), p) && cal.hour(x.created_at) === heure,
    );
    return { heure, nombre: v.length, caTtc: v.reduce((a, x) => a + x.total_ttc, 0) };
  });
  return { parJour, parHeure };
}

/** Payments by mode and operator, top products by revenue TTC, sellers. */
export function expectedDetail(raw: Raw, p: Jours) {
  const cal = calendar(raw);
  const ventes = raw.ventes.filter((v) => inDays(cal.day(v.created_at), p));
  const ids = new Set(ventes.map((v) => v.id));
  const paiements = new Map<
    string,
    { mode: string; operateur: string | null; nombre: number; montant: number }
  >();
  for (const x of raw.paiements.filter((x) => ids.has(x.vente_id))) {
    const k = `${x.mode}|${x.operateur ?? ''}`;
    const seen = paiements.get(k) ?? {
      mode: x.mode,
      operateur: x.operateur,
      nombre: 0,
      montant: 0,
    };
    paiements.set(k, { ...seen, nombre: seen.nombre + 1, montant: seen.montant + x.montant });
  }
  const produits = new Map<
    number,
    { produitId: number; quantite: number; caTtc: number; marge: number }
  >();
  for (const l of raw.lignes.filter((l) => ids.has(l.vente_id) && l.produit_id)) {
    const seen = produits.get(l.produit_id) ?? {
      produitId: l.produit_id,
      quantite: 0,
      caTtc: 0,
      marge: 0,
    };
    produits.set(l.produit_id, {
      produitId: l.produit_id,
      quantite: seen.quantite + l.quantite,
      caTtc: seen.caTtc + l.montant_ttc,
      marge: seen.marge + l.montant_ht - value(l.quantite, l.prix_achat),
    });
  }
  const vendeurs = new Map<number, { userId: number; nombre: number; caTtc: number }>();
  for (const v of ventes) {
    const seen = vendeurs.get(v.user_id) ?? { userId: v.user_id, nombre: 0, caTtc: 0 };
    vendeurs.set(v.user_id, { ...seen, nombre: seen.nombre + 1, caTtc: seen.caTtc + v.total_ttc });
  }
  const byTtc = <T extends { caTtc: number }>(m: Map<unknown, T>) =>
    [...m.values()].sort((a, b) => b.caTtc - a.caTtc);
  return {
    paiements: [...paiements.values()],
    produits: byTtc(produits),
    vendeurs: byTtc(vendeurs),
  };
}

export function expectedDettes(raw: Raw, today: string) {
  const open = raw.dettes.filter((d) => d.paye < d.montant);
  const late = open.filter((d) => d.echeance < today);
  return {
    encours: open.reduce((a, d) => a + d.montant - d.paye, 0),
    nombre: open.length,
    enRetard: late.reduce((a, d) => a + d.montant - d.paye, 0),
    nombreEnRetard: late.length,
  };
}

/** Owed to suppliers now: the rest of each validated purchase, overdue past its due date. */
export function expectedFournisseurs(raw: Raw, today: string) {
  const open = raw.achats.filter((a) => a.statut !== 'brouillon' && a.reste > 0);
  return {
    solde: open.reduce((s, a) => s + a.reste, 0),
    enRetard: open
      .filter((a) => a.echeance !== null && a.echeance < today)
      .reduce((s, a) => s + a.reste, 0),
    fournisseurs: new Set(open.map((a) => a.fournisseur_id)).size,
  };
}

/** Live (not deleted) expenses dated in the days `p`. */
export function expectedDepenses(raw: Raw, p: Jours) {
  const live = raw.depenses.filter((d) => d.supprime_le === null && inDays(d.date, p));
  return { nombre: live.length, montant: live.reduce((s, d) => s + d.montant, 0) };
}

export function expectedStock(raw: Raw) {
  const actifs = raw.produits.filter((p) => p.actif === 1);
  return {
    sousSeuil: actifs.filter((p) => p.quantite > 0 && p.quantite <= p.seuil_alerte).length,
    rupture: actifs.filter((p) => p.quantite <= 0).length,
  };
}

/** The product report's rows (products sold or returned in the period), unsorted. */
export function expectedRapport(
  raw: Raw,
  p: Jours,
  f: { vendeurId?: number; typeVenteId?: number; categorieId?: number } = {},
) {
  const cal = calendar(raw);
  const venteOk = (v: Raw['ventes'][number]) =>
    (f.vendeurId === undefined || v.user_id === f.vendeurId) &&
    (f.typeVenteId === undefined || v.type_vente_id === f.typeVenteId);
  const ventes = new Map(raw.ventes.map((v) => [v.id, v]));
  const lignes = new Map(raw.lignes.map((l) => [l.id, l]));
  const rows = new Map<number, Record<string, number>>();
  const row = (id: number) => {
    let r = rows.get(id);
    if (!r) rows.set(id, (r = { qv: 0, qr: 0, ht: 0, ttc: 0, rht: 0, rttc: 0, cout: 0 }));
    return r;
  };
  for (const l of raw.lignes) {
    const v = ventes.get(l.vente_id)!;
    if (!l.produit_id || !venteOk(v) || !inDays(cal.day(v.created_at), p)) continue;
    const r = row(l.produit_id);
    r.qv! += l.quantite;
    r.ht! += l.montant_ht;
    r.ttc! += l.montant_ttc;
    r.cout! += value(l.quantite, l.prix_achat);
  }
  const retours = new Map(raw.retours.map((x) => [x.id, x]));
  for (const l of raw.retourLignes) {
    const rt = retours.get(l.retour_id)!;
    if (!venteOk(ventes.get(rt.vente_id)!) || !inDays(cal.day(rt.created_at), p)) continue;
    const r = row(l.produit_id);
    r.qr! += l.quantite;
    r.rht! += l.montant_ht;
    r.rttc! += l.montant_ttc;
    r.cout! -= value(l.quantite, lignes.get(l.vente_ligne_id)!.prix_achat);
  }
  const produits = new Map(raw.produits.map((x) => [x.id, x]));
  return [...rows.entries()]
    .filter(
      ([id]) => f.categorieId === undefined || produits.get(id)!.categorie_id === f.categorieId,
    )
    .map(([id, r]) => {
      const pr = produits.get(id)!;
      const net = r.ht! - r.rht!;
      const marge = net - r.cout!;
      return {
        produitId: id,
        quantiteVendue: r.qv!,
        quantiteRetournee: r.qr!,
        caHt: r.ht!,
        caTtc: r.ttc!,
        retoursHt: r.rht!,
        retoursTtc: r.rttc!,
        cout: r.cout!,
        marge,
        tauxMarge:
          net === 0 ? null : Math.sign(marge * net) * Math.round(Math.abs((marge * 10_000) / net)),
        stock: pr.quantite,
        valeurStock: value(pr.quantite, pr.prix_achat),
      };
    });
}

/** n ÷ d rounded half away from zero, n and d ≥ 0. */
const half = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/**
 * A product's quantity and weighted average cost at the end of `day`, replaying its movements up
 * to then from `opening` (its cost when created): each purchase's lines (quantity × unit cost,
 * rounded; these purchases have no discount or extra cost) make the cost
 * (q × cost + 1000 × value in) ÷ (q + q in), rounded once; a stock at zero or under counts for
 * nothing; any other movement keeps the cost.
 */
function replayedAt(raw: Raw, produitId: number, opening: number, day: string) {
  const cal = calendar(raw);
  const movements = raw.mouvements
    .filter((m) => m.produit_id === produitId && cal.day(m.created_at) <= day)
    .sort((a, b) =>
      a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
    );
  let q = 0n;
  let cost = BigInt(opening);
  for (const m of movements) {
    if (m.type === 'achat') {
      const lignes = raw.achatLignes.filter(
        (l) => l.achat_id === m.document_id && l.produit_id === produitId,
      );
      const qin = BigInt(lignes.reduce((a, l) => a + l.quantite, 0));
      const vin = lignes.reduce(
        (a, l) => a + half(BigInt(l.quantite) * BigInt(l.prix_unitaire), 1000n),
        0n,
      );
      cost = q > 0n ? half(q * cost + 1000n * vin, q + qin) : half(1000n * vin, qin);
    }
    q += BigInt(m.quantite);
  }
  return { quantite: Number(q), cout: Number(cost) };
}

/**
 * Quantities and values per category at the end of `day` from the ledger (movements up to then),
 * each product at the cost in force then, replayed here from the purchases (`opening`: each
 * product's cost when it was created).
 */
export function expectedValorisation(raw: Raw, day: string, opening: Map<number, number>) {
  const byCat = new Map<number | null, { produits: number; quantite: number; valeur: number }>();
  for (const p of raw.produits) {
    const { quantite: q, cout } = replayedAt(raw, p.id, opening.get(p.id)!, day);
    if (q === 0) continue;
    const c = byCat.get(p.categorie_id) ?? { produits: 0, quantite: 0, valeur: 0 };
    byCat.set(p.categorie_id, {
      produits: c.produits + 1,
      quantite: c.quantite + q,
      valeur: c.valeur + value(q, cout),
    });
  }
  return byCat;
}

/** Movements of the period by kind. */
export function expectedMouvements(raw: Raw, p: Jours) {
  const cal = calendar(raw);
  const byType = new Map<
    string,
    { type: string; nombre: number; entrees: number; sorties: number }
  >();
  for (const m of raw.mouvements.filter((m) => inDays(cal.day(m.created_at), p))) {
    const t = byType.get(m.type) ?? { type: m.type, nombre: 0, entrees: 0, sorties: 0 };
    byType.set(m.type, {
      type: m.type,
      nombre: t.nombre + 1,
      entrees: t.entrees + Math.max(m.quantite, 0),
      sorties: t.sorties + Math.max(-m.quantite, 0),
    });
  }
  return [...byType.values()];
}

/** A token valid at the test clock's time (histories span weeks; real tokens last minutes). */
export async function tokenAt(
  clock: { now(): Date },
  user: { id: number; email: string },
  role: 'ROLE_PROPRIETAIRE' | 'ROLE_GERANT' | 'ROLE_ADMIN',
) {
  const iat = Math.floor(clock.now().getTime() / 1000);
  const token = await forgeToken({
    sub: String(user.id),
    username: user.email,
    roles: [role],
    iat,
    exp: iat + 600,
  });
  return { token };
}
