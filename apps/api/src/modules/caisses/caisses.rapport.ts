import type { Kysely } from 'kysely';
import {
  MODES_PAIEMENT,
  type ModePaiement,
  type RapportCaisse,
  type RapportMode,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/**
 * The figures of a session (docs/regles-metier.md « Caisses et sessions »), read from the
 * documents made on it: sales and their payments, repayments received, refunds of returns, cash
 * in and out. Expected cash = float + cash received (sales, repayments) − cash refunded + apports
 * − retraits − dépenses; another mode: received − refunded. Exact integer sums in minor units.
 */
export async function figuresOf(
  db: Kysely<DB>,
  session: { id: number; fond: number },
  etabliLe: string,
): Promise<RapportCaisse> {
  const [ventes, paiements, reglements, retours, remboursements, mouvements] = await Promise.all([
    db
      .selectFrom('ventes')
      .where('caisse_session_id', '=', session.id)
      .select((eb) => [
        eb.fn.countAll<number>().as('nombre'),
        eb.fn.sum<number | null>('total_ttc').as('total'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('paiements as p')
      .innerJoin('ventes as v', 'v.id', 'p.vente_id')
      .where('v.caisse_session_id', '=', session.id)
      .groupBy('p.mode')
      .select((eb) => ['p.mode', eb.fn.sum<number>('p.montant').as('montant')])
      .execute(),
    db
      .selectFrom('reglements')
      .where('caisse_session_id', '=', session.id)
      .where('retour_id', 'is', null)
      .groupBy('mode')
      .select((eb) => ['mode', eb.fn.sum<number>('montant').as('montant')])
      .execute(),
    db
      .selectFrom('retours')
      .where('caisse_session_id', '=', session.id)
      .select((eb) => [
        eb.fn.countAll<number>().as('nombre'),
        eb.fn.sum<number | null>('montant_ttc').as('total'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('retours')
      .where('caisse_session_id', '=', session.id)
      .where('rembourse', '>', 0)
      .groupBy('mode_remboursement')
      .select((eb) => ['mode_remboursement as mode', eb.fn.sum<number>('rembourse').as('montant')])
      .execute(),
    db
      .selectFrom('caisse_mouvements')
      .where('session_id', '=', session.id)
      .groupBy('type')
      .select((eb) => ['type', eb.fn.sum<number>('montant').as('montant')])
      .execute(),
  ]);
  const byMode = (rows: Array<{ mode: string | null; montant: number | string }>, m: string) =>
    Number(rows.find((r) => r.mode === m)?.montant ?? 0);
  const mouvement = (type: string) => Number(mouvements.find((r) => r.type === type)?.montant ?? 0);
  const apports = mouvement('apport');
  const retraits = mouvement('retrait');
  const depenses = mouvement('depense');
  const modes: RapportMode[] = MODES_PAIEMENT.map((mode: ModePaiement) => {
    const recu = byMode(paiements, mode);
    const regle = byMode(reglements, mode);
    const rendu = byMode(remboursements, mode);
    const especes = mode === 'especes' ? session.fond + apports - retraits - depenses : 0;
    return {
      mode,
      ventes: recu,
      reglements: regle,
      remboursements: rendu,
      attendu: especes + recu + regle - rendu,
      compte: null,
      ecart: null,
    };
  });
  return {
    type: 'X',
    numero: null,
    fond: session.fond,
    ventes: { nombre: Number(ventes.nombre), total: Number(ventes.total ?? 0) },
    retours: { nombre: Number(retours.nombre), total: Number(retours.total ?? 0) },
    apports,
    retraits,
    depenses,
    modes,
    coupures: null,
    ecart: null,
    motifEcart: null,
    etabliLe,
  };
}
