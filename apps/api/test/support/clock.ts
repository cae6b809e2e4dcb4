import type { Clock } from '../../src/db/time.js';

/**
 * The clock a test gives its app (`startTestServer().clock`): it follows the system time until the
 * test sets it, then stays at the instant set (moved only by `advance`). No test depends on today.
 */
export class TestClock implements Clock {
  private fixed: number | undefined;

  now(): Date {
    return new Date(this.fixed ?? Date.now());
  }

  /** Stops the clock at `instant` ('2026-06-15T09:00:00Z', or a Date). */
  set(instant: string | Date): this {
    const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
    if (Number.isNaN(ms)) throw new Error(`Instant illisible : ${String(instant)}`);
    this.fixed = ms;
    return this;
  }

  /** Moves the stopped clock by `ms` milliseconds (stops it at the current time first). */
  advance(ms: number): this {
    this.fixed = (this.fixed ?? Date.now()) + ms;
    return this;
  }

  /** Back to the system time. */
  release(): void {
    this.fixed = undefined;
  }
}
