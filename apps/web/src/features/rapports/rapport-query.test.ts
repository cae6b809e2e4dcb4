import { describe, expect, it } from 'vitest';
import { rapportApiQuery } from './rapport-query';

describe('rapportApiQuery', () => {
  // 22:30 in Dakar (UTC) on Sunday 31 May 2026 is already Monday 1 June in Paris (UTC+2).
  const soir = new Date('2026-05-31T22:30:00Z');

  it('takes the period in the shop’s days, whatever the browser’s zone', () => {
    expect(rapportApiQuery({ periode: 'jour' }, soir, 'Africa/Dakar')).toEqual({
      du: '2026-05-31',
      au: '2026-05-31',
    });
    expect(rapportApiQuery({ periode: 'jour' }, soir, 'Europe/Paris')).toEqual({
      du: '2026-06-01',
      au: '2026-06-01',
    });
    expect(rapportApiQuery({}, soir, 'Africa/Dakar')).toEqual({
      du: '2026-05-01',
      au: '2026-05-31',
    });
    expect(rapportApiQuery({ periode: 'mois' }, soir, 'Europe/Paris')).toEqual({
      du: '2026-06-01',
      au: '2026-06-01',
    });
    // Monday in Paris: the week starts that day; Sunday in Dakar: on the Monday before.
    expect(rapportApiQuery({ periode: 'semaine' }, soir, 'Europe/Paris')).toMatchObject({
      du: '2026-06-01',
    });
    expect(rapportApiQuery({ periode: 'semaine' }, soir, 'Africa/Dakar')).toMatchObject({
      du: '2026-05-25',
    });
  });

  it('keeps the seller, sale type and product filters, and the chosen days of a custom period', () => {
    expect(
      rapportApiQuery(
        {
          periode: 'perso',
          du: '2026-01-02',
          au: '2026-01-31',
          vendeurId: '7',
          typeVenteId: '2',
          categorieId: '3',
          sort: 'caTtc,desc',
        },
        soir,
        'Africa/Dakar',
      ),
    ).toEqual({
      du: '2026-01-02',
      au: '2026-01-31',
      vendeurId: '7',
      typeVenteId: '2',
      categorieId: '3',
      sort: 'caTtc,desc',
    });
    // A custom day kept in the URL does not leak into another period.
    expect(rapportApiQuery({ periode: 'jour', du: '2020-01-01' }, soir, 'Africa/Dakar')).toEqual({
      du: '2026-05-31',
      au: '2026-05-31',
    });
  });
});
