import type { Kysely, Selectable } from 'kysely';
import { DEVIS_STATUT_LABELS, type Devis, type DevisConversionData } from '@comptoir/shared';
import { businessRule, conflict } from '../../core/errors.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { emettreFacture } from '../factures/factures.emettre.js';
import { recordVente } from '../ventes/ventes.create.js';
import { readDevis } from './devis.read.js';

type Service = Selectable<ServicesTable>;

/** The nature of the operation by the quote's lines: products are goods, free-text lines services. */
const natureOf = (devis: Devis) => {
  const produits = devis.lignes.filter((l) => l.produitId !== null).length;
  if (produits === devis.lignes.length) return 'biens';
  return produits === 0 ? 'services' : 'mixte';
};

/**
 * An accepted quote becomes a sale by the counter's own path (ventes.create.ts recordVente): the
 * quoted lines at the quoted prices and rates (free-text lines as service lines, without stock),
 * its discounts, the given payments, the rest as the customer's debt; stock checked now. In the
 * sale's transaction, the quote turns « converti » only if it is still « accepté »: of two
 * concurrent conversions, one sale is recorded, the other is refused (409) and rolled back. The
 * idempotency key is the sale's: a retry answers the same conversion. With `facture`, the sale's
 * invoice is issued in that same transaction (factures.emettre.ts): an invoice that cannot be
 * issued rolls the sale back.
 */
export async function convertirDevis(
  db: Kysely<DB>,
  userId: number,
  service: Service,
  devisId: number,
  body: DevisConversionData,
): Promise<{ devis: Devis; replayed: boolean }> {
  const devis = await readDevis(db, service, devisId);
  if (devis.statut !== 'accepte' && devis.statut !== 'converti')
    throw businessRule(
      `Seul un devis accepté se convertit en vente : celui-ci est « ${DEVIS_STATUT_LABELS[devis.statut].toLowerCase()} ».`,
    );
  const { replayed } = await recordVente(
    db,
    userId,
    service,
    {
      cleIdempotence: body.cleIdempotence,
      typeVenteId: devis.typeVente.id,
      clientId: devis.client.id,
      lignes: devis.lignes.map((l) => ({
        produitId: l.produitId,
        quantite: l.quantite,
        remise: l.remise,
      })),
      remiseGlobale: devis.remiseGlobale,
      paiements: body.paiements,
      echeance: body.echeance,
      note: `Devis ${devis.numero}`,
    },
    {
      fixees: devis.lignes.map((l) => ({
        produitId: l.produitId,
        nom: l.designation,
        reference: l.reference,
        uniteSymbole: l.uniteSymbole,
        prixUnitaire: l.prixUnitaire,
        tauxTva: l.tauxTva,
      })),
      apres: async (trx, venteId) => {
        const at = now().toISOString();
        const { numUpdatedRows } = await trx
          .updateTable('devis')
          .set({ statut: 'converti', vente_id: venteId, converti_at: at, updated_at: at })
          .where('id', '=', devisId)
          .where('statut', '=', 'accepte')
          .executeTakeFirst();
        if (numUpdatedRows === 0n)
          throw conflict('Ce devis a déjà été converti en vente : une seule vente par devis.');
        if (body.facture)
          await emettreFacture(
            trx,
            { service, userId },
            {
              cleIdempotence: body.cleIdempotence,
              venteIds: [venteId],
              clientId: devis.client.id,
              nature: body.facture.nature ?? natureOf(devis),
              echeance: body.facture.echeance,
              note: `Devis ${devis.numero}`,
            },
          );
      },
    },
  );
  return { devis: await readDevis(db, service, devisId), replayed };
}
