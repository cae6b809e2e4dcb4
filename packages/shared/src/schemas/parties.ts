import { z } from 'zod';
import { emptyToNull, optionalText } from './fields.js';

/** Fields shared by customers and suppliers. */

export const partyEmailSchema = emptyToNull(
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "L'adresse e-mail est trop longue.")
    .pipe(z.email({ error: "L'adresse e-mail n'est pas valide." })),
);

/** Typed as the user likes; the server normalises it to E.164 with the shop's country as default. */
export const partyPhoneSchema = optionalText(30, 'Le numéro de téléphone');

/**
 * A possible duplicate (same phone or e-mail) is answered 409 CONFLICT naming the existing record
 * in `errors`; sending the same body again with `confirmerDoublon: true` creates it anyway.
 */
export const confirmerDoublonSchema = z
  .boolean({ error: 'confirmerDoublon doit valoir vrai ou faux.' })
  .default(false);
