/**
 * The totals of a closure (docs/regles-metier.md « Clôtures »), computed from the journal's own
 * entries, never from the documents: sales and returns by VAT rate, money by payment mode
 * (sales' payments and repayments in, refunds out), the period's net total, and the perpetual
 * grand total (the previous closure's plus this one).
 */

interface LigneTva {
  tauxTva: number;
  ht: number;
  tva: number;
  ttc: number;
}
interface Vente {
  lignes: LigneTva[];
  paiements: Array<{ mode: string; montant: number }>;
}
interface Retour {
  lignes: LigneTva[];
  rembourse: number;
  modeRemboursement: string | null;
}
interface Reglement {
  mode: string;
  montant: number;
}

export interface Montants {
  ht: number;
  tva: number;
  ttc: number;
}

export interface TotauxCloture {
  ventes: Montants & { nombre: number };
  retours: Montants & { nombre: number };
  /** Net of returns, by VAT rate (basis points), in increasing rate order. */
  tva: Array<Montants & { taux: number }>;
  /** Money received (+) and refunded (−) by mode, in mode order. */
  paiements: Array<{ mode: string; montant: number }>;
  /** Sales minus returns over the period. */
  total: Montants;
  /** Perpetual: every sale minus every return since the shop's first entry. */
  grandTotal: Montants;
}

export const ZERO: Readonly<Montants> = Object.freeze({ ht: 0, tva: 0, ttc: 0 });
const zero = (): Montants => ({ ...ZERO });
const add = (a: Montants, b: Montants, sign = 1) => {
  a.ht += sign * b.ht;
  a.tva += sign * b.tva;
  a.ttc += sign * b.ttc;
};

export function totaux(
  entrees: ReadonlyArray<{ type: string; contenu: string }>,
  grandTotalPrecedent: Montants,
): TotauxCloture {
  const ventes = { ...zero(), nombre: 0 };
  const retours = { ...zero(), nombre: 0 };
  const parTaux = new Map<number, Montants>();
  const parMode = new Map<string, number>();
  const encaisse = (mode: string, montant: number) =>
    parMode.set(mode, (parMode.get(mode) ?? 0) + montant);
  const lignes = (ls: LigneTva[], sign: number) => {
    for (const l of ls) {
      const t = parTaux.get(l.tauxTva) ?? zero();
      add(t, l, sign);
      parTaux.set(l.tauxTva, t);
    }
  };
  for (const e of entrees) {
    if (e.type === 'vente') {
      const v = JSON.parse(e.contenu) as Vente;
      ventes.nombre += 1;
      for (const l of v.lignes) add(ventes, l);
      lignes(v.lignes, 1);
      for (const p of v.paiements) encaisse(p.mode, p.montant);
    } else if (e.type === 'retour') {
      const r = JSON.parse(e.contenu) as Retour;
      retours.nombre += 1;
      for (const l of r.lignes) add(retours, l);
      lignes(r.lignes, -1);
      if (r.rembourse > 0) encaisse(r.modeRemboursement ?? 'especes', -r.rembourse);
    } else if (e.type === 'reglement') {
      const r = JSON.parse(e.contenu) as Reglement;
      encaisse(r.mode, r.montant);
    }
  }
  const total = zero();
  add(total, ventes);
  add(total, retours, -1);
  const grandTotal = { ...grandTotalPrecedent };
  add(grandTotal, total);
  return {
    ventes,
    retours,
    tva: [...parTaux]
      .sort(([a], [b]) => a - b)
      .map(([taux, m]) => ({ taux, ht: m.ht, tva: m.tva, ttc: m.ttc })),
    paiements: [...parMode]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([mode, montant]) => ({ mode, montant })),
    total,
    grandTotal,
  };
}
