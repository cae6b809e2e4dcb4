import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  problemSchema,
  profileUpdateSchema,
  resetFinishRequestSchema,
  resetInitQuerySchema,
  sessionUserSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { removePhoto, savePhoto, updateProfile } from './account.service.js';
import { finishReset, requestReset } from './reset.service.js';
import { loadSessionUser } from '../auth/session-user.js';

const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/account/reset-password/init',
    summary:
      'Demande un lien de réinitialisation du mot de passe (réponse identique que le compte existe ou non)',
    tags: ['Compte'],
    access: 'public',
    query: resetInitQuerySchema,
    responses: { 200: messageSchema },
    handler: async ({ query, request }) => {
      await requestReset(ctx, query.mail, request.ip, request.log);
      return {
        message:
          'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
      };
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/account/reset-password/finish',
    summary: 'Choisit un nouveau mot de passe avec la clé reçue par e-mail',
    tags: ['Compte'],
    access: 'public',
    body: resetFinishRequestSchema,
    responses: { 200: messageSchema, 400: problemSchema },
    handler: async ({ body }) => {
      await finishReset(ctx, body.key, body.newPassword);
      return { message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/account',
    summary: 'L’utilisateur connecté, ses rôles et ses boutiques',
    tags: ['Compte'],
    access: 'user',
    responses: { 200: sessionUserSchema },
    handler: ({ user }) => loadSessionUser(ctx, user.id),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/api/account',
    summary: 'Modifie le prénom, le nom et le téléphone de l’utilisateur connecté',
    tags: ['Compte'],
    access: 'user',
    subscription: 'exempt',
    body: profileUpdateSchema,
    responses: { 200: sessionUserSchema, 400: problemSchema },
    handler: ({ user, body }) => updateProfile(ctx, user.id, body),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/account/photo',
    summary:
      'Envoie la photo de profil (image JPEG, PNG, WebP ou GIF, 5 Mo au plus), recadrée en 256 × 256',
    tags: ['Compte'],
    access: 'user',
    subscription: 'exempt',
    multipart: true,
    responses: {
      200: sessionUserSchema,
      400: problemSchema,
      413: problemSchema,
      415: problemSchema,
    },
    handler: ({ user, request }) => savePhoto(ctx, user.id, request),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/account/photo',
    summary: 'Supprime la photo de profil',
    tags: ['Compte'],
    access: 'user',
    subscription: 'exempt',
    responses: { 200: sessionUserSchema },
    handler: ({ user }) => removePhoto(ctx, user.id),
  });
}
