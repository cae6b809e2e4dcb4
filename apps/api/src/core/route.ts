import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceIdParamsSchema, type Role } from '@comptoir/shared';
import { z } from 'zod';
import './zod-locale.js';
import type { ServicesTable } from '../db/schema.js';
import type { Selectable } from 'kysely';
import { tooManyAttempts, validationError } from './errors.js';
import { lireAcces } from './access-read.js';
import { checkAuthUser, verifyBearer, type AuthUser } from './authenticate.js';
import { checkServiceAccess, requireOpenShop } from './service-access.js';
import { requireSubscription } from './subscription.js';
import type { AppContext } from './context.js';

/**
 * Who may call a route. `public`: anyone; `user`: any signed-in user; a list of roles: a signed-in
 * user holding one of them. `service: true` adds the shop check: `:serviceId` must be a shop the
 * user owns (owner), works in (manager) or any shop (admin); otherwise 404.
 */
export type Access = 'public' | 'user' | readonly Role[];

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  service?: boolean;
  /**
   * Writes (every method but GET) of owners and managers need a covering subscription (402
   * otherwise, core/subscription.ts). `exempt`: sign-in and self-service routes, always open.
   */
  subscription?: 'exempt';
  params?: P;
  query?: Q;
  body?: B;
  /** Multipart upload: the body is read by the handler, documented as a file field. */
  multipart?: boolean;
  /** Largest JSON body in bytes, when a route takes more than the app's 1 Mo (imports). */
  bodyLimit?: number;
  responses: Record<number, Schema | null>;
  handler: (ctx: HandlerContext<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>;
}

export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The signed-in user; for public routes this throws. */
  user: AuthUser;
  service: Selectable<ServicesTable>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  service: boolean;
  subscription: 'required' | 'exempt';
  params?: Schema;
  query?: Schema;
  body?: Schema;
  multipart: boolean;
  responses: Record<number, Schema | null>;
}

function parse<S extends Schema>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({
      field: issue.path.length ? issue.path.join('.') : where,
      message: issue.message,
    })),
  );
}

/** The documented path parameters of a shop-scoped route: :serviceId and the route's own. */
function withServiceId(params: Schema | undefined): Schema {
  if (!params) return serviceIdParamsSchema;
  return params instanceof z.ZodObject ? serviceIdParamsSchema.extend(params.shape) : params;
}

interface Checked {
  user: AuthUser;
  service: Selectable<ServicesTable> | undefined;
}

/**
 * The access check of a signed-in route: the token first (no database), then the account, the
 * shop (open, core/service-access.ts) and the subscription, read in one statement
 * (core/access-read.ts) and checked in that order; a manager's write outside a shop reads the
 * owners of their shops after it (core/subscription.ts).
 */
async function checkAccess(
  ctx: AppContext,
  spec: Pick<RouteSpec<Schema, Schema, Schema>, 'access' | 'service' | 'method' | 'subscription'>,
  request: FastifyRequest,
): Promise<Checked> {
  const claims = await verifyBearer(ctx, request);
  const access = spec.access as 'user' | readonly Role[];
  const ecriture = spec.method !== 'GET' && spec.subscription !== 'exempt';
  // A malformed shop id is refused after the account's checks, as before: read without a shop.
  const shopId = spec.service ? serviceIdParamsSchema.safeParse(request.params ?? {}) : undefined;
  return ctx.database.db.connection().execute(async (db) => {
    const lu = await lireAcces(
      db,
      claims.userId,
      shopId?.success ? shopId.data.serviceId : undefined,
      ecriture,
    );
    const user = checkAuthUser(request, claims, access, lu.compte);
    let service: Selectable<ServicesTable> | undefined;
    if (spec.service) {
      parse(serviceIdParamsSchema, request.params, 'serviceId');
      service = checkServiceAccess(user, lu.boutique);
    }
    if (ecriture) {
      if (service) requireOpenShop(user, service);
      await requireSubscription(ctx, user, service, db, lu.abonnements);
    }
    return { user, service };
  });
}

/**
 * Routes that take a large body (imports) parse one such body at a time: the memory a parse takes
 * is bounded whatever the number of callers; the others are asked to come back (429, French).
 */
function bigBodyGate() {
  let busy = false;
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (busy)
      throw tooManyAttempts(
        'Un autre import est en cours de lecture sur le serveur : réessayez dans quelques secondes.',
        5,
      );
    busy = true;
    // The answer sent or the connection lost, whichever comes first.
    reply.raw.once('close', () => {
      busy = false;
    });
  };
}

export function defineRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(app: FastifyInstance, ctx: AppContext, spec: RouteSpec<P, Q, B>): void {
  ctx.routes.push({
    method: spec.method,
    url: spec.url,
    summary: spec.summary,
    tags: spec.tags,
    access: spec.access,
    service: spec.service ?? false,
    subscription:
      spec.method === 'GET' || spec.access === 'public' || spec.subscription === 'exempt'
        ? 'exempt'
        : 'required',
    ...(spec.service
      ? { params: withServiceId(spec.params) }
      : spec.params
        ? { params: spec.params }
        : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    multipart: spec.multipart ?? false,
    responses: spec.responses,
  });
  // Who calls, which shop, which subscription: decided in onRequest, before any byte of the body
  // is read (a body too large or sent without a token never reaches the parser).
  const access = new WeakMap<FastifyRequest, Checked>();
  const big = spec.bodyLimit ? bigBodyGate() : undefined;
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    onRequest: async (request) => {
      if (spec.access !== 'public') access.set(request, await checkAccess(ctx, spec, request));
    },
    ...(big ? { preParsing: big } : {}),
    handler: async (request, reply) => {
      const { user, service } = access.get(request) ?? {};
      const params = (
        spec.params ? parse(spec.params, request.params, 'params') : undefined
      ) as Out<P>;
      const query = (spec.query ? parse(spec.query, request.query, 'query') : undefined) as Out<Q>;
      const body = (spec.body ? parse(spec.body, request.body, 'body') : undefined) as Out<B>;
      const result = await spec.handler({
        params,
        query,
        body,
        get user(): AuthUser {
          if (!user) throw new Error('Route publique : aucun utilisateur');
          return user;
        },
        get service() {
          if (!service) throw new Error('Route hors boutique : aucune boutique');
          return service;
        },
        request,
        reply,
      });
      if (result === undefined) {
        if (!reply.sent)
          return reply.status(reply.statusCode === 200 ? 204 : reply.statusCode).send();
        return reply;
      }
      return result;
    },
  });
}

/**
 * Refuses to build the app if a route under /api was registered outside defineRoute: it would
 * escape the access checks, OpenAPI and the authorization matrix. Fastify's automatic HEAD of a
 * GET and the web app's static files (outside /api) are not concerned.
 */
export function assertRoutesDeclared(
  fastifyRoutes: ReadonlyArray<{ method: string; url: string }>,
  registry: readonly RegisteredRoute[],
): void {
  const declared = new Set(registry.map((r) => `${r.method} ${r.url}`));
  const stray = fastifyRoutes
    .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`)
    .filter((k) => !declared.has(k));
  if (stray.length > 0)
    throw new Error(`Routes enregistrées hors de defineRoute : ${stray.join(', ')}`);
}
