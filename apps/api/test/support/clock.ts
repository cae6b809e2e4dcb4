import type { Clock } from '../../src/db/time.js';

const instantOf = (instant: string | Date): number => {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new Error(`Instant illisible : ${String(instant)}`);
  return ms;
};

/**
 * The clock a test gives its app (`startTestServer().clock`). It follows the system time until the
 * test sets it: `set` moves it to an instant from which it keeps ticking, `freeze` stops it,
 * `advance` moves it on (a window that closes, a key that expires). No test depends on today.
 */
export class TestClock implements Clock {
  private offset = 0;
  private frozen: number | undefined;

  now(): Date {
    return new Date(this.frozen ?? Date.now() + this.offset);
  }

  /** From now on, the time is `instant` ('2026-06-15T09:00:00Z', or a Date), and it ticks. */
  set(instant: string | Date): this {
    this.frozen = undefined;
    this.offset = instantOf(instant) - Date.now();
    return this;
  }

  /** Stops the clock at `instant` (at its current time by default). */
  freeze(instant: string | Date = this.now()): this {
    this.frozen = instantOf(instant);
    return this;
  }

  /** Moves the clock by `ms` milliseconds (negative: back). */
  advance(ms: number): this {
    if (this.frozen === undefined) this.offset += ms;
    else this.frozen += ms;
    return this;
  }

  /** Back to the system time. */
  release(): void {
    this.offset = 0;
    this.frozen = undefined;
  }
}
