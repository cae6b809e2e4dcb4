/**
 * The document-entry model: lines, discounts, taxes, payments and party of every commercial
 * document. Its heart is the sale computation (`vente-calcul.ts`: calculerVente).
 */
export * from './lignes.js';
export * from './paiements.js';
export * from './tiers.js';
export * from './vente.js';
export * from './achat.js';
export * from './devis.js';
