import type { Transaction } from 'kysely';
import { inStoreEan13, searchKey, frenchSortKey } from '@comptoir/shared';
import type { DB } from '../db/schema.js';
import { nowIso } from '../db/time.js';
import { applyMovement } from '../modules/stock/stock.service.js';

interface DemoProduct {
  nom: string;
  categorie: string;
  marque?: string;
  unite: string;
  /** Prices in FCFA. */
  achat: number;
  vente: number;
  gros?: number;
  stock: number;
  seuil: number;
  ean?: string;
}

/** A small shelf per shop: categories, brands, products with opening stock, customers and suppliers. */
const SHELF: DemoProduct[] = [
  {
    nom: 'Nutella 400 g',
    categorie: 'Épicerie',
    marque: 'Ferrero',
    unite: 'pièce',
    achat: 2100,
    vente: 2750,
    gros: 2500,
    stock: 24,
    seuil: 6,
    ean: '3017620422003',
  },
  {
    nom: 'Café moulu Touba 250 g',
    categorie: 'Épicerie',
    unite: 'pièce',
    achat: 900,
    vente: 1250,
    stock: 40,
    seuil: 10,
  },
  {
    nom: 'Riz parfumé',
    categorie: 'Épicerie',
    unite: 'kilogramme',
    achat: 450,
    vente: 600,
    gros: 550,
    stock: 120.5,
    seuil: 25,
  },
  {
    nom: 'Sucre en poudre',
    categorie: 'Épicerie',
    unite: 'kilogramme',
    achat: 550,
    vente: 700,
    stock: 48,
    seuil: 10,
  },
  {
    nom: 'Huile végétale 1 L',
    categorie: 'Épicerie',
    unite: 'pièce',
    achat: 1100,
    vente: 1400,
    stock: 4,
    seuil: 8,
  },
  {
    nom: 'Lait concentré sucré',
    categorie: 'Épicerie',
    marque: 'Nestlé',
    unite: 'pièce',
    achat: 500,
    vente: 700,
    stock: 60,
    seuil: 12,
  },
  {
    nom: 'Eau minérale 1,5 L',
    categorie: 'Boissons',
    unite: 'pièce',
    achat: 250,
    vente: 400,
    gros: 350,
    stock: 96,
    seuil: 24,
  },
  {
    nom: 'Jus de bissap 1 L',
    categorie: 'Boissons',
    unite: 'pièce',
    achat: 600,
    vente: 1000,
    stock: 0,
    seuil: 6,
  },
  {
    nom: 'Nescafé Classic 100 g',
    categorie: 'Boissons',
    marque: 'Nestlé',
    unite: 'pièce',
    achat: 2300,
    vente: 3000,
    stock: 15,
    seuil: 5,
  },
  {
    nom: 'Savon de Marseille',
    categorie: 'Hygiène',
    unite: 'pièce',
    achat: 300,
    vente: 500,
    stock: 80,
    seuil: 20,
  },
  {
    nom: 'Crème fraîche 20 cl',
    categorie: 'Produits frais',
    unite: 'pièce',
    achat: 650,
    vente: 900,
    stock: 12,
    seuil: 4,
  },
];

const CLIENTS = [
  { nom: 'Awa Diop', telephone: '+221771234567', email: 'awa.diop@exemple.sn', plafond: 50_000 },
  { nom: 'Ibrahima Fall', telephone: '+221761112233', email: null, plafond: null },
  {
    nom: 'Restaurant Le Baobab',
    telephone: '+221338221100',
    email: 'contact@lebaobab.sn',
    plafond: 200_000,
  },
];

const FOURNISSEURS = [
  {
    nom: 'Sénégal Distribution',
    contact: 'Moussa Sow',
    telephone: '+221338200000',
    email: 'ventes@sendis.sn',
  },
  { nom: 'Grossiste du Port', contact: 'Khady Ba', telephone: '+221339990000', email: null },
];

export async function seedDemoCatalogue(
  trx: Transaction<DB>,
  shop: { id: number; exponent: number; prefix: number },
  userId: number,
): Promise<void> {
  const now = nowIso();
  // Prices are written in FCFA; a euro shop gets them at the fixed parity (1 € = 655,957 F CFA).
  const money = (fcfa: number) =>
    shop.exponent === 0 ? fcfa : Math.round((fcfa / 655.957) * 10 ** shop.exponent);
  const named = async (table: 'categories' | 'marques', nom: string) => {
    const found = await trx
      .selectFrom(table)
      .select('id')
      .where('service_id', '=', shop.id)
      .where('nom_cle', '=', nom.toLowerCase())
      .executeTakeFirst();
    if (found) return found.id;
    return (
      await trx
        .insertInto(table)
        .values({
          service_id: shop.id,
          nom,
          nom_cle: nom.toLowerCase(),
          nom_tri: frenchSortKey(nom),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  let n = 0;
  for (const p of SHELF) {
    const unite = await trx
      .selectFrom('unites')
      .select('id')
      .where('nom', '=', p.unite)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('produits')
      .values({
        service_id: shop.id,
        nom: p.nom,
        nom_recherche: searchKey(p.nom),
        nom_tri: frenchSortKey(p.nom),
        reference: `DEMO-${String(++n).padStart(3, '0')}`,
        code_barres: p.ean ?? inStoreEan13(shop.prefix, n),
        categorie_id: await named('categories', p.categorie),
        marque_id: p.marque ? await named('marques', p.marque) : null,
        unite_id: unite.id,
        prix_achat: money(p.achat),
        prix_vente: money(p.vente),
        prix_gros: p.gros === undefined ? null : money(p.gros),
        taux_tva: 0,
        seuil_alerte: Math.round(p.seuil * 1000),
        image_file_id: null,
        description: null,
        actif: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.stock > 0)
      await applyMovement(trx, {
        serviceId: shop.id,
        produitId: id,
        quantite: Math.round(p.stock * 1000),
        type: 'initial',
        motif: 'Stock initial',
        userId,
      });
  }
  for (const c of CLIENTS) {
    await trx
      .insertInto('clients')
      .values({
        service_id: shop.id,
        nom: c.nom,
        nom_recherche: searchKey(c.nom),
        nom_tri: frenchSortKey(c.nom),
        telephone: c.telephone,
        email: c.email,
        adresse: null,
        notes: null,
        plafond_credit: c.plafond === null ? null : money(c.plafond),
        actif: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const f of FOURNISSEURS) {
    await trx
      .insertInto('fournisseurs')
      .values({
        service_id: shop.id,
        nom: f.nom,
        nom_recherche: searchKey(f.nom),
        nom_tri: frenchSortKey(f.nom),
        contact: f.contact,
        telephone: f.telephone,
        email: f.email,
        adresse: null,
        actif: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
