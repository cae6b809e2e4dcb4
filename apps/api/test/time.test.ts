import { describe, expect, it } from 'vitest';
import { now, nowIso, runWithClock, systemClock, type Clock } from '../src/db/time.js';

const FIXED = '2001-02-03T04:05:06.000Z';
const fixed: Clock = { now: () => new Date(FIXED) };
/** The system's time, told from the fixed clock's without comparing instants of the machine. */
const isSystemTime = (d: Date) => d.getUTCFullYear() >= 2026;

describe('horloge courante (db/time.ts)', () => {
  it('hors de toute horloge, le temps est celui du système', () => {
    expect(isSystemTime(now())).toBe(true);
    expect(isSystemTime(runWithClock(systemClock, now))).toBe(true);
  });

  it('une horloge suit ce qu’elle lance, jusqu’au bout des promesses', async () => {
    await runWithClock(fixed, async () => {
      expect(nowIso()).toBe(FIXED);
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(nowIso()).toBe(FIXED);
    });
    expect(isSystemTime(now())).toBe(true);
  });

  it('l’horloge système reprend la main dans ce que lance une autre horloge', async () => {
    // The system clock skips the context only outside any other clock (db/time.ts): inside one,
    // it must still replace it, for what it runs and what that awaits.
    await runWithClock(fixed, async () => {
      expect(isSystemTime(runWithClock(systemClock, now))).toBe(true);
      await runWithClock(systemClock, async () => {
        await Promise.resolve();
        expect(isSystemTime(now())).toBe(true);
      });
      expect(nowIso()).toBe(FIXED);
    });
  });
});
