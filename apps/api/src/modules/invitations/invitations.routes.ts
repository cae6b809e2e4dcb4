import type { FastifyInstance } from 'fastify';
import {
  authResponseSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationDetailSchema,
  invitationIdParamsSchema,
  invitationItemSchema,
  invitationKeySchema,
  invitationListQuerySchema,
  invitationPageSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { acceptInvitation, lookupInvitation } from './invitations.accept.js';
import {
  cancelInvitation,
  createInvitation,
  listInvitations,
  resendInvitation,
} from './invitations.service.js';

const TAGS = ['Invitations'];

/**
 * Invitations of managers: an owner invites an address to their shops without learning whether it
 * has an account; the invitee accepts through the mailed link. The admin sees and cancels them all.
 */
export function invitationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/invitations',
    summary:
      'Invitations en attente (propriétaire : les siennes ; admin : toutes), triées par date d’envoi',
    tags: TAGS,
    access: ['ROLE_ADMIN', 'ROLE_PROPRIETAIRE'],
    query: invitationListQuerySchema,
    responses: { 200: invitationPageSchema, 400: problemSchema },
    handler: ({ user, query }) => listInvitations(ctx, user, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/invitations',
    summary:
      'Invite une adresse e-mail à gérer des boutiques du propriétaire (même réponse, qu’un compte existe ou non)',
    tags: TAGS,
    access: ['ROLE_PROPRIETAIRE'],
    body: invitationCreateSchema,
    responses: {
      201: invitationItemSchema,
      400: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
      429: problemSchema,
    },
    handler: async ({ user, body, reply, request }) => {
      const created = await createInvitation(ctx, user, body, request.log);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/invitations/:invitationId/renvoyer',
    summary: 'Renvoie l’invitation avec un nouveau lien (l’ancien ne sert plus), valable 7 jours',
    tags: TAGS,
    access: ['ROLE_PROPRIETAIRE'],
    params: invitationIdParamsSchema,
    responses: { 200: invitationItemSchema, 404: problemSchema, 429: problemSchema },
    handler: ({ user, params, request }) =>
      resendInvitation(ctx, user, params.invitationId, request.log),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/invitations/:invitationId',
    summary: 'Annule une invitation en attente : son lien ne sert plus',
    tags: TAGS,
    access: ['ROLE_ADMIN', 'ROLE_PROPRIETAIRE'],
    params: invitationIdParamsSchema,
    responses: { 204: null, 404: problemSchema },
    handler: async ({ user, params, reply }) => {
      await cancelInvitation(ctx, user, params.invitationId);
      void reply.status(204);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/invitations/consulter',
    summary:
      'Ce qu’une invitation propose, avec la clé reçue par e-mail, et la façon de l’accepter',
    tags: TAGS,
    access: 'public',
    body: invitationKeySchema,
    responses: { 200: invitationDetailSchema, 400: problemSchema },
    handler: ({ body }) => lookupInvitation(ctx, body.key),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/invitations/accepter',
    summary:
      'Accepte une invitation (mot de passe du compte, ou création du compte) et ouvre la session',
    tags: TAGS,
    access: 'public',
    body: invitationAcceptSchema,
    responses: {
      200: authResponseSchema,
      400: problemSchema,
      401: problemSchema,
      422: problemSchema,
      429: problemSchema,
    },
    // The password is checked by the sign-in throttle, from this address (login-gate.ts).
    handler: ({ body, request }) => acceptInvitation(ctx, body, request.ip),
  });
}
