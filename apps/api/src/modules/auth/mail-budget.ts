import type { Kysely } from 'kysely';
import { tooManyAttempts } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { takeAttempt, type Budget } from './throttle.js';

const MINUTE = 60_000;
/**
 * What one sender may mail to one address (an invitation, sent or sent again): 3 at once, then one
 * after 15, 30… minutes, one a day at most. Counted per sender and address, so that one sender
 * cannot flood a mailbox, and a refusal tells nothing of what others send to that address.
 */
const PER_SENDER_AND_TARGET: Budget = {
  free: 3,
  firstDelayMs: 15 * MINUTE,
  maxDelayMs: 24 * 60 * MINUTE,
};

/** Takes one mail from the budget of `senderId` towards `email`, or answers 429 in French. */
export async function takeMailBudget(db: Kysely<DB>, senderId: number, email: string) {
  const wait = await takeAttempt(
    db,
    `mail-to:${senderId}:${email.toLowerCase()}`,
    PER_SENDER_AND_TARGET,
  );
  if (wait <= 0) return;
  const minutes = Math.max(1, Math.ceil(wait / 60));
  throw tooManyAttempts(
    `Trop d’envois vers ${email} : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    wait,
  );
}
