import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { journalEntreeSchema, journalVerificationSchema, problemSchema } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { dernieresEntrees } from './journal.repository.js';
import { verifierJournal } from './journal.verify.js';

const TAGS = ['Intégrité'];
const OWNER = ['ROLE_PROPRIETAIRE'] as const;

/** The inalterable journal of a shop (docs/regles-metier.md « Journal inaltérable »): owner only. */
export function journalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal',
    summary:
      'Dernières entrées du journal inaltérable de la boutique (propriétaire), les plus récentes d’abord',
    tags: TAGS,
    access: OWNER,
    service: true,
    responses: { 200: z.array(journalEntreeSchema), 403: problemSchema, 404: problemSchema },
    handler: ({ user, service }) => {
      requireShopOwner(user, service);
      return dernieresEntrees(db, service.id);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/verification',
    summary:
      'Vérification du journal inaltérable (propriétaire) : recalcule la chaîne des empreintes et nomme la première entrée qui ne correspond pas',
    tags: TAGS,
    access: OWNER,
    service: true,
    responses: { 200: journalVerificationSchema, 403: problemSchema, 404: problemSchema },
    handler: ({ user, service }) => {
      requireShopOwner(user, service);
      return verifierJournal(db, service.id);
    },
  });
}
