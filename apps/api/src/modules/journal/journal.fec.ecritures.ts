/**
 * The accounting entries of the journal's events (docs/regles-metier.md « Export comptable
 * (FEC) »), French chart of accounts (PCG): one balanced entry per sale, return, repayment and
 * commercial credit note, built from the journal's own canonical content (the figures the
 * closures add up), never from the documents. Amounts are integers in the currency's minor unit.
 */

/** An account: its number and its label (one label per number in the whole file). */
export interface Compte {
  num: string;
  lib: string;
}

/** Money in and out by payment mode (sales' payments, refunds, repayments). */
export const COMPTES_MODES: Record<string, Compte> = {
  especes: { num: '530000', lib: 'Caisse' },
  mobile_money: { num: '512100', lib: 'Mobile money' },
  carte: { num: '511500', lib: 'Cartes bancaires à encaisser' },
  virement: { num: '512000', lib: 'Banque' },
  cheque: { num: '511200', lib: 'Chèques à encaisser' },
};
export const COMPTE_CLIENTS: Compte = { num: '411000', lib: 'Clients' };

/** « 20 % », « 5,5 % » from a rate in hundredths of a percent. */
export const tauxLisible = (taux: number): string =>
  `${(taux / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
const codeTaux = (taux: number) => String(taux).padStart(4, '0');

/** Sales of goods, one account per VAT rate: 707 then the rate in basis points (7071800: 18 %). */
export const compteVentes = (taux: number): Compte => ({
  num: `707${codeTaux(taux)}`,
  lib:
    taux === 0
      ? 'Ventes de marchandises sans TVA'
      : `Ventes de marchandises TVA ${tauxLisible(taux)}`,
});
/** VAT collected, one account per rate: 44571 then the rate (445711800: 18 %). */
export const compteTva = (taux: number): Compte => ({
  num: `44571${codeTaux(taux)}`,
  lib: `TVA collectée ${tauxLisible(taux)}`,
});
const compteMode = (mode: string): Compte =>
  COMPTES_MODES[mode] ?? { num: '580000', lib: `Autre mode de paiement (${mode})` };

export interface LigneEcriture {
  compte: Compte;
  /** The customer's auxiliary account (411 only). */
  aux: Compte | null;
  debit: number;
  credit: number;
}

export interface Ecriture {
  journal: 'VT' | 'RG';
  /** The shop's calendar day ('YYYY-MM-DD'). */
  jour: string;
  /** The journal's sequence of the event (orders the entries of a day). */
  sequence: number;
  piece: string;
  libelle: string;
  lignes: LigneEcriture[];
}

export const JOURNAUX = { VT: 'Ventes', RG: 'Règlements clients' } as const;

/** The customers, invoices and invoice lines the entries name, read beforehand. */
export interface Referentiel {
  /** Customer of each sale (returns name the sale only). */
  clientDeVente: Map<number, number | null>;
  nomClient: Map<number, string>;
  /** Invoice → its customer; invoice line → its VAT rate (commercial credit notes). */
  clientDeFacture: Map<number, number>;
  tauxDeLigneFacture: Map<number, number>;
}

interface Montants {
  ht: number;
  tva: number;
}

/** An entry's lines under construction: amounts summed by account, a negative one on the other side. */
class Lignes {
  private readonly parCompte = new Map<string, LigneEcriture>();
  constructor(private readonly ref: Referentiel) {}

  private add(compte: Compte, aux: Compte | null, montant: number): void {
    if (montant === 0) return;
    const key = `${compte.num}|${aux?.num ?? ''}`;
    const ligne = this.parCompte.get(key) ?? { compte, aux, debit: 0, credit: 0 };
    if (montant > 0) ligne.debit += montant;
    else ligne.credit -= montant;
    this.parCompte.set(key, ligne);
  }
  debit = (compte: Compte, montant: number, aux: Compte | null = null) =>
    this.add(compte, aux, montant);
  credit = (compte: Compte, montant: number, aux: Compte | null = null) =>
    this.add(compte, aux, -montant);

  /** The customer's account: 411000 with the customer as auxiliary account. */
  client(clientId: number | null | undefined): Compte | null {
    if (clientId === null || clientId === undefined) return null;
    return {
      num: `C${String(clientId).padStart(6, '0')}`,
      lib: this.ref.nomClient.get(clientId) ?? `Client ${clientId}`,
    };
  }

  /** Sales (sign 1: credit) or their reversal (sign −1: debit) by VAT rate. */
  produits(lignes: ReadonlyArray<Montants & { taux: number }>, sign: 1 | -1): void {
    for (const l of lignes) {
      this.credit(compteVentes(l.taux), sign * l.ht);
      this.credit(compteTva(l.taux), sign * l.tva);
    }
  }

  /** Lines with a debit and a credit column both positive, in a stable order. */
  fin(): LigneEcriture[] {
    const lignes = [...this.parCompte.values()].map((l) => {
      const net = l.debit - l.credit;
      return { ...l, debit: Math.max(net, 0), credit: Math.max(-net, 0) };
    });
    return lignes.filter((l) => l.debit !== 0 || l.credit !== 0);
  }
}

interface Vente {
  client: number | null;
  lignes: Array<{ tauxTva: number; ht: number; tva: number }>;
  paiements: Array<{ mode: string; montant: number }>;
  credit: number;
  /** The customer's available credit used at the sale (absent: none). */
  avoir?: number;
}
interface Retour {
  vente: number;
  lignes: Array<{ tauxTva: number; ht: number; tva: number }>;
  imputeDette: number;
  rembourse: number;
  modeRemboursement: string | null;
  avoir: number;
}
interface Reglement {
  client: number;
  mode: string;
  montant: number;
}
interface Avoir {
  facture: number;
  commercial: boolean;
  lignes: Array<{ factureLigne: number; ht: number; tva: number }>;
}

/** The journal's event types that make an accounting entry. */
export const TYPES_COMPTABLES = ['vente', 'retour', 'reglement', 'avoir'] as const;

/**
 * The entry of one journal event, or null when it has none (a credit note with returned goods:
 * its returns are entries of their own).
 */
export function ecritureDe(
  e: { sequence: number; type: string; reference: string; contenu: string },
  jour: string,
  ref: Referentiel,
): Ecriture | null {
  const l = new Lignes(ref);
  const base = { jour, sequence: e.sequence, piece: e.reference };
  const taux = (ls: Vente['lignes']) => ls.map((x) => ({ taux: x.tauxTva, ht: x.ht, tva: x.tva }));
  if (e.type === 'vente') {
    const v = JSON.parse(e.contenu) as Vente;
    for (const p of v.paiements) l.debit(compteMode(p.mode), p.montant);
    // What stays owed, and the customer's credit (avoir) used as a payment: both on 411.
    l.debit(COMPTE_CLIENTS, v.credit + (v.avoir ?? 0), l.client(v.client));
    l.produits(taux(v.lignes), 1);
    return { ...base, journal: 'VT', libelle: `Vente ${e.reference}`, lignes: l.fin() };
  }
  if (e.type === 'retour') {
    const r = JSON.parse(e.contenu) as Retour;
    l.produits(taux(r.lignes), -1);
    if (r.rembourse) l.credit(compteMode(r.modeRemboursement ?? 'especes'), r.rembourse);
    const client = l.client(ref.clientDeVente.get(r.vente));
    l.credit(COMPTE_CLIENTS, r.imputeDette + r.avoir, client);
    return { ...base, journal: 'VT', libelle: `Retour ${e.reference}`, lignes: l.fin() };
  }
  if (e.type === 'reglement') {
    const r = JSON.parse(e.contenu) as Reglement;
    l.debit(compteMode(r.mode), r.montant);
    l.credit(COMPTE_CLIENTS, r.montant, l.client(r.client));
    const piece = `REG-${e.reference}`;
    return { ...base, piece, journal: 'RG', libelle: `Règlement client ${piece}`, lignes: l.fin() };
  }
  if (e.type === 'avoir') {
    const a = JSON.parse(e.contenu) as Avoir;
    if (!a.commercial) return null;
    const lignes = a.lignes.map((x) => ({
      taux: ref.tauxDeLigneFacture.get(x.factureLigne) ?? 0,
      ht: x.ht,
      tva: x.tva,
    }));
    l.produits(lignes, -1);
    const ttc = lignes.reduce((s, x) => s + x.ht + x.tva, 0);
    l.credit(COMPTE_CLIENTS, ttc, l.client(ref.clientDeFacture.get(a.facture)));
    return { ...base, journal: 'VT', libelle: `Avoir ${e.reference}`, lignes: l.fin() };
  }
  return null;
}

/** What the entries need read beforehand: the sales returned, the invoices credited, their lines. */
export function aLire(entrees: ReadonlyArray<{ type: string; contenu: string }>) {
  const ventes = new Set<number>();
  const factures = new Set<number>();
  const lignesFacture = new Set<number>();
  for (const e of entrees)
    if (e.type === 'retour') ventes.add((JSON.parse(e.contenu) as Retour).vente);
    else if (e.type === 'avoir') {
      const a = JSON.parse(e.contenu) as Avoir;
      if (!a.commercial) continue;
      factures.add(a.facture);
      for (const x of a.lignes) lignesFacture.add(x.factureLigne);
    }
  return { ventes: [...ventes], factures: [...factures], lignesFacture: [...lignesFacture] };
}
