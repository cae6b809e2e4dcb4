import { randomUUID } from 'node:crypto';
import {
  ACTORS,
  SIGNED_IN,
  publicRoute,
  signedIn,
  only,
  otherShopOf,
  type Actor,
  type SignedIn,
  type Expected,
  type Fixtures,
  type Caller,
  type Call,
  type MatrixRow,
} from './authorization-matrix.helpers.js';
import { DEPENSES_MATRIX } from './authorization-matrix.depenses.js';
import { ACHATS_MATRIX } from './authorization-matrix.achats.js';
import { TABLEAU_ROWS } from './authorization-matrix.tableau.js';
import { INVENTAIRES_MATRIX } from './authorization-matrix.inventaires.js';
import { FACTURES_MATRIX } from './authorization-matrix.factures.js';
import { DEVIS_ROWS } from './authorization-matrix.devis.js';
import { CAISSES_MATRIX } from './authorization-matrix.caisses.js';
import { INVITATIONS_MATRIX } from './authorization-matrix.invitations.js';
import { JOURNAL_ROWS } from './authorization-matrix.journal.js';
import { SYNCHRO_REFUSEES_ROWS, SYNCHRO_ROWS } from './authorization-matrix.synchro.js';
import { CONFORT_MATRIX } from './authorization-matrix.confort.js';

export {
  ACTORS,
  SIGNED_IN,
  publicRoute,
  signedIn,
  only,
  otherShopOf,
  type Actor,
  type SignedIn,
  type Expected,
  type Fixtures,
  type Caller,
  type Call,
  type MatrixRow,
};

/** THE authorization matrix: one row per endpoint (see authorization-matrix.helpers.ts). */

const SHOP_BODY = {
  nom: 'Boutique de la matrice',
  ville: 'Thiès',
  pays: 'SN',
  telephone: '+221 33 951 00 00',
  devise: 'XOF',
  assujettiTva: true,
  tauxTvaDefaut: 1800,
};
const PRODUIT_BODY = (f: Fixtures) => ({
  nom: f.newName('Produit'),
  uniteId: f.params['uniteId'],
  prixVente: 1500,
  prixAchat: 1000,
});
const PLAN_BODY = { dureeMois: 12, prix: 60_000, devise: 'XOF', maxServices: 3, maxUsers: 10 };

export const MATRIX: MatrixRow[] = [
  // Système
  { method: 'GET', url: '/api/health', expect: publicRoute },
  { method: 'GET', url: '/api/docs', expect: publicRoute },
  ...CONFORT_MATRIX,

  // Authentification
  { method: 'GET', url: '/api/auth/xsrf', expect: publicRoute },
  {
    method: 'POST',
    url: '/api/auth/login',
    expect: publicRoute,
    call: (f) => ({ body: f.loginBody() }),
  },
  {
    method: 'POST',
    url: '/api/auth/refresh',
    expect: publicRoute,
    call: async (f) => ({ body: { refreshToken: await f.newRefreshToken() } }),
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    expect: publicRoute,
    call: async (f) => ({ body: { refreshToken: await f.newRefreshToken() } }),
  },
  {
    method: 'POST',
    url: '/api/account/sessions/revoke-all',
    expect: signedIn,
    isolate: true,
  },
  {
    method: 'PATCH',
    url: '/api/auth/update-password',
    expect: signedIn,
    isolate: true,
    call: (f) => ({
      body: { currentPassword: f.password, newPassword: 'Un-nouveau-mot-de-passe-solide-7' },
    }),
  },

  // Compte
  {
    method: 'POST',
    url: '/api/account/reset-password/init',
    expect: publicRoute,
    call: () => ({ query: 'mail=personne%40exemple.test' }),
  },
  {
    method: 'POST',
    url: '/api/account/reset-password/finish',
    expect: publicRoute,
    call: async (f) => ({
      body: { key: await f.newResetKey(), newPassword: 'Mot-de-passe-retrouve-2026' },
    }),
  },
  { method: 'GET', url: '/api/account', expect: signedIn },
  {
    method: 'PUT',
    url: '/api/account',
    expect: signedIn,
    call: () => ({ body: { prenom: 'Mariama', nom: 'Diop', telephone: '+221 77 000 00 00' } }),
  },
  {
    method: 'POST',
    url: '/api/account/photo',
    expect: signedIn,
    call: (f) => ({ form: f.photoForm() }),
  },
  { method: 'DELETE', url: '/api/account/photo', expect: signedIn },

  // Fichiers
  { method: 'GET', url: '/api/files/:fileId', expect: publicRoute },

  // Boutiques
  { method: 'GET', url: '/api/services', expect: signedIn },
  {
    method: 'POST',
    url: '/api/services',
    expect: only('ownerA'),
    call: () => ({ body: SHOP_BODY }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId',
    expect: signedIn,
    otherShop: otherShopOf(signedIn),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: () => ({ body: SHOP_BODY }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/desactiver',
    expect: only('admin'),
    otherShop: otherShopOf(only('admin')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/activer',
    expect: only('admin'),
    otherShop: otherShopOf(only('admin')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/logo',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({ form: f.photoForm() }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/logo',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },

  // Utilisateurs (userId : un gérant de la boutique A, ni owner A ni manager A)
  { method: 'GET', url: '/api/users', expect: only('admin', 'ownerA') },
  {
    method: 'POST',
    url: '/api/users',
    expect: only('admin'),
    call: (f) => ({ body: { email: f.newEmail(), prenom: 'Ibrahima', nom: 'Fall' } }),
  },
  { method: 'GET', url: '/api/users/:userId', expect: only('admin', 'ownerA') },
  {
    method: 'PUT',
    url: '/api/users/:userId',
    expect: only('admin', 'ownerA'),
    call: () => ({ body: { prenom: 'Khady', nom: 'Ba', telephone: '+221 76 000 00 00' } }),
  },
  { method: 'POST', url: '/api/users/:userId/desactiver', expect: only('admin', 'ownerA') },
  { method: 'POST', url: '/api/users/:userId/activer', expect: only('admin', 'ownerA') },
  ...INVITATIONS_MATRIX,

  // Abonnements
  { method: 'GET', url: '/api/abonnements/courant', expect: signedIn },
  { method: 'GET', url: '/api/abonnements/plans', expect: only('admin') },
  {
    method: 'POST',
    url: '/api/abonnements/plans',
    expect: only('admin'),
    call: (f) => ({ body: { ...PLAN_BODY, nom: f.newName('Formule') } }),
  },
  { method: 'GET', url: '/api/abonnements/plans/:planId', expect: only('admin') },
  {
    method: 'PUT',
    url: '/api/abonnements/plans/:planId',
    expect: only('admin'),
    call: (f) => ({ body: { ...PLAN_BODY, nom: f.newName('Formule') } }),
  },
  {
    method: 'POST',
    url: '/api/abonnements/plans/:planId/retirer',
    expect: only('admin'),
    call: async (f) => ({ params: { planId: await f.newPlan() } }),
  },
  {
    method: 'DELETE',
    url: '/api/abonnements/plans/:planId',
    expect: only('admin'),
    call: async (f) => ({ params: { planId: await f.newPlan() } }),
  },
  { method: 'GET', url: '/api/abonnements', expect: only('admin') },
  {
    method: 'POST',
    url: '/api/abonnements',
    expect: only('admin'),
    call: async (f) => ({
      body: { ownerId: await f.newOwner(), planId: f.params['planId'], modePaiement: 'especes' },
    }),
  },
  { method: 'GET', url: '/api/abonnements/:abonnementId', expect: only('admin') },
  {
    method: 'PUT',
    url: '/api/abonnements/:abonnementId',
    expect: only('admin'),
    call: async (f) => ({
      params: { abonnementId: await f.newAbonnement() },
      body: {
        planId: f.params['planId'],
        dateDebut: '2026-01-01',
        dateFin: '2026-12-31',
        montantPaye: 50_000,
        devise: 'XOF',
        modePaiement: 'mobile_money',
        reference: 'WAVE-123',
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/abonnements/:abonnementId/renouveler',
    expect: only('admin'),
    call: async (f) => ({
      params: { abonnementId: await f.newAbonnement() },
      body: { modePaiement: 'virement' },
    }),
  },
  { method: 'POST', url: '/api/abonnements/:abonnementId/suspendre', expect: only('admin') },
  { method: 'POST', url: '/api/abonnements/:abonnementId/reactiver', expect: only('admin') },

  // Unités
  { method: 'GET', url: '/api/unites', expect: signedIn },
  { method: 'GET', url: '/api/unites/:uniteId', expect: signedIn },
  {
    method: 'POST',
    url: '/api/unites',
    expect: only('admin'),
    call: (f) => ({ body: { nom: f.newName('unité'), symbole: 'u', fractionnable: false } }),
  },
  {
    method: 'PUT',
    url: '/api/unites/:uniteId',
    expect: only('admin'),
    call: (f) => ({ body: { nom: f.newName('unité'), symbole: 'u', fractionnable: true } }),
  },
  {
    method: 'DELETE',
    url: '/api/unites/:uniteId',
    expect: only('admin'),
    call: async (f) => ({ params: { uniteId: await f.newUnite() } }),
  },

  // Types de vente
  { method: 'GET', url: '/api/types-ventes', expect: signedIn },
  { method: 'GET', url: '/api/types-ventes/:typeVenteId', expect: signedIn },
  {
    method: 'POST',
    url: '/api/types-ventes',
    expect: only('admin'),
    call: (f) => ({ body: { nom: f.newName('Vente'), prixUtilise: 'gros', actif: true } }),
  },
  {
    method: 'PUT',
    url: '/api/types-ventes/:typeVenteId',
    expect: only('admin'),
    call: (f) => ({ body: { nom: f.newName('Vente'), prixUtilise: 'detail', actif: false } }),
  },
  {
    method: 'DELETE',
    url: '/api/types-ventes/:typeVenteId',
    expect: only('admin'),
    call: async (f) => ({ params: { typeVenteId: await f.newTypeVente() } }),
  },

  // Catégories : le gérant lit, crée et renomme ; le propriétaire supprime aussi
  {
    method: 'GET',
    url: '/api/services/:serviceId/categories',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/categories/:categorieId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/categories',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ body: { nom: f.newName('Catégorie') } }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/categories/:categorieId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ body: { nom: f.newName('Catégorie') } }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/categories/:categorieId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: async (f) => ({ params: { categorieId: await f.newCategorie() } }),
  },

  // Marques : le propriétaire seul
  {
    method: 'GET',
    url: '/api/services/:serviceId/marques',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/marques/:marqueId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/marques',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({ body: { nom: f.newName('Marque') } }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/marques/:marqueId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({ body: { nom: f.newName('Marque') } }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/marques/:marqueId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: async (f) => ({ params: { marqueId: await f.newMarque() } }),
  },

  // Produits : le gérant lit, crée et modifie ; le propriétaire supprime, désactive et ajuste aussi
  {
    method: 'GET',
    url: '/api/services/:serviceId/produits',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/produits/import',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({
      body: { lignes: [{ nom: f.newName('Importé'), unite: 'pce', prixVente: 100 }] },
    }),
  },
  {
    // A POST that writes nothing (exempt from the subscription, like the reads): on shop B, shop A's product is unknown.
    method: 'POST',
    url: '/api/services/:serviceId/produits/etiquettes',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ body: { lignes: [{ produitId: f.params['produitId'], quantite: 2 }] } }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/produits/export.csv',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/produits/code-barres/:code',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/produits/:produitId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/produits',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ body: { ...PRODUIT_BODY(f), stockInitial: 5000 } }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/produits/:produitId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ body: { ...PRODUIT_BODY(f), codeBarres: f.params['code'] } }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/produits/:produitId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: async (f) => ({ params: { produitId: await f.newProduit() } }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/produits/:produitId/desactiver',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/produits/:produitId/activer',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/produits/:produitId/mouvements',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/produits/:produitId/ajustements',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: () => ({ body: { quantite: 1000, motif: 'Recomptage' } }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/produits/:produitId/image',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ form: f.photoForm() }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/produits/:produitId/image',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },

  // Clients : gérant et propriétaire
  {
    method: 'GET',
    url: '/api/services/:serviceId/clients',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/clients/:clientId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/clients',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({
      body: { nom: f.newName('Client'), telephone: '+221 77 123 45 67', confirmerDoublon: true },
    }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/clients/:clientId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ body: { nom: f.newName('Client') } }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/clients/:clientId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: async (f) => ({ params: { clientId: await f.newClient() } }),
  },

  // Ventes : gérant et propriétaire de la boutique
  {
    method: 'POST',
    url: '/api/services/:serviceId/ventes',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: async (f) => ({
      body: {
        cleIdempotence: `matrice-${f.newName('vente').replace(/\W/g, '-')}`,
        typeVenteId: await f.newTypeVente(),
        lignes: [{ produitId: f.params['produitStockId'], quantite: 1000 }],
        paiements: [{ mode: 'especes', montant: 150 }],
      },
    }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/ventes/:venteId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/ventes',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/ventes/export.csv',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/ventes/:venteId/mouvements',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/ventes/:venteId/impressions',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/ventes/:venteId/ticket.pdf',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: () => ({ query: 'largeur=58' }),
  },

  // Retours : gérant et propriétaire ; une pièce de la vente à crédit de la matrice à chaque appel
  {
    method: 'POST',
    url: '/api/services/:serviceId/ventes/:venteId/retours',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({
      params: { venteId: f.params['venteCreditId']! },
      body: {
        cleIdempotence: randomUUID(),
        lignes: [{ ligneId: f.params['venteLigneId'], quantite: 1000 }],
        mode: 'remboursement',
        modeRemboursement: 'especes',
      },
    }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/ventes/:venteId/retours',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/retours/:retourId',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },

  // Dettes clients : liste, règlements et relevés au propriétaire ; le compte client aussi au gérant
  {
    method: 'GET',
    url: '/api/services/:serviceId/dettes',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/clients/:clientId/compte',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
    call: (f) => ({ params: { clientId: f.params['debiteurId']! } }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/clients/:clientId/reglements',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({
      params: { clientId: f.params['debiteurId']! },
      body: { cleIdempotence: randomUUID(), montant: 1, mode: 'especes' },
    }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/clients/:clientId/releve.pdf',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({ params: { clientId: f.params['debiteurId']! } }),
  },

  // Fournisseurs : le propriétaire seul
  {
    method: 'GET',
    url: '/api/services/:serviceId/fournisseurs',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/fournisseurs/:fournisseurId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/fournisseurs',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({ body: { nom: f.newName('Fournisseur'), contact: 'M. Sow' } }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/fournisseurs/:fournisseurId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: (f) => ({ body: { nom: f.newName('Fournisseur') } }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/fournisseurs/:fournisseurId',
    expect: only('ownerA'),
    otherShop: otherShopOf(only('ownerA')),
    call: async (f) => ({ params: { fournisseurId: await f.newFournisseur() } }),
  },
  ...DEPENSES_MATRIX,
  ...ACHATS_MATRIX,
  ...TABLEAU_ROWS,
  ...INVENTAIRES_MATRIX,
  ...FACTURES_MATRIX,
  ...DEVIS_ROWS,
  ...CAISSES_MATRIX,
  ...JOURNAL_ROWS,
  ...SYNCHRO_ROWS,
  ...SYNCHRO_REFUSEES_ROWS,
];
