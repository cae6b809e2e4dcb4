import { DEFAULT_PREFIXES, type ServiceDetail, type ServiceInput } from '@comptoir/shared';
import { basisPointsToPercent, percentToBasisPoints } from '../../lib/money-input';
import { legalKind } from './countries';

/** What the shop form edits: texts as typed, the VAT rate in percent. */
export interface ServiceFormValues {
  nom: string;
  adresse: string;
  ville: string;
  pays: string | null;
  telephone: string;
  email: string;
  devise: string;
  siret: string;
  tvaIntracom: string;
  ninea: string;
  rccm: string;
  assujettiTva: boolean;
  /** Percent (18, 5.5). */
  tauxTva: number | null;
  prixTtc: boolean;
  stockNegatifAutorise: boolean;
  enteteTicket: string;
  piedTicket: string;
  prefixeVente: string;
  prefixeFacture: string;
  prefixeDevis: string;
  prefixeAchat: string;
  rcs: string;
  formeJuridique: string;
  /** Invoice terms (minor units, basis points, days), edited in « Factures ». */
  capital: number | null;
  tauxPenalites: number | null;
  delaiPaiement: number;
}

export type SetValue = <K extends keyof ServiceFormValues>(
  field: K,
  value: ServiceFormValues[K],
) => void;

/** Every field a server error may name, shown under its field. */
export const SERVICE_FIELDS = [
  'nom',
  'adresse',
  'ville',
  'pays',
  'telephone',
  'email',
  'devise',
  'siret',
  'tvaIntracom',
  'ninea',
  'rccm',
  'assujettiTva',
  'tauxTvaDefaut',
  'prixTtc',
  'stockNegatifAutorise',
  'enteteTicket',
  'piedTicket',
  'prefixeVente',
  'prefixeFacture',
  'prefixeDevis',
  'prefixeAchat',
  'rcs',
  'formeJuridique',
  'capital',
  'tauxPenalites',
  'delaiPaiement',
] as const;

export function formValuesOf(shop: ServiceDetail | null): ServiceFormValues {
  return {
    nom: shop?.nom ?? '',
    adresse: shop?.adresse ?? '',
    ville: shop?.ville ?? '',
    pays: shop?.pays ?? null,
    telephone: shop?.telephone ?? '',
    email: shop?.email ?? '',
    devise: shop?.devise ?? 'XOF',
    siret: shop?.siret ?? '',
    tvaIntracom: shop?.tvaIntracom ?? '',
    ninea: shop?.ninea ?? '',
    rccm: shop?.rccm ?? '',
    assujettiTva: shop?.assujettiTva ?? false,
    tauxTva: shop ? basisPointsToPercent(shop.tauxTvaDefaut) : null,
    prixTtc: shop?.prixTtc ?? true,
    stockNegatifAutorise: shop?.stockNegatifAutorise ?? false,
    enteteTicket: shop?.enteteTicket ?? '',
    piedTicket: shop?.piedTicket ?? '',
    prefixeVente: shop?.prefixeVente ?? DEFAULT_PREFIXES.prefixeVente,
    prefixeFacture: shop?.prefixeFacture ?? DEFAULT_PREFIXES.prefixeFacture,
    prefixeDevis: shop?.prefixeDevis ?? DEFAULT_PREFIXES.prefixeDevis,
    prefixeAchat: shop?.prefixeAchat ?? DEFAULT_PREFIXES.prefixeAchat,
    rcs: shop?.rcs ?? '',
    formeJuridique: shop?.formeJuridique ?? '',
    capital: shop?.capital ?? null,
    tauxPenalites: shop?.tauxPenalites ?? null,
    delaiPaiement: shop?.delaiPaiement ?? 30,
  };
}

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/**
 * The body of POST/PUT /api/services. Identifiers the shop's country does not show are sent
 * empty; the rate is sent in hundredths of a percent, and 0 for a shop not liable to VAT. The
 * invoice terms (capital, penalty rate, payment term) go as edited.
 */
export function toServiceInput(v: ServiceFormValues): ServiceInput {
  const legal = legalKind(v.pays);
  return {
    nom: v.nom.trim(),
    adresse: orNull(v.adresse),
    ville: orNull(v.ville),
    pays: v.pays,
    telephone: orNull(v.telephone),
    email: orNull(v.email),
    devise: v.devise,
    siret: legal === 'fr' ? orNull(v.siret) : null,
    tvaIntracom: legal === 'fr' ? orNull(v.tvaIntracom) : null,
    ninea: legal === 'ohada' ? orNull(v.ninea) : null,
    rccm: legal === 'ohada' ? orNull(v.rccm) : null,
    assujettiTva: v.assujettiTva,
    tauxTvaDefaut: v.assujettiTva ? percentToBasisPoints(v.tauxTva) : 0,
    prixTtc: v.prixTtc,
    stockNegatifAutorise: v.stockNegatifAutorise,
    enteteTicket: orNull(v.enteteTicket),
    piedTicket: orNull(v.piedTicket),
    prefixeVente: v.prefixeVente.trim(),
    prefixeFacture: v.prefixeFacture.trim(),
    prefixeDevis: v.prefixeDevis.trim(),
    prefixeAchat: v.prefixeAchat.trim(),
    rcs: legal === 'fr' ? orNull(v.rcs) : null,
    formeJuridique: orNull(v.formeJuridique),
    capital: v.capital,
    tauxPenalites: v.tauxPenalites,
    delaiPaiement: v.delaiPaiement,
  };
}
