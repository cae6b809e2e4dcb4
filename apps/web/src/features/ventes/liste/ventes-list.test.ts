import type { VenteLigne } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { periodeApiQuery, periodeBounds, periodeReady } from './periode';
import { montantTotal, repartitionRetour, retourBody, retourErrors } from '../retours/retour';
import { ventesApiQuery } from './ventes-list';

describe('periodeBounds', () => {
  // Thursday 19 November 2026, 15:30 in Dakar (UTC).
  const jeudi = new Date('2026-11-19T15:30:00Z');
  const dakar = 'Africa/Dakar';
  const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
  it('covers today, the week from Monday, the month from the 1st, or the chosen days', () => {
    expect(periodeBounds('jour', jeudi, undefined, undefined, dakar)).toEqual({
      du: '2026-11-19',
      au: '2026-11-19',
    });
    expect(periodeBounds('semaine', jeudi, undefined, undefined, dakar)).toEqual({
      du: '2026-11-16',
      au: '2026-11-19',
    });
    expect(periodeBounds('mois', jeudi, undefined, undefined, dakar)).toEqual({
      du: '2026-11-01',
      au: '2026-11-19',
    });
    expect(periodeBounds('perso', jeudi, '2026-01-02', undefined, dakar)).toEqual({
      du: '2026-01-02',
    });
    expect(periodeBounds(undefined, jeudi, '2026-01-02', '2026-01-03', dakar)).toEqual({});
  });
  it('starts a week seen on Sunday on the Monday before, and one seen on Monday on that day', () => {
    expect(periodeBounds('semaine', day('2026-11-22'), undefined, undefined, dakar)).toEqual({
      du: '2026-11-16',
      au: '2026-11-22',
    });
    expect(periodeBounds('semaine', day('2026-11-16'), undefined, undefined, dakar)).toEqual({
      du: '2026-11-16',
      au: '2026-11-16',
    });
    expect(periodeBounds('semaine', day('2027-01-01'), undefined, undefined, dakar)).toEqual({
      du: '2026-12-28',
      au: '2027-01-01',
    });
  });
});

describe('ventesApiQuery', () => {
  it('turns the period into du/au and keeps the other filters', () => {
    const now = new Date('2026-11-19T10:00:00Z');
    expect(
      ventesApiQuery(
        { page: 2, size: 8, periode: 'jour', du: '2020-01-01', statut: 'payee' },
        now,
        'Africa/Dakar',
      ),
    ).toEqual({ page: 2, size: 8, statut: 'payee', du: '2026-11-19', au: '2026-11-19' });
    expect(
      ventesApiQuery(
        { page: 1, periode: 'perso', du: '2026-10-01', au: '2026-10-31', clientId: '4' },
        now,
        'Africa/Dakar',
      ),
    ).toEqual({ page: 1, clientId: '4', du: '2026-10-01', au: '2026-10-31' });
    expect(ventesApiQuery({ page: 1, periode: 'autre' }, now, 'Africa/Dakar')).toEqual({
      page: 1,
    });
  });
});

describe('the lists’ periods in the shop’s days (issue 13)', () => {
  // 23:30 in Dakar on Thursday 19 November 2026 is already Friday 20 in Paris, this device's zone
  // (vitest.config.ts): the shop's « today » is the 19th.
  const soir = new Date('2026-11-19T23:30:00Z');

  it('asks the sales of the shop’s day, week and month, not the device’s', () => {
    expect(new Date(soir).getDate()).toBe(20);
    expect(ventesApiQuery({ periode: 'jour' }, soir, 'Africa/Dakar')).toEqual({
      du: '2026-11-19',
      au: '2026-11-19',
    });
    expect(ventesApiQuery({ periode: 'jour' }, soir, 'Europe/Paris')).toEqual({
      du: '2026-11-20',
      au: '2026-11-20',
    });
    // 30 November 23:30 in Dakar: still November there, December in Paris.
    const finDuMois = new Date('2026-11-30T23:30:00Z');
    expect(periodeApiQuery({ periode: 'mois' }, finDuMois, 'Africa/Dakar')).toEqual({
      du: '2026-11-01',
      au: '2026-11-30',
    });
    // Sunday 22 November 23:30 in Dakar is Monday 23 in Paris: the shop's week began on the 16th.
    expect(
      periodeApiQuery({ periode: 'semaine' }, new Date('2026-11-22T23:30:00Z'), 'Africa/Dakar'),
    ).toEqual({ du: '2026-11-16', au: '2026-11-22' });
  });

  it('keeps the product report’s month by default, the other lists without a period by default', () => {
    expect(periodeApiQuery({ statut: 'payee' }, soir, 'Africa/Dakar')).toEqual({ statut: 'payee' });
    expect(periodeApiQuery({}, soir, 'Africa/Dakar', 'mois')).toEqual({
      du: '2026-11-01',
      au: '2026-11-19',
    });
  });

  it('waits for the shop’s zone only for a period counted from today', () => {
    expect(periodeReady({ periode: 'jour' }, undefined)).toBe(false);
    expect(periodeReady({ periode: 'mois' }, undefined)).toBe(false);
    expect(periodeReady({ periode: 'jour' }, 'Africa/Dakar')).toBe(true);
    expect(periodeReady({ periode: 'perso', du: '2026-11-01' }, undefined)).toBe(true);
    expect(periodeReady({}, undefined)).toBe(true);
  });
});

const ligne = (
  id: number,
  quantite: number,
  montantTtc: number,
  quantiteRetournee = 0,
): VenteLigne => ({
  id,
  produitId: id,
  nom: `Article ${id}`,
  reference: null,
  codeBarres: null,
  uniteSymbole: 'pce',
  fractionnable: false,
  quantite,
  prixUnitaire: 0,
  tauxTva: 0,
  prixAchat: 0,
  remise: null,
  montantBrut: montantTtc,
  remiseLigne: 0,
  remiseGlobale: 0,
  montantHt: montantTtc,
  montantTva: 0,
  montantTtc,
  quantiteRetournee,
});

describe('return dialog', () => {
  const vente = {
    lignes: [ligne(1, 3000, 1000), ligne(2, 2000, 900, 1000)],
    client: null,
    reste: 0,
  };
  it('computes amounts like the server: shares of the line amount, the last one takes the remainder', () => {
    expect(montantTotal(vente.lignes, { 1: 1000 })).toBe(333);
    expect(montantTotal(vente.lignes, { 1: 3000 })).toBe(1000);
    expect(montantTotal(vente.lignes, { 1: 1000, 2: 1000 })).toBe(333 + 450);
  });
  it('refuses more than sold minus returned, nothing chosen, a credit without customer, a refund without mode', () => {
    expect(retourErrors(vente, { 2: 2000 }, 'remboursement', 'especes')['ligne-2']).toBe(
      'Au plus 1\u00A0pce de « Article 2 » peuvent être retournés.',
    );
    expect(retourErrors(vente, {}, 'remboursement', 'especes')['lignes']).toBe(
      'Choisissez au moins une quantité à retourner.',
    );
    expect(retourErrors(vente, { 1: 1000 }, 'avoir', null)['mode']).toBe(
      'Un avoir exige une vente faite à un client.',
    );
    expect(retourErrors(vente, { 1: 1000 }, 'remboursement', null)['modeRemboursement']).toBe(
      'Choisissez le mode de remboursement.',
    );
    expect(retourErrors(vente, { 1: 1000 }, 'remboursement', 'especes')).toEqual({});
    // Wholly absorbed by what is still owed: nothing refunded, no mode needed.
    expect(retourErrors({ ...vente, reste: 5000 }, { 1: 1000 }, 'remboursement', null)).toEqual({});
  });
  it('settles what is owed first, then refunds; sends only the chosen lines', () => {
    expect(repartitionRetour(1000, 300)).toEqual({ imputeDette: 300, solde: 700 });
    expect(repartitionRetour(1000, 0)).toEqual({ imputeDette: 0, solde: 1000 });
    expect(
      retourBody(
        'cle-12345678',
        vente,
        { 1: 0, 2: 1000 },
        'remboursement',
        'mobile_money',
        '  abîmé ',
      ),
    ).toEqual({
      cleIdempotence: 'cle-12345678',
      lignes: [{ ligneId: 2, quantite: 1000 }],
      mode: 'remboursement',
      modeRemboursement: 'mobile_money',
      motif: 'abîmé',
    });
    expect(
      retourBody(
        'cle-12345678',
        { ...vente, reste: 9999 },
        { 2: 1000 },
        'remboursement',
        'especes',
        '',
      ).modeRemboursement,
    ).toBeNull();
  });
});
