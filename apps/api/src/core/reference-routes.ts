import type { FastifyInstance } from 'fastify';
import { problemSchema } from '@comptoir/shared';
import type { z } from 'zod';
import type { AppContext } from './context.js';
import { defineRoute } from './route.js';

// defineRoute types a handler's query and body through a conditional type that stays open for a
// generic schema: the casts below only close it (the values are parsed by the same schemas).
const ADMIN = ['ROLE_ADMIN'] as const;

/** French summaries of the five routes of a reference list. */
export interface ReferenceLabels {
  list: string;
  get: string;
  create: string;
  update: string;
  delete: string;
}

export interface ReferenceListSpec<K extends string, Q extends z.ZodType, B extends z.ZodType> {
  /** Collection URL, e.g. `/api/unites`; items are at `${base}/:${idParam}`. */
  base: string;
  idParam: K;
  tag: string;
  labels: ReferenceLabels;
  schemas: {
    params: z.ZodType<Record<K, number>>;
    query: Q;
    body: B;
    item: z.ZodType;
    page: z.ZodType;
  };
  service: {
    list: (ctx: AppContext, query: z.output<Q>) => Promise<unknown>;
    get: (ctx: AppContext, id: number) => Promise<unknown>;
    create: (ctx: AppContext, body: z.output<B>) => Promise<unknown>;
    update: (ctx: AppContext, id: number, body: z.output<B>) => Promise<unknown>;
    remove: (ctx: AppContext, id: number) => Promise<void>;
  };
}

/**
 * A global reference list (units, sale types…): list, get, create, update and delete, read by
 * every signed-in user, kept by the admin.
 */
export function referenceListRoutes<K extends string, Q extends z.ZodType, B extends z.ZodType>(
  app: FastifyInstance,
  ctx: AppContext,
  { base, idParam, tag, labels, schemas, service }: ReferenceListSpec<K, Q, B>,
): void {
  const tags = [tag];
  const itemUrl = `${base}/:${idParam}`;

  defineRoute(app, ctx, {
    method: 'GET',
    url: base,
    summary: labels.list,
    tags,
    access: 'user',
    query: schemas.query,
    responses: { 200: schemas.page, 400: problemSchema },
    handler: ({ query }) => service.list(ctx, query as z.output<Q>),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: itemUrl,
    summary: labels.get,
    tags,
    access: 'user',
    params: schemas.params,
    responses: { 200: schemas.item, 404: problemSchema },
    handler: ({ params }) => service.get(ctx, params[idParam]),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: base,
    summary: labels.create,
    tags,
    access: ADMIN,
    body: schemas.body,
    responses: { 201: schemas.item, 400: problemSchema, 409: problemSchema },
    handler: async ({ body, reply }) => {
      const created = await service.create(ctx, body as z.output<B>);
      void reply.status(201);
      return created;
    },
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: itemUrl,
    summary: labels.update,
    tags,
    access: ADMIN,
    params: schemas.params,
    body: schemas.body,
    responses: { 200: schemas.item, 400: problemSchema, 404: problemSchema, 409: problemSchema },
    handler: ({ params, body }) => service.update(ctx, params[idParam], body as z.output<B>),
  });

  defineRoute(app, ctx, {
    method: 'DELETE',
    url: itemUrl,
    summary: labels.delete,
    tags,
    access: ADMIN,
    params: schemas.params,
    responses: { 204: null, 404: problemSchema, 409: problemSchema },
    handler: async ({ params }) => {
      await service.remove(ctx, params[idParam]);
    },
  });
}
