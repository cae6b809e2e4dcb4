import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from '@comptoir/shared';
import { AppError } from './errors.js';

function send(reply: FastifyReply, problem: Problem, headers?: Record<string, string>) {
  if (headers) void reply.headers(headers);
  return reply.status(problem.status).type('application/problem+json; charset=utf-8').send(problem);
}

const problemOf = (e: AppError): Problem => ({
  type: `https://comptoir.app/problemes/${e.code.toLowerCase().replace(/_/g, '-')}`,
  title: e.title,
  status: e.status,
  detail: e.detail,
  code: e.code,
  ...(e.errors ? { errors: e.errors } : {}),
});

/** Maps the errors Fastify itself raises (body parsing, limits) to French problems. */
function fromFastify(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        400,
        'BAD_REQUEST',
        'Requête invalide',
        "Le corps de la requête n'est pas un JSON valide.",
      );
    // Raised by the router before any route or hook runs (see frameworkErrors below).
    case 'FST_ERR_BAD_URL':
      return new AppError(
        400,
        'BAD_REQUEST',
        'Requête invalide',
        "L'adresse demandée est mal encodée.",
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(
        400,
        'BAD_REQUEST',
        'Requête invalide',
        "Un paramètre de l'adresse est trop long.",
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        'Contenu trop volumineux',
        'Le contenu envoyé est trop volumineux.',
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Type de contenu non pris en charge',
        "Le type de contenu envoyé n'est pas pris en charge.",
      );
    default:
      break;
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(
      error.statusCode,
      'BAD_REQUEST',
      'Requête invalide',
      'La requête est invalide.',
    );
  }
  return null;
}

/**
 * The `frameworkErrors` option of Fastify: an URL the router cannot decode (`%ED%A0%80`) or a path
 * parameter past its length limit would otherwise get Fastify's own English JSON, outside the
 * error handler.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  void send(
    reply,
    problemOf(
      fromFastify(error) ??
        new AppError(400, 'BAD_REQUEST', 'Requête invalide', 'La requête est invalide.'),
    ),
  );
}

const INTERNAL: Problem = {
  type: 'https://comptoir.app/problemes/internal',
  title: 'Erreur interne',
  status: 500,
  detail: 'Une erreur inattendue est survenue. Réessayez ; si elle persiste, contactez le support.',
  code: 'INTERNAL',
};

/**
 * The problem the error handler would answer for an error, for an answer already under way (a
 * progress stream ends with it); an unexpected error is logged and reveals nothing.
 */
export function problemFor(error: unknown, request: FastifyRequest): Problem {
  if (error instanceof AppError) return problemOf(error);
  request.log.error({ err: error }, 'Erreur interne');
  return INTERNAL;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof AppError ? error : fromFastify(error);
    if (known) return send(reply, problemOf(known), known.headers);
    request.log.error({ err: error }, 'Erreur interne');
    return send(reply, INTERNAL);
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      problemOf(
        new AppError(
          404,
          'NOT_FOUND',
          'Introuvable',
          `Aucune ressource à l'adresse ${request.method} ${request.url.split('?')[0]}.`,
        ),
      ),
    ),
  );
}
