import { describe, expect, it } from 'vitest';
import { achatsApiQuery } from './achats-list';

describe('achatsApiQuery', () => {
  it('takes the period in the shop’s days, not the device’s (Paris, vitest.config.ts)', () => {
    // 23:30 in Dakar on 19 November 2026 is already the 20th in Paris.
    const soir = new Date('2026-11-19T23:30:00Z');
    expect(achatsApiQuery({ periode: 'jour', statut: 'paye' }, soir, 'Africa/Dakar')).toEqual({
      statut: 'paye',
      du: '2026-11-19',
      au: '2026-11-19',
    });
    expect(
      achatsApiQuery(
        { periode: 'perso', du: '2026-11-01', au: '2026-11-05' },
        soir,
        'Africa/Dakar',
      ),
    ).toEqual({ du: '2026-11-01', au: '2026-11-05' });
  });
});
