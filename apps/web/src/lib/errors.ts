import type { FieldError, Problem } from '@comptoir/shared';

/** An answer with an error status; carries the application/problem+json body. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  get code(): Problem['code'] {
    return this.problem.code;
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }
}

/** The server could not be reached (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.', { cause });
    this.name = 'NetworkError';
  }
}

const UNEXPECTED = 'Une erreur inattendue est survenue. Réessayez dans un instant.';

/** The French sentence to show for any error thrown by the HTTP client. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const first = error.fieldErrors[0]?.message;
    return error.problem.detail || first || error.problem.title || UNEXPECTED;
  }
  if (error instanceof NetworkError) return error.message;
  return UNEXPECTED;
}

/** Field errors of a validation problem, by field name (first message per field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) {
    for (const { field, message } of error.fieldErrors) out[field] ??= message;
  }
  return out;
}

function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['status'] === 'number' &&
    typeof v['title'] === 'string' &&
    typeof v['code'] === 'string'
  );
}

/** Builds the ApiError of an error answer, whatever its body. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON: a proxy page, an empty body */
  }
  if (isProblem(body))
    return new ApiError({ ...body, detail: body.detail ?? '', type: body.type ?? 'about:blank' });
  return new ApiError({
    type: 'about:blank',
    title: 'Erreur du serveur',
    status: response.status,
    detail:
      response.status >= 500
        ? `Le serveur a rencontré une erreur (${response.status}). Réessayez dans un instant.`
        : `La requête a échoué (${response.status}).`,
    code: response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
  });
}
