import type { FastifyInstance } from 'fastify';
import {
  problemSchema,
  userCreateSchema,
  userIdParamsSchema,
  userItemSchema,
  userListQuerySchema,
  userPageSchema,
  userUpdateSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import {
  createUser,
  getUser,
  listUsers,
  resendUserInvitation,
  setUserActive,
  updateUser,
} from './users.service.js';

const ACCESS = ['ROLE_ADMIN', 'ROLE_PROPRIETAIRE'] as const;
const TAGS = ['Utilisateurs'];

/** Users: the admin manages every account; an owner the managers of their shops; managers nothing. */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/users',
    summary:
      'Liste paginée des utilisateurs (admin : tous ; propriétaire : les gérants de ses boutiques)',
    tags: TAGS,
    access: ACCESS,
    query: userListQuerySchema,
    responses: { 200: userPageSchema, 400: problemSchema, 403: problemSchema },
    handler: ({ user, query }) => listUsers(ctx, user, query),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/users',
    summary:
      'Crée un compte de propriétaire ou d’administrateur et lui envoie l’invitation (admin seul ; un propriétaire invite ses gérants par POST /api/invitations)',
    tags: TAGS,
    access: ['ROLE_ADMIN'],
    body: userCreateSchema,
    responses: {
      201: userItemSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
      409: problemSchema,
      422: problemSchema,
    },
    handler: async ({ user, body, reply, request }) => {
      const created = await createUser(ctx, user, body, request.log);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/users/:userId',
    summary: 'Un utilisateur visible de l’appelant',
    tags: TAGS,
    access: ACCESS,
    params: userIdParamsSchema,
    responses: { 200: userItemSchema, 404: problemSchema },
    handler: ({ user, params }) => getUser(ctx, user, params.userId),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/users/:userId',
    summary:
      'Modifie prénom, nom, téléphone ; le propriétaire fixe aussi les boutiques du gérant parmi les siennes',
    tags: TAGS,
    access: ACCESS,
    params: userIdParamsSchema,
    body: userUpdateSchema,
    responses: { 200: userItemSchema, 400: problemSchema, 404: problemSchema, 422: problemSchema },
    handler: ({ user, params, body }) => updateUser(ctx, user, params.userId, body),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/users/:userId/desactiver',
    summary:
      'Désactive un compte (jamais le sien) ; ses sessions prennent fin à la requête suivante',
    tags: TAGS,
    access: ACCESS,
    params: userIdParamsSchema,
    responses: { 200: userItemSchema, 404: problemSchema, 422: problemSchema },
    handler: ({ user, params }) => setUserActive(ctx, user, params.userId, false),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/users/:userId/activer',
    summary: 'Réactive un compte',
    tags: TAGS,
    access: ACCESS,
    params: userIdParamsSchema,
    responses: { 200: userItemSchema, 404: problemSchema },
    handler: ({ user, params }) => setUserActive(ctx, user, params.userId, true),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/users/:userId/renvoyer-invitation',
    summary:
      'Renvoie l’invitation d’un compte qui n’a pas encore choisi son mot de passe : nouveau lien, l’ancien ne sert plus',
    tags: TAGS,
    access: ACCESS,
    params: userIdParamsSchema,
    responses: { 200: userItemSchema, 404: problemSchema, 422: problemSchema, 429: problemSchema },
    handler: ({ user, params, request }) =>
      resendUserInvitation(ctx, user, params.userId, request.log),
  });
}
