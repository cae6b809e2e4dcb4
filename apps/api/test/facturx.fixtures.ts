import type { FacturxDocument, FacturxPartie } from '../src/modules/factures/facturx/cii.types.js';

/** Factur-X documents of every kind the suite checks: amounts in cents, quantities in ‰. */

export const VENDEUR: FacturxPartie = {
  nom: 'Épicerie « Chez Léa » & Fils',
  siren: '732829320',
  tvaIntracom: 'FR44732829320',
  adresse: {
    ligne1: '12 rue des Halles',
    ligne2: 'Bâtiment <B>',
    codePostal: '75001',
    ville: 'Paris',
    pays: 'FR',
  },
  email: 'contact@chez-lea.example',
};

export const ACHETEUR: FacturxPartie = {
  nom: 'Restaurant Le Bon Coin SARL',
  siret: '55208131766522',
  tvaIntracom: 'FR40552081317',
  adresse: { ligne1: '3 place Bellecour', codePostal: '69002', ville: 'Lyon', pays: 'FR' },
};

const CONDITIONS =
  'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal. ' +
  'Indemnité forfaitaire pour frais de recouvrement : 40 €.';

/** Four VAT rates, line discounts, a global discount borne by two rates, a deposit. */
export const FACTURE_MULTI_TAUX: FacturxDocument = {
  type: 'facture',
  numero: 'F-2026-000042',
  dateEmission: '2026-11-24',
  dateLivraison: '2026-11-20',
  dateEcheance: '2026-12-24',
  conditionsPaiement: CONDITIONS,
  devise: 'EUR',
  vendeur: VENDEUR,
  acheteur: ACHETEUR,
  assujettiTva: true,
  lignes: [
    // 20 %: 2 × 49,90 − 10,00 = 89,80
    {
      designation: 'Cafetière 1,5 L',
      quantite: 2000,
      prixUnitaireHt: 4990,
      remiseHt: 1000,
      montantHt: 8980,
      tauxTva: 2000,
    },
    // 20 %: 1 × 15,00 (service, heure)
    {
      designation: 'Installation',
      quantite: 1000,
      uniteCode: 'HUR',
      prixUnitaireHt: 1500,
      remiseHt: 0,
      montantHt: 1500,
      tauxTva: 2000,
    },
    // 10 %: 4 × 3,25 = 13,00
    {
      designation: 'Plat cuisiné',
      quantite: 4000,
      prixUnitaireHt: 325,
      remiseHt: 0,
      montantHt: 1300,
      tauxTva: 1000,
    },
    // 5,5 %: 1,5 kg × 12,00 = 18,00 − 5 % = 17,10
    {
      designation: 'Café en grains (kg)',
      quantite: 1500,
      uniteCode: 'KGM',
      prixUnitaireHt: 1200,
      remiseHt: 90,
      montantHt: 1710,
      tauxTva: 550,
    },
    // 2,1 %: 3 × 1,90 = 5,70
    {
      designation: 'Journal',
      quantite: 3000,
      prixUnitaireHt: 190,
      remiseHt: 0,
      montantHt: 570,
      tauxTva: 210,
    },
  ],
  remisesDocument: [
    { montantHt: 500, tauxTva: 2000, motif: 'Remise globale' },
    { montantHt: 100, tauxTva: 550, motif: 'Remise globale' },
  ],
  // VAT per rate on the bases: 20 %: 99,80 → 19,96; 10 %: 13,00 → 1,30; 5,5 %: 16,10 → 0,89;
  // 2,1 %: 5,70 → 0,12.
  tva: [
    { tauxTva: 2000, montantTva: 1996 },
    { tauxTva: 1000, montantTva: 130 },
    { tauxTva: 550, montantTva: 89 },
    { tauxTva: 210, montantTva: 12 },
  ],
  dejaPaye: 5000,
  notes: ['Commande du 18 novembre 2026.'],
};

/** The credit note for the returned coffee maker of FACTURE_MULTI_TAUX (one of the two). */
export const AVOIR: FacturxDocument = {
  type: 'avoir',
  numero: 'AV-2026-000003',
  dateEmission: '2026-11-28',
  devise: 'EUR',
  vendeur: VENDEUR,
  acheteur: ACHETEUR,
  assujettiTva: true,
  factureReference: { numero: 'F-2026-000042', dateEmission: '2026-11-24' },
  conditionsPaiement: 'Remboursement par virement sous 15 jours.',
  lignes: [
    {
      designation: 'Cafetière 1,5 L (retour)',
      quantite: 1000,
      prixUnitaireHt: 4990,
      remiseHt: 500,
      montantHt: 4490,
      tauxTva: 2000,
    },
  ],
  tva: [{ tauxTva: 2000, montantTva: 898 }],
};

/** A shop under the franchise en base: no VAT, category E with the art. 293 B mention. */
export const FACTURE_FRANCHISE: FacturxDocument = {
  type: 'facture',
  numero: 'F-2026-000007',
  dateEmission: '2026-11-24',
  dateLivraison: '2026-11-24',
  dateEcheance: '2026-11-24',
  conditionsPaiement: 'Paiement comptant à réception.',
  devise: 'EUR',
  vendeur: {
    nom: 'Atelier Morel',
    siret: '41816609600069',
    identifiantFiscal: '41816609600069',
    adresse: { ligne1: '8 chemin du Moulin', codePostal: '35000', ville: 'Rennes', pays: 'FR' },
  },
  acheteur: {
    nom: 'Mairie de Cesson',
    siren: '213500515',
    adresse: {
      ligne1: '1 place de la Mairie',
      codePostal: '35510',
      ville: 'Cesson-Sévigné',
      pays: 'FR',
    },
  },
  assujettiTva: false,
  lignes: [
    {
      designation: 'Réparation de chaises',
      quantite: 6000,
      prixUnitaireHt: 2500,
      remiseHt: 0,
      montantHt: 15000,
      tauxTva: 0,
    },
    {
      designation: 'Vernis',
      quantite: 2000,
      prixUnitaireHt: 1250,
      remiseHt: 250,
      montantHt: 2250,
      tauxTva: 0,
    },
  ],
  remisesDocument: [{ montantHt: 250, tauxTva: 0, motif: 'Remise fidélité' }],
  tva: [],
};

export const DOCUMENTS = {
  'facture à plusieurs taux de TVA avec remises et acompte': FACTURE_MULTI_TAUX,
  avoir: AVOIR,
  'facture d’une boutique non assujettie (art. 293 B)': FACTURE_FRANCHISE,
};
