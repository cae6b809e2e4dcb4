import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoIn, nowIso } from '../../db/time.js';

/**
 * A budget of attempts for one key: `free` attempts at once, then each further attempt waits a
 * delay that doubles from `firstDelayMs` up to `maxDelayMs` after the previous one. A key left
 * alone for a day is forgotten.
 */
export interface Budget {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<DB>;

/**
 * Takes one attempt from the key's budget before the guarded action runs, atomically on both
 * databases: the free attempts are one conditional UPDATE (`attempts < free`), the delayed ones a
 * compare-and-set on the count read. However many requests arrive at once, at most `free` of them
 * are granted, then one per delay. Answers 0 when granted, else the seconds to wait.
 */
export async function takeAttempt(db: Db, key: string, budget: Budget): Promise<number> {
  const now = nowIso();
  await db
    .insertInto('login_throttle')
    .values({ key, attempts: 0, next_at: now, last_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, next_at: now, last_at: now })
    .where('key', '=', key)
    .where('last_at', '<', isoIn(-FORGET_AFTER_MS))
    .execute();
  const firstDelayAt = isoIn(budget.firstDelayMs);
  const free = await db
    .updateTable('login_throttle')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_at: now,
      // The attempt that spends the last free one starts the first delay.
      next_at: eb
        .case()
        .when('attempts', '>=', budget.free - 1)
        .then(firstDelayAt)
        .else(eb.ref('next_at'))
        .end(),
    }))
    .where('key', '=', key)
    .where('attempts', '<', budget.free)
    .executeTakeFirst();
  if (Number(free.numUpdatedRows) === 1) return 0;
  for (;;) {
    const row = await db
      .selectFrom('login_throttle')
      .select(['attempts', 'next_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return takeAttempt(db, key, budget);
    const at = nowIso();
    if (row.next_at > at)
      return Math.max(1, Math.ceil((Date.parse(row.next_at) - Date.parse(at)) / 1000));
    const over = row.attempts + 1 - budget.free;
    const delay = Math.min(budget.firstDelayMs * 2 ** Math.min(over, 30), budget.maxDelayMs);
    const won = await db
      .updateTable('login_throttle')
      .set({ attempts: row.attempts + 1, last_at: at, next_at: isoIn(delay) })
      .where('key', '=', key)
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    // Lost to a concurrent attempt: read again, its delay now applies.
    if (Number(won.numUpdatedRows) === 1) return 0;
  }
}

/** Gives back an attempt taken in advance (the action succeeded): it no longer counts. */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

/** Forgets a key: its next attempts are free again. */
export async function forget(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

/** Counters untouched for a day are deleted (called on a schedule, see purge.ts). */
export async function purgeThrottle(db: Db): Promise<void> {
  await db.deleteFrom('login_throttle').where('last_at', '<', isoIn(-FORGET_AFTER_MS)).execute();
}
