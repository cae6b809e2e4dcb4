/**
 * The plain input of a Factur-X (CII, profile EN 16931) document: what the invoice code knows,
 * in our units — amounts in integer minor units (cents), quantities in thousandths, VAT rates in
 * basis points. No computation is made here beyond exact integer sums: the amounts are the ones
 * printed on the PDF.
 */

export interface FacturxAdresse {
  ligne1: string;
  ligne2?: string | null;
  codePostal: string;
  ville: string;
  /** ISO 3166-1 alpha-2 (FR). */
  pays: string;
}

export interface FacturxPartie {
  nom: string;
  /** SIREN (9 digits): legal registration, scheme 0002. */
  siren?: string | null;
  /** SIRET (14 digits): used as the legal registration when no SIREN is given (scheme 0009). */
  siret?: string | null;
  /** Intra-community VAT number (FR…). */
  tvaIntracom?: string | null;
  /**
   * Tax registration other than VAT (scheme FC), for a seller not liable to VAT: EN 16931
   * (BR-E-02) asks an exempt invoice for a seller VAT or tax registration identifier.
   */
  identifiantFiscal?: string | null;
  adresse: FacturxAdresse;
  email?: string | null;
}

export interface FacturxLigne {
  designation: string;
  /** Thousandths (1,5 kg = 1500). */
  quantite: number;
  /** UN/ECE recommendation 20 unit code; C62 (« unité ») when absent. */
  uniteCode?: string;
  /** Unit price excluding VAT, before the line discount, in minor units. */
  prixUnitaireHt: number;
  /** Line discount excluding VAT, in minor units (0 when none). */
  remiseHt: number;
  /** Line net amount excluding VAT = gross − line discount (BT-131), in minor units. */
  montantHt: number;
  /** Basis points (20 % = 2000); 0 for a shop not liable to VAT. */
  tauxTva: number;
}

/** A document-level discount (our global discount), borne by one VAT rate. */
export interface FacturxRemiseDocument {
  montantHt: number;
  tauxTva: number;
  motif: string;
}

/** The VAT of one rate, as printed on the invoice (computed line by line, then summed). */
export interface FacturxTva {
  tauxTva: number;
  montantTva: number;
}

export type FacturxTypeDocument = 'facture' | 'avoir';

export interface FacturxDocument {
  type: FacturxTypeDocument;
  numero: string;
  /** YYYY-MM-DD. */
  dateEmission: string;
  /** YYYY-MM-DD: date of the sale or delivery (BT-72). */
  dateLivraison?: string | null;
  /** YYYY-MM-DD: due date (BT-9). */
  dateEcheance?: string | null;
  /** Payment terms, free text (BT-20): penalties, 40 € recovery fee… */
  conditionsPaiement?: string | null;
  /** Credit note: the invoice it corrects (BT-25, BT-26). */
  factureReference?: { numero: string; dateEmission: string } | null;
  /** ISO 4217; Factur-X is produced for EUR shops. */
  devise: string;
  vendeur: FacturxPartie;
  acheteur: FacturxPartie;
  /** False for a shop not liable to VAT (franchise en base): category E with its reason. */
  assujettiTva: boolean;
  lignes: FacturxLigne[];
  remisesDocument?: FacturxRemiseDocument[];
  tva: FacturxTva[];
  /** Already paid, in minor units (BT-113). */
  dejaPaye?: number;
  notes?: string[];
}

/** The mention a shop not liable to VAT prints, and the exemption reason of category E. */
export const MENTION_FRANCHISE_TVA = 'TVA non applicable, art. 293 B du CGI';
