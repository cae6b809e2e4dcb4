import { describe, expect, it } from 'vitest';
import { planPeriodEnd, renewalPeriod } from './abonnement-dates';

describe('subscription dates computed in the dialogs', () => {
  it('ends a period the day before the same day, months later', () => {
    expect(planPeriodEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(planPeriodEnd('2026-11-21', 1)).toBe('2026-12-20');
    expect(planPeriodEnd('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('has no end without a start or a plan', () => {
    expect(planPeriodEnd(null, 12)).toBeNull();
    expect(planPeriodEnd('2026-01-01', undefined)).toBeNull();
  });

  it('renews right after the current period', () => {
    expect(renewalPeriod('2026-12-31', '2026-11-21', 12)).toEqual({
      dateDebut: '2027-01-01',
      dateFin: '2027-12-31',
    });
  });

  it('renews from today when the period ended earlier', () => {
    expect(renewalPeriod('2026-06-30', '2026-11-21', 6)).toEqual({
      dateDebut: '2026-11-21',
      dateFin: '2027-05-20',
    });
  });
});
