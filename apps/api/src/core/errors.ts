import type { ErrorCode, FieldError } from '@comptoir/shared';

/** The one error type of the API: turned into application/problem+json by the error handler. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const validationError = (
  errors: FieldError[],
  detail = 'Certaines informations sont invalides.',
) => new AppError(400, 'VALIDATION', 'Données invalides', detail, errors);

export const badRequest = (detail: string, code: ErrorCode = 'BAD_REQUEST') =>
  new AppError(400, code, 'Requête invalide', detail);

export const unauthenticated = (
  detail = 'Vous devez être connecté.',
  code: ErrorCode = 'UNAUTHENTICATED',
) => new AppError(401, code, 'Authentification requise', detail);

export const forbidden = (detail = "Vous n'avez pas les droits nécessaires pour cette action.") =>
  new AppError(403, 'FORBIDDEN', 'Accès refusé', detail);

export const notFound = (detail = 'La ressource demandée est introuvable.') =>
  new AppError(404, 'NOT_FOUND', 'Introuvable', detail);

export const conflict = (detail: string) => new AppError(409, 'CONFLICT', 'Conflit', detail);

export const businessRule = (detail: string) =>
  new AppError(422, 'BUSINESS_RULE', 'Opération refusée', detail);

export const tooManyAttempts = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_ATTEMPTS', 'Trop de tentatives', detail, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export const subscriptionRequired = (detail: string) =>
  new AppError(402, 'SUBSCRIPTION_REQUIRED', 'Abonnement requis', detail);
