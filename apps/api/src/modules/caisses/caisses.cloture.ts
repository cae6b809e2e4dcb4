import type { Selectable } from 'kysely';
import {
  coupuresOf,
  formatMoney,
  MODE_PAIEMENT_LABELS,
  seuilMotifEcart,
  totalCoupures,
  type CaisseSessionDetail,
  type ClotureData,
  type RapportCaisse,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { AppError, conflict, validationError } from '../../core/errors.js';
import { nextNumero } from '../../db/numbering.js';
import type { ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { journaliser } from '../journal/journal.append.js';
import { figuresOf } from './caisses.rapport.js';
import { findSession } from './caisses.repository.js';
import { sessionDetail } from './caisses.service.js';

/** What was counted in cash: by denomination of the shop's currency, or one amount without a list. */
function especesComptees(devise: string, input: ClotureData): number {
  const coupures = coupuresOf(devise);
  if (coupures === null) {
    if (input.coupures.length)
      throw validationError([
        { field: 'coupures', message: `Comptez les espèces en ${devise} comme un seul montant.` },
      ]);
    if (input.especes === null)
      throw validationError([
        { field: 'especes', message: 'Le montant des espèces comptées est obligatoire.' },
      ]);
    return input.especes;
  }
  if (input.especes !== null)
    throw validationError([{ field: 'especes', message: 'Comptez les espèces par coupure.' }]);
  const inconnue = input.coupures.findIndex((c) => !coupures.includes(c.valeur));
  if (inconnue >= 0)
    throw validationError([
      {
        field: `coupures.${inconnue}.valeur`,
        message: `Cette coupure n’existe pas en ${devise}.`,
      },
    ]);
  return totalCoupures(input.coupures);
}

/**
 * Closes a session (owner or manager): cash counted by denomination, the totals of the other
 * modes, expected vs counted per mode, a reason required when a variance is above the threshold,
 * the Z number (Z-YYYY-NNNNNN), the report frozen in the row. One transaction that starts by
 * taking the session (`UPDATE … WHERE statut = 'ouverte'`): of two closings one wins, the other
 * gets 409; on PostgreSQL the UPDATE waits for the sales holding the row (caisses.session.ts),
 * whose figures the report then includes, and a later sale finds the session closed.
 */
export async function closeSession(
  ctx: AppContext,
  shop: Selectable<ServicesTable>,
  userId: number,
  sessionId: number,
  input: ClotureData,
): Promise<CaisseSessionDetail> {
  const { db } = ctx.database;
  const especes = especesComptees(shop.devise, input);
  const at = now();
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('caisse_sessions')
      .set({ statut: 'cloturee', cloturee_par: userId, cloturee_le: at.toISOString() })
      .where('id', '=', sessionId)
      .where('service_id', '=', shop.id)
      .where('statut', '=', 'ouverte')
      .returning(['id', 'fond'])
      .executeTakeFirst();
    if (!taken) {
      await findSession(trx, shop.id, sessionId);
      throw conflict('Cette session est déjà clôturée : elle ne change plus.');
    }
    const x = await figuresOf(trx, { id: taken.id, fond: Number(taken.fond) }, at.toISOString());
    const comptes = new Map<string, number>(input.autres.map((a) => [a.mode, a.montant]));
    comptes.set('especes', especes);
    const modes = x.modes.map((m) => {
      const compte = comptes.get(m.mode) ?? 0;
      return { ...m, compte, ecart: compte - m.attendu };
    });
    const seuil = seuilMotifEcart(shop.devise);
    const auDela = modes.find((m) => Math.abs(m.ecart) > seuil);
    if (auDela && !input.motifEcart) {
      const money = (n: number) => formatMoney(n, shop.devise);
      const message = `L’écart en ${MODE_PAIEMENT_LABELS[auDela.mode].toLowerCase()} (${money(auDela.ecart)}) dépasse ${money(seuil)} : donnez-en le motif.`;
      throw new AppError(422, 'BUSINESS_RULE', 'Opération refusée', message, [
        { field: 'motifEcart', message },
      ]);
    }
    const ecart = modes.reduce((sum, m) => sum + m.ecart, 0);
    const numero = await nextNumero(trx, shop, 'rapport_z', at);
    const z: RapportCaisse = {
      ...x,
      type: 'Z',
      numero,
      modes,
      coupures:
        coupuresOf(shop.devise) === null
          ? null
          : [...input.coupures].sort((a, b) => b.valeur - a.valeur),
      ecart,
      motifEcart: input.motifEcart,
    };
    await trx
      .updateTable('caisse_sessions')
      .set({ numero_z: numero, ecart, motif_ecart: input.motifEcart, rapport: JSON.stringify(z) })
      .where('id', '=', taken.id)
      .execute();
    await journaliser(trx, shop.id, {
      type: 'session_cloture',
      reference: numero,
      horodatage: at.toISOString(),
      contenu: {
        session: taken.id,
        utilisateur: userId,
        fond: Number(taken.fond),
        modes: modes.map((m) => ({ mode: m.mode, attendu: m.attendu, compte: m.compte })),
        coupures: z.coupures,
        ecart,
        motifEcart: input.motifEcart,
      },
    });
  });
  return sessionDetail(db, shop.id, sessionId);
}
