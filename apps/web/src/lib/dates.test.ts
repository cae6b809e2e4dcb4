import { describe, expect, it } from 'vitest';
import { addDaysIso, formatDay, fromIsoDay, toIsoDay, todayIso, todayUtcIso } from './dates';

describe('calendar days', () => {
  it('converts between days and the local dates of a Calendar, without time zone shift', () => {
    const date = fromIsoDay('2026-11-20')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2026, 10, 20, 0,
    ]);
    expect(toIsoDay(date)).toBe('2026-11-20');
    expect(toIsoDay(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });

  it('refuses what is not a day', () => {
    expect(fromIsoDay('20/11/2026')).toBeNull();
    expect(fromIsoDay('')).toBeNull();
    expect(fromIsoDay(null)).toBeNull();
  });

  it('shows a day in French whatever the time zone', () => {
    expect(formatDay('2026-11-20')).toBe('20/11/2026');
    expect(formatDay('2026-01-01')).toBe('01/01/2026');
  });

  it('adds days across months and years', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('todayUtcIso', () => {
  it('is the UTC day, the one the server counts subscriptions in, whatever the device’s zone', () => {
    // The tests' device is in Paris: at 23:30 UTC its own day is already the 25th.
    const late = new Date('2026-11-24T23:30:00Z');
    expect(todayIso(late)).toBe('2026-11-25');
    expect(todayUtcIso(late)).toBe('2026-11-24');
  });
});
