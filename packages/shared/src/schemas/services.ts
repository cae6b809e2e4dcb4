import { z } from 'zod';

/** What a member of a shop reads of it. Issue 3 extends shops with all their fields. */
export const serviceSummarySchema = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    devise: z.string(),
    ville: z.string().nullable(),
    pays: z.string().nullable(),
  })
  .meta({ id: 'ServiceSummary' });
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const serviceIdParamsSchema = z.object({
  serviceId: z.coerce
    .number({ error: "L'identifiant de boutique doit être un nombre." })
    .int("L'identifiant de boutique doit être un nombre entier.")
    .positive("L'identifiant de boutique doit être positif."),
});
