import type { FastifyInstance } from 'fastify';
import {
  authResponseSchema,
  loginRequestSchema,
  problemSchema,
  refreshRequestSchema,
  updatePasswordRequestSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { login, logout, refresh, revokeAllSessions, updatePassword } from './auth.service.js';
import { knownDevice, rememberDevice } from './device.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/auth/xsrf',
    summary: 'Dépose le cookie anti-falsification XSRF-TOKEN',
    tags: ['Authentification'],
    access: 'public',
    responses: { 204: null },
    handler: async () => undefined,
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Connexion par e-mail et mot de passe',
    tags: ['Authentification'],
    access: 'public',
    body: loginRequestSchema,
    responses: { 200: authResponseSchema, 401: problemSchema, 429: problemSchema },
    handler: async ({ body, request, reply }) => {
      const device = knownDevice(ctx.config, request, body.email);
      const answer = await login(ctx, body.email, body.password, request.ip, device);
      rememberDevice(ctx.config, request, reply, body.email);
      return answer;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/auth/refresh',
    summary: 'Renouvelle la session (le jeton de renouvellement ne sert qu’une fois)',
    tags: ['Authentification'],
    access: 'public',
    body: refreshRequestSchema,
    responses: { 200: authResponseSchema, 401: problemSchema },
    handler: ({ body }) => refresh(ctx, body.refreshToken),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/auth/logout',
    summary:
      'Déconnexion : le jeton de renouvellement et tous ceux de la même connexion sont révoqués',
    tags: ['Authentification'],
    access: 'public',
    body: refreshRequestSchema,
    responses: { 204: null },
    handler: async ({ body }) => {
      await logout(ctx, body.refreshToken);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/account/sessions/revoke-all',
    summary: 'Ferme toutes les sessions de l’utilisateur connecté, sur tous ses appareils',
    tags: ['Compte'],
    access: 'user',
    subscription: 'exempt',
    responses: { 204: null },
    handler: async ({ user }) => {
      await revokeAllSessions(ctx, user.id);
    },
  });

  defineRoute(app, ctx, {
    method: 'PATCH',
    url: '/api/auth/update-password',
    summary: 'Change le mot de passe et ferme toutes les sessions',
    tags: ['Authentification'],
    access: 'user',
    subscription: 'exempt',
    body: updatePasswordRequestSchema,
    responses: { 204: null, 400: problemSchema },
    handler: async ({ body, user }) => {
      await updatePassword(ctx, user.id, body.currentPassword, body.newPassword);
    },
  });
}
