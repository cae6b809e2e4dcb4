import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clotureJournalInputSchema,
  clotureJournalSchema,
  journalArchiveIdParamsSchema,
  journalArchiveSchema,
  journalCleSchema,
  journalEntreeSchema,
  journalFecQuerySchema,
  journalJetPageSchema,
  journalJetQuerySchema,
  journalVerificationSchema,
  problemSchema,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { defineRoute } from '../../core/route.js';
import { requireShopOwner } from '../../core/service-access.js';
import { sha256Octets } from './journal.archive.js';
import { cloturer } from './journal.clotures.js';
import { cleInstallation } from './journal.cle.js';
import { fichierFec } from './journal.fec.js';
import { jetSeul, pageJet } from './journal.jet.js';
import {
  clotureDe,
  dernieresEntrees,
  fichierArchive,
  listeArchives,
  listeClotures,
} from './journal.repository.js';
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
    handler: async ({ user, service }) => {
      requireShopOwner(user, service);
      const r = await verifierJournal(db, service.id);
      if (r.rupture)
        await jetSeul(db, service.id, 'verification_echec', `U-${user.id}`, {
          utilisateur: user.id,
          rupture: r.rupture,
        });
      return r;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/cle',
    summary:
      'Clé publique Ed25519 de l’installation (propriétaire), qui signe les clôtures et les archives',
    tags: TAGS,
    access: OWNER,
    service: true,
    responses: { 200: journalCleSchema, 403: problemSchema, 404: problemSchema },
    handler: async ({ user, service }) => {
      requireShopOwner(user, service);
      return { clePublique: (await cleInstallation(db)).publicKeyPem };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/clotures',
    summary:
      'Clôtures journalières, mensuelles et annuelles de la boutique (propriétaire), les plus récentes d’abord',
    tags: TAGS,
    access: OWNER,
    service: true,
    responses: { 200: z.array(clotureJournalSchema), 403: problemSchema, 404: problemSchema },
    handler: ({ user, service }) => {
      requireShopOwner(user, service);
      return listeClotures(db, service.id);
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/services/:serviceId/journal/clotures',
    summary:
      'Clôture la période (jour, mois ou exercice) maintenant : totaux par taux de TVA et par mode de paiement de toutes les opérations depuis la clôture précédente, grand total perpétuel, signée (propriétaire)',
    tags: TAGS,
    access: OWNER,
    service: true,
    body: clotureJournalInputSchema,
    responses: {
      201: clotureJournalSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: async ({ user, service, body, reply }) => {
      requireShopOwner(user, service);
      const faite = await cloturer(db, service.id, body.periode, { utilisateur: user.id });
      if (!faite) throw new Error('Une clôture manuelle a toujours lieu.');
      void reply.status(201);
      return clotureDe(db, service.id, faite.sequence);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/archives',
    summary:
      'Archives signées des clôtures mensuelles et annuelles (propriétaire), gardées six ans',
    tags: TAGS,
    access: OWNER,
    service: true,
    responses: { 200: z.array(journalArchiveSchema), 403: problemSchema, 404: problemSchema },
    handler: ({ user, service }) => {
      requireShopOwner(user, service);
      return listeArchives(db, service.id);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/archives/:archiveId/zip',
    summary:
      'Télécharge une archive (zip : entrées, empreintes, signatures, clé publique, manifeste signé, mode d’emploi)',
    tags: TAGS,
    access: OWNER,
    service: true,
    params: journalArchiveIdParamsSchema,
    responses: { 200: null, 403: problemSchema, 404: problemSchema },
    handler: async ({ user, service, params, reply }) => {
      requireShopOwner(user, service);
      const archive = await fichierArchive(db, service.id, params.archiveId);
      await jetSeul(db, service.id, 'export_archive', archive.nom, {
        utilisateur: user.id,
        archive: params.archiveId,
        sha256: archive.sha256,
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.nom}"`)
        .send(Buffer.from(archive.data));
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/fec',
    summary:
      'Export comptable (propriétaire) : fichier des écritures comptables (FEC, article A47 A-1 du LPF) des ventes, retours, avoirs, TVA et règlements de la période, une écriture équilibrée par opération',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: journalFecQuerySchema,
    responses: { 200: null, 400: problemSchema, 403: problemSchema, 404: problemSchema },
    handler: async ({ user, service, query, reply }) => {
      requireShopOwner(user, service);
      const fec = await fichierFec(db, service, query);
      await jetSeul(db, service.id, 'export_fec', fec.nom, {
        utilisateur: user.id,
        du: query.du,
        au: query.au,
        ecritures: fec.ecritures,
        sha256: sha256Octets(fec.octets),
      });
      return reply
        .header('content-type', 'text/plain; charset=ISO-8859-15')
        .header('content-disposition', `attachment; filename="${fec.nom}"`)
        .send(fec.octets);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/services/:serviceId/journal/jet',
    summary:
      'Journal des événements techniques de la boutique (propriétaire), les plus récents d’abord : connexions, exports, archives, vérifications en échec, paramètres, prix, anomalies d’horloge',
    tags: TAGS,
    access: OWNER,
    service: true,
    query: journalJetQuerySchema,
    responses: {
      200: journalJetPageSchema,
      400: problemSchema,
      403: problemSchema,
      404: problemSchema,
    },
    handler: ({ user, service, query }) => {
      requireShopOwner(user, service);
      return pageJet(db, service.id, query);
    },
  });
}
