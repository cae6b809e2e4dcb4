import { sql, type Selectable, type Transaction } from 'kysely';
import {
  reglementInputSchema,
  retourInputSchema,
  type ReglementInput,
  type RetourInput,
} from '@comptoir/shared';
import type { DB, ServicesTable } from '../db/schema.js';
import { insertReglement } from '../modules/dettes/dettes.reglement.js';
import { insertRetour } from '../modules/retours/retours.create.js';
import { random } from './random.js';

/** A sale of the demo, as the follow-up needs it. */
export interface VenteDemo {
  id: number;
  clientId: number | null;
  /** The sale left a debt (sold on credit). */
  dette: boolean;
  at: number;
}

/** Something that happens during a demo day, `offset` ms after midnight. */
export interface Evenement {
  offset: number;
  run: (now: Date) => Promise<void>;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * What follows the sales in a demo shop, through the real modules (dettes.service, retours.service)
 * with back-dated timestamps, interleaved with the sales of each day (demo/ventes.ts):
 * - the shop's first customer (Awa Diop) pays her debts a week or two later, in full or half, by
 *   mobile money (Wave, Orange Money, with the operator's reference; by cheque in euros), and
 *   settles everything three days before today; she buys nothing more on credit afterwards;
 * - the second (Ibrahima Fall) seldom pays, a little cash on his latest debt: his older debts stay
 *   overdue;
 * - the third (Restaurant Le Baobab) pays most of what it owes by bank transfer every two weeks,
 *   oldest debts first;
 * - five returns: two partial returns refunded in cash, a customer's return credited to their
 *   account (avoir, which settles their oldest debts first), a whole sale returned and refunded by
 *   mobile money, and a partial return of a credit sale (it reduces the debt).
 * Its own random sequence: the sales stay the ones they were.
 */
export function suiviDemo(
  trx: Transaction<DB>,
  service: Selectable<ServicesTable>,
  clients: { id: number }[],
  userId: number,
  options: { days: number; seed: number; ventes: VenteDemo[]; stock: Map<number, number> },
) {
  const rnd = random(options.seed);
  const euros = service.devise === 'EUR';
  /** Repayments are round amounts: 500 FCFA, 1 €. */
  const unit = euros ? 100 : 500;
  const [regulier, retardataire, restaurant] = clients;
  const soldeDay = options.days - 3;
  let n = 0;
  let mobile = 0;
  const cle = (kind: string) => `demo-${kind}-${service.id}-${++n}`;
  const at = () => Math.floor((8.5 + rnd() * 10.5) * HOUR);

  const dettes = (clientId: number) =>
    trx
      .selectFrom('dettes')
      .select(['id', 'created_at', sql<number>`montant - paye`.as('reste')])
      .where('service_id', '=', service.id)
      .where('client_id', '=', clientId)
      .whereRef('paye', '<', 'montant')
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  const regler = (clientId: number, now: Date, input: Omit<ReglementInput, 'cleIdempotence'>) =>
    insertReglement(
      trx,
      service,
      userId,
      clientId,
      reglementInputSchema.parse({ ...input, cleIdempotence: cle('reglement') }),
      now,
    );

  const reference = (operateur: string, now: Date) => {
    const digits = String(Math.floor(rnd() * 1e8)).padStart(8, '0');
    if (operateur === 'Wave')
      return `T_${digits.slice(0, 4)}${String.fromCharCode(65 + Math.floor(rnd() * 26))}${digits.slice(4)}`;
    const d = now.toISOString();
    return `MP${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}.${d.slice(11, 13)}${d.slice(14, 16)}.C${digits.slice(0, 5)}`;
  };

  /** Awa: her debts of more than a week, all or half, by mobile money (cheque in euros). */
  async function payeRegulier(clientId: number, now: Date) {
    const ouvertes = (await dettes(clientId)).filter(
      (d) => Date.parse(d.created_at) < now.getTime() - 7 * DAY,
    );
    const du = ouvertes.reduce((a, d) => a + Number(d.reste), 0);
    if (du <= 0) return;
    const montant = rnd() < 0.5 || du <= 2 * unit ? du : Math.floor(du / 2 / unit) * unit;
    if (euros)
      await regler(clientId, now, {
        montant,
        mode: 'cheque',
        reference: `Chèque n° ${String(4_200_000 + Math.floor(rnd() * 99_999))}`,
      });
    else {
      const operateur = ++mobile % 3 === 0 ? 'Orange Money' : 'Wave';
      await regler(clientId, now, {
        montant,
        mode: 'mobile_money',
        operateur,
        reference: reference(operateur, now),
      });
    }
  }

  /** Everything she owes, in cash: her account is settled. */
  async function solde(clientId: number, now: Date) {
    const du = (await dettes(clientId)).reduce((a, d) => a + Number(d.reste), 0);
    if (du > 0) await regler(clientId, now, { montant: du, mode: 'especes' });
  }

  /** Ibrahima: a little cash on his latest debt; the older ones stay overdue. */
  async function payeRetardataire(clientId: number, now: Date) {
    const derniere = (await dettes(clientId)).at(-1);
    if (!derniere) return;
    const reste = Number(derniere.reste);
    const montant = reste <= 2 * unit ? reste : Math.floor(reste / 2 / unit) * unit;
    await regler(clientId, now, { montant, mode: 'especes', detteId: derniere.id });
  }

  /** Le Baobab: a transfer of about 80 % of what it has owed for more than a week, oldest first. */
  async function virement(clientId: number, now: Date) {
    const du = (await dettes(clientId))
      .filter((d) => Date.parse(d.created_at) < now.getTime() - 7 * DAY)
      .reduce((a, d) => a + Number(d.reste), 0);
    if (du <= 0) return;
    const montant = du <= 2 * unit ? du : Math.max(unit, Math.floor((du * 0.8) / unit) * unit);
    const d = now.toISOString();
    await regler(clientId, now, {
      montant,
      mode: 'virement',
      reference: `VIR ${d.slice(0, 10).replaceAll('-', '')} LE BAOBAB`,
    });
  }

  const lignesOf = (venteId: number) =>
    trx
      .selectFrom('vente_lignes as l')
      .innerJoin('produits as p', 'p.id', 'l.produit_id')
      .innerJoin('unites as u', 'u.id', 'p.unite_id')
      .select(['l.id', 'l.produit_id', 'l.quantite', 'l.quantite_retournee', 'u.fractionnable'])
      .where('l.vente_id', '=', venteId)
      .orderBy('l.position')
      .execute();

  type Lignes = Awaited<ReturnType<typeof lignesOf>>;
  const retourner = async (
    now: Date,
    cherche: (v: VenteDemo) => boolean,
    lignes: (l: Lignes) => RetourInput['lignes'] | null,
    input: Pick<RetourInput, 'mode' | 'modeRemboursement' | 'motif'>,
  ) => {
    // The latest sale of the last three weeks that fits, at least an hour old.
    const candidates = options.ventes
      .filter((v) => v.at < now.getTime() - HOUR && v.at > now.getTime() - 21 * DAY && cherche(v))
      .reverse();
    for (const vente of candidates.slice(0, 30)) {
      const choix = lignes(await lignesOf(vente.id));
      if (!choix) continue;
      const data = retourInputSchema.parse({
        ...input,
        lignes: choix,
        cleIdempotence: cle('retour'),
      });
      await insertRetour(trx, service, userId, { id: vente.id, client_id: vente.clientId }, data, {
        now,
      });
      const all = await lignesOf(vente.id);
      for (const l of choix) {
        const produit = all.find((x) => x.id === l.ligneId)!.produit_id!;
        const shelf = options.stock.get(produit);
        if (shelf !== undefined) options.stock.set(produit, shelf + l.quantite);
      }
      return;
    }
  };
  /** One item (or a quarter of a fractionable line) of a sale of several items. */
  const partiel = (l: Lignes) => {
    const ligne = [...l].sort((a, b) => Number(b.quantite) - Number(a.quantite))[0]!;
    const quantite =
      ligne.fractionnable === 1
        ? Math.max(250, Math.floor(Number(ligne.quantite) / 4 / 250) * 250)
        : 1000;
    if (l.length < 2 && quantite >= Number(ligne.quantite)) return null;
    return [{ ligneId: ligne.id, quantite }];
  };
  const RETOURS: { at: number; run: (now: Date) => Promise<void> }[] = [
    {
      at: 0.22,
      run: (now) =>
        retourner(now, (v) => !v.dette, partiel, {
          mode: 'remboursement',
          modeRemboursement: 'especes',
          motif: 'Article abîmé',
        }),
    },
    {
      at: 0.45,
      run: (now) =>
        retourner(
          now,
          (v) => !v.dette && restaurant !== undefined && v.clientId === restaurant.id,
          (l) => [{ ligneId: l[0]!.id, quantite: Number(l[0]!.quantite) }],
          {
            mode: 'avoir',
            motif: 'Commande en trop, reprise en avoir',
          },
        ),
    },
    {
      at: 0.6,
      run: (now) =>
        retourner(now, (v) => !v.dette, partiel, {
          mode: 'remboursement',
          modeRemboursement: 'especes',
          motif: 'Produit périmé',
        }),
    },
    {
      at: 0.74,
      run: (now) =>
        retourner(
          now,
          (v) => !v.dette && v.clientId === null,
          (l) => l.map((x) => ({ ligneId: x.id, quantite: Number(x.quantite) })),
          {
            mode: 'remboursement',
            modeRemboursement: euros ? 'carte' : 'mobile_money',
            motif: 'Erreur de caisse : vente annulée',
          },
        ),
    },
    {
      at: 0.88,
      run: (now) =>
        retourner(
          now,
          (v) => v.dette && retardataire !== undefined && v.clientId === retardataire.id,
          partiel,
          {
            mode: 'remboursement',
            modeRemboursement: 'especes',
            motif: 'Ne convient pas',
          },
        ),
    },
  ];
  const retourDays = new Map(RETOURS.map((r) => [Math.floor(r.at * options.days), r.run]));

  return {
    /** The follow-up of `day` (0 = the oldest): repayments and returns, each at its time of day. */
    day(day: number): Evenement[] {
      const events: Evenement[] = [];
      if (regulier) {
        if (day === soldeDay)
          events.push({ offset: 18 * HOUR, run: (now) => solde(regulier.id, now) });
        else if (day < soldeDay && rnd() < 0.12)
          events.push({ offset: at(), run: (now) => payeRegulier(regulier.id, now) });
      }
      if (retardataire && day > options.days / 2 && rnd() < 0.06)
        events.push({ offset: at(), run: (now) => payeRetardataire(retardataire.id, now) });
      if (restaurant && day % 14 === 10)
        events.push({
          offset: 10 * HOUR + Math.floor(rnd() * HOUR),
          run: (now) => virement(restaurant.id, now),
        });
      const retour = retourDays.get(day);
      if (retour) events.push({ offset: at(), run: retour });
      return events;
    },
    /** The customer of a new credit sale: after her account is settled, Awa buys on credit no more. */
    acheteur(clientId: number, day: number): number {
      if (regulier && clientId === regulier.id && day >= soldeDay)
        return clients[1 % clients.length]!.id;
      return clientId;
    },
  };
}
