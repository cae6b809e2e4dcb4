import { localDate, shopTimeZone, type Avoir, type Facture } from '@comptoir/shared';
import { businessRule } from '../../core/errors.js';
import { facturxXml } from './facturx/cii.js';
import type {
  FacturxAdresse,
  FacturxDocument,
  FacturxLigne,
  FacturxPartie,
  FacturxTva,
} from './facturx/cii.types.js';

/**
 * An issued invoice or credit note → its Factur-X document (facturx/cii.types.ts): the same
 * snapshot the PDF prints (seller mentions copied at issue, lines, VAT per rate, due date,
 * payment mentions). Factur-X is for shops in euros; other currencies get the PDF alone.
 */

export const facturxApplicable = (devise: string): boolean => devise === 'EUR';

export function requireFacturx(devise: string): void {
  if (!facturxApplicable(devise))
    throw businessRule(
      'La facture électronique Factur-X n’existe que pour les boutiques en euros.',
    );
}

/** « 75002 Paris » → postcode and city; a city without a postcode stays whole. */
function codePostalVille(text: string): { codePostal: string; ville: string } {
  const match = /^(\d{4,5})\s+(.+)$/.exec(text.trim());
  return match
    ? { codePostal: match[1]!, ville: match[2]! }
    : { codePostal: '', ville: text.trim() };
}

/** The shop's address (street, then « 75002 Paris » as its city field). */
function adresseVendeur(f: Facture, pays: string): FacturxAdresse {
  return { ligne1: f.vendeur.adresse ?? '', ...codePostalVille(f.vendeur.ville ?? ''), pays };
}

/** A customer's one-field address « 3 rue des Lilas, 75011 Paris »: its last part is the city. */
export function adresseClient(adresse: string | null, pays: string): FacturxAdresse {
  const text = (adresse ?? '').trim();
  const comma = text.lastIndexOf(',');
  if (comma > 0) {
    const city = codePostalVille(text.slice(comma + 1));
    if (city.codePostal) return { ligne1: text.slice(0, comma).trim(), ...city, pays };
  }
  return { ligne1: text, codePostal: '', ville: '', pays };
}

function parties(f: Facture): { vendeur: FacturxPartie; acheteur: FacturxPartie } {
  const v = f.vendeur;
  const pays = v.pays ?? 'FR';
  return {
    vendeur: {
      nom: v.nom,
      siren: v.siret ? v.siret.slice(0, 9) : null,
      tvaIntracom: v.tvaIntracom,
      // A shop not liable to VAT names its tax registration (BR-E-02): its SIRET.
      identifiantFiscal: v.assujettiTva ? null : v.siret,
      adresse: adresseVendeur(f, pays),
      email: v.email,
    },
    acheteur: {
      nom: f.client.nom,
      siren: f.client.siren,
      tvaIntracom: f.client.tvaIntracom,
      adresse: adresseClient(f.client.adresse, pays),
      email: f.client.email,
    },
  };
}

/** UN/ECE recommendation 20 codes of the usual unit symbols; C62 (one) otherwise. */
const UNITES: Record<string, string> = {
  kg: 'KGM',
  g: 'GRM',
  l: 'LTR',
  L: 'LTR',
  cl: 'CLT',
  ml: 'MLT',
  m: 'MTR',
  cm: 'CMT',
  m2: 'MTK',
  'm²': 'MTK',
  h: 'HUR',
};

/**
 * A line: net unit price HT and its quantity; the discounts it bears (line and global, as the
 * invoice prints them) are its allowance, so that quantity × price − allowance = its amount HT.
 */
function ligne(l: {
  nom: string;
  quantite: number;
  prixUnitaireHt: number;
  montantHt: number;
  tauxTva: number;
  uniteSymbole?: string;
}): FacturxLigne {
  const brut = Math.round((l.quantite * l.prixUnitaireHt) / 1000);
  return {
    designation: l.nom,
    quantite: l.quantite,
    uniteCode: (l.uniteSymbole && UNITES[l.uniteSymbole]) || 'C62',
    prixUnitaireHt: l.prixUnitaireHt,
    remiseHt: Math.max(0, brut - l.montantHt),
    montantHt: l.montantHt,
    tauxTva: l.tauxTva,
  };
}

function tvaParTaux(lignes: Array<{ tauxTva: number; montantTva: number }>): FacturxTva[] {
  const byRate = new Map<number, number>();
  for (const l of lignes) byRate.set(l.tauxTva, (byRate.get(l.tauxTva) ?? 0) + l.montantTva);
  return [...byRate].map(([tauxTva, montantTva]) => ({ tauxTva, montantTva }));
}

const jour = (f: Facture, instant: string) =>
  localDate(new Date(instant), shopTimeZone(f.vendeur.pays));

/** The invoice as a Factur-X document; `conditions` are the payment mentions of its PDF. */
export function factureFacturx(f: Facture, conditions: string[]): FacturxDocument {
  return {
    type: 'facture',
    numero: f.numero,
    dateEmission: jour(f, f.createdAt),
    dateLivraison: f.dateFin,
    dateEcheance: f.echeance,
    conditionsPaiement: conditions.join(' ') || null,
    devise: f.devise,
    ...parties(f),
    assujettiTva: f.vendeur.assujettiTva,
    lignes: f.lignes.map(ligne),
    tva: f.tva.map((t) => ({ tauxTva: t.tauxTva, montantTva: t.montantTva })),
    notes: f.note ? [f.note] : [],
  };
}

/** A credit note of the invoice `f` as a Factur-X document (type 381, invoice referenced). */
export function avoirFacturx(a: Avoir, f: Facture): FacturxDocument {
  return {
    type: 'avoir',
    numero: a.numero,
    dateEmission: jour(f, a.createdAt),
    factureReference: { numero: f.numero, dateEmission: jour(f, f.createdAt) },
    devise: f.devise,
    ...parties(f),
    assujettiTva: f.vendeur.assujettiTva,
    lignes: a.lignes.map((l) => {
      const unite = f.lignes.find((x) => x.id === l.ligneId)?.uniteSymbole;
      return ligne({ ...l, ...(unite ? { uniteSymbole: unite } : {}) });
    }),
    tva: tvaParTaux(a.lignes),
    notes: a.motif ? [a.motif] : [],
  };
}

export const factureXml = (f: Facture, conditions: string[]): string =>
  facturxXml(factureFacturx(f, conditions));
export const avoirXml = (a: Avoir, f: Facture): string => facturxXml(avoirFacturx(a, f));
