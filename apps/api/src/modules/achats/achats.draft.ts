import type { Selectable, Transaction } from 'kysely';
import {
  AMOUNT_MAX,
  calculerAchat,
  formatMoney,
  isWholeQuantity,
  type Achat,
  type AchatData,
  type AchatUpdateData,
  type ProduitUpdateData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, businessRule, conflict, notFound, validationError } from '../../core/errors.js';
import { empreinteOf, idempotentWrite, type IdempotentRequest } from '../../core/idempotence.js';
import { isPostgres } from '../../db/database.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import {
  checkLinks,
  checkUnique,
  columnsOf,
  freeInStoreCode,
} from '../produits/produits.checks.js';
import { readAchat } from './achats.read.js';

type Service = Selectable<ServicesTable>;

/**
 * Drafts of purchases (docs/regles-metier.md « Achats »): created, edited and deleted freely,
 * they change no stock and carry no number. A line names a product of the shop, or describes one
 * to create (name, barcode, unit, sale price): it is created with the draft, by the products'
 * own checks (unit, unique barcode, in-store EAN-13 when the barcode is empty).
 */
export async function createAchat(
  ctx: AppContext,
  service: Service,
  userId: number,
  input: AchatData,
): Promise<{ achat: Achat; replayed: boolean }> {
  const request = {
    table: 'achats',
    serviceId: service.id,
    cle: input.cleIdempotence,
    empreinte: empreinteOf(input),
    autreRequete: 'Cette clé a déjà servi pour un autre achat.',
    read: (db, id) => readAchat(db, service, id),
  } satisfies IdempotentRequest<Achat>;
  const { value, replayed } = await idempotentWrite(ctx.database.db, request, (db) =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      const { id } = await trx
        .insertInto('achats')
        .values({
          service_id: service.id,
          numero: null,
          cle_idempotence: input.cleIdempotence,
          empreinte: request.empreinte,
          cle_validation: null,
          empreinte_validation: null,
          ...(await enTete(trx, service, input)),
          statut: 'brouillon',
          user_id: userId,
          created_at: now,
          updated_at: now,
          validated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLignes(trx, service, id, input);
      return id;
    }),
  );
  return { achat: value, replayed };
}

/** The whole draft again; a validated purchase is never edited (409). */
export async function updateAchat(
  ctx: AppContext,
  service: Service,
  achatId: number,
  input: AchatUpdateData,
): Promise<Achat> {
  await ctx.database.db.transaction().execute(async (trx) => {
    await lockBrouillon(trx, service.id, achatId);
    await trx.deleteFrom('achat_lignes').where('achat_id', '=', achatId).execute();
    await trx
      .updateTable('achats')
      .set({ ...(await enTete(trx, service, input)), updated_at: nowIso() })
      .where('id', '=', achatId)
      .execute();
    await writeLignes(trx, service, achatId, input);
  });
  return readAchat(ctx.database.db, service, achatId);
}

/** A draft only: a validated purchase is corrected by a return to the supplier. */
export async function deleteAchat(ctx: AppContext, serviceId: number, achatId: number) {
  await ctx.database.db.transaction().execute(async (trx) => {
    await lockBrouillon(trx, serviceId, achatId);
    await trx.deleteFrom('achats').where('id', '=', achatId).execute();
  });
}

async function lockBrouillon(trx: Transaction<DB>, serviceId: number, achatId: number) {
  const achat = await trx
    .selectFrom('achats')
    .select(['statut', 'numero'])
    .where('id', '=', achatId)
    .where('service_id', '=', serviceId)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!achat) throw notFound('Achat introuvable.');
  if (achat.statut !== 'brouillon')
    throw conflict(
      `L'achat ${achat.numero} est validé : il ne se modifie plus. Faites un retour au fournisseur.`,
    );
}

/** The purchase's own columns: supplier (of this shop), dates, references, costs and totals. */
async function enTete(trx: Transaction<DB>, service: Service, input: AchatUpdateData) {
  const fournisseur = await trx
    .selectFrom('fournisseurs')
    .select('id')
    .where('id', '=', input.fournisseurId)
    .where('service_id', '=', service.id)
    .executeTakeFirst();
  if (!fournisseur)
    throw validationError([
      { field: 'fournisseurId', message: "Ce fournisseur n'existe pas dans la boutique." },
    ]);
  const calcul = calculerAchat(input.lignes, input.frais, input.remiseGlobale ?? null);
  const trop = calcul.lignes.findIndex((l) => l.coutRevient > AMOUNT_MAX);
  if (trop >= 0 || calcul.total > AMOUNT_MAX)
    throw businessRule(
      `Le montant ${trop >= 0 ? `de la ligne ${trop + 1}` : "de l'achat"} dépasse la limite de ${formatMoney(AMOUNT_MAX, service.devise)}.`,
    );
  return {
    fournisseur_id: input.fournisseurId,
    date_achat: input.date,
    reference_fournisseur: input.referenceFournisseur,
    echeance: input.echeance,
    frais_transport: input.frais.transport,
    frais_douane: input.frais.douane,
    frais_manutention: input.frais.manutention,
    remise_globale_type: input.remiseGlobale?.type ?? null,
    remise_globale_valeur: input.remiseGlobale?.valeur ?? null,
    total_brut: calcul.totalBrut,
    total_remises: calcul.totalRemises,
    total_marchandises: calcul.totalMarchandises,
    total_frais: calcul.totalFrais,
    total: calcul.total,
    note: input.note,
  };
}

async function writeLignes(
  trx: Transaction<DB>,
  service: Service,
  achatId: number,
  input: AchatUpdateData,
) {
  const calcul = calculerAchat(input.lignes, input.frais, input.remiseGlobale ?? null);
  const ids = input.lignes.flatMap((l) => (l.produitId === null ? [] : [l.produitId]));
  const produits = ids.length
    ? await trx
        .selectFrom('produits as p')
        .innerJoin('unites as u', 'u.id', 'p.unite_id')
        .select(['p.id', 'p.nom', 'u.symbole', 'u.fractionnable', 'u.nom as unite_nom'])
        .where('p.service_id', '=', service.id)
        .where('p.id', 'in', ids)
        .execute()
    : [];
  for (const [i, ligne] of input.lignes.entries()) {
    const produit =
      ligne.produitId === null
        ? await creerProduit(trx, service, ligne.nouveauProduit!, ligne.quantite, i)
        : produits.find((p) => p.id === ligne.produitId);
    if (!produit)
      throw validationError([
        { field: `lignes.${i}.produitId`, message: "Ce produit n'existe pas dans la boutique." },
      ]);
    if (produit.fractionnable !== 1 && !isWholeQuantity(ligne.quantite))
      throw validationError([
        {
          field: `lignes.${i}.quantite`,
          message: `L'unité « ${produit.unite_nom} » de « ${produit.nom} » ne se fractionne pas : la quantité doit être un nombre entier.`,
        },
      ]);
    const figures = calcul.lignes[i]!;
    await trx
      .insertInto('achat_lignes')
      .values({
        service_id: service.id,
        achat_id: achatId,
        position: i + 1,
        produit_id: produit.id,
        nom: produit.nom,
        unite_symbole: produit.symbole,
        quantite: ligne.quantite,
        prix_unitaire: ligne.prixUnitaire,
        remise_type: ligne.remise?.type ?? null,
        remise_valeur: ligne.remise?.valeur ?? null,
        montant_brut: figures.montantBrut,
        remise_ligne: figures.remiseLigne,
        remise_globale: figures.remiseGlobale,
        montant: figures.montant,
        frais: figures.frais,
        cout_revient: figures.coutRevient,
        cump_avant: null,
        cump_apres: null,
      })
      .execute();
  }
}

/** A product described on a purchase line, created by the products' checks and columns. */
async function creerProduit(
  trx: Transaction<DB>,
  service: Service,
  p: NonNullable<AchatData['lignes'][number]['nouveauProduit']>,
  quantite: number,
  index: number,
) {
  const input: ProduitUpdateData = {
    nom: p.nom,
    reference: null,
    codeBarres: p.codeBarres,
    categorieId: null,
    marqueId: null,
    uniteId: p.uniteId,
    prixAchat: 0,
    prixVente: p.prixVente,
    prixGros: null,
    tauxTva: service.assujetti_tva === 1 ? service.taux_tva_defaut : 0,
    seuilAlerte: 0,
    description: null,
    actif: true,
  };
  const field = `lignes.${index}.nouveauProduit`;
  try {
    await checkLinks(trx, service.id, input, [[`lignes.${index}.quantite`, quantite]]);
    await checkUnique(trx, service.id, input);
  } catch (error) {
    throw prefixFields(error, field);
  }
  const codeBarres = input.codeBarres ?? (await freeInStoreCode(trx, service.id));
  const now = nowIso();
  const { id } = await trx
    .insertInto('produits')
    .values({
      ...columnsOf(input, codeBarres),
      service_id: service.id,
      image_file_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unite = await trx
    .selectFrom('unites')
    .select(['symbole', 'fractionnable', 'nom'])
    .where('id', '=', p.uniteId)
    .executeTakeFirstOrThrow();
  return {
    id,
    nom: p.nom,
    symbole: unite.symbole,
    fractionnable: unite.fractionnable,
    unite_nom: unite.nom,
  };
}

/** The products' field errors (uniteId, codeBarres) named as fields of the purchase line. */
function prefixFields(error: unknown, prefix: string): unknown {
  if (!(error instanceof AppError) || !error.errors) return error;
  const errors = error.errors.map((f) =>
    f.field.startsWith('lignes.') ? f : { ...f, field: `${prefix}.${f.field}` },
  );
  return new AppError(error.status, error.code, error.title, error.detail, errors);
}
