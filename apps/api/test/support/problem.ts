import { expect } from 'vitest';
import type { Answer } from './http.js';

/** Words that betray an English message slipping through (zod, Fastify or library defaults). */
const ENGLISH =
  /\b(the|invalid|expected|received|required|must|should|not found|error|unauthorized|forbidden|too many|failed|internal server)\b/i;

/** Asserts that a text shown to users is French (no stray English default message). */
export function expectFrench(text: unknown): void {
  expect(typeof text, `texte attendu, reçu ${JSON.stringify(text)}`).toBe('string');
  // Quoted values ("error", a log level…) are data, not wording.
  const wording = (text as string).replace(/"[^"]*"/g, '""');
  expect(wording, 'message en anglais').not.toMatch(ENGLISH);
  expect((text as string).length).toBeGreaterThan(3);
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: Array<{ field: string; message: string }>;
}

/**
 * Asserts an RFC 9457 answer: exact status, content type application/problem+json, the stable
 * code, and French title, detail and field messages. Returns the body for further checks.
 */
export function expectProblem(answer: Answer, status: number, code: string): ProblemBody {
  expect(answer.status, `statut inattendu, corps : ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.headers.get('content-type') ?? '').toMatch(/^application\/problem\+json(;|$)/);
  const body = answer.body as ProblemBody;
  expect(body).toMatchObject({
    status,
    code,
    type: expect.stringMatching(/^https:\/\/comptoir\.app\/problemes\/[a-z-]+$/),
  });
  expectFrench(body.title);
  expectFrench(body.detail);
  for (const e of body.errors ?? []) {
    expect(typeof e.field).toBe('string');
    expectFrench(e.message);
  }
  return body;
}

/** A validation problem (400 VALIDATION) with at least the given field names in `errors`. */
export function expectValidation(answer: Answer, ...fields: string[]): ProblemBody {
  const body = expectProblem(answer, 400, 'VALIDATION');
  expect(body.errors?.length ?? 0).toBeGreaterThan(0);
  const named = (body.errors ?? []).map((e) => e.field);
  for (const f of fields)
    expect(named, `champ ${f} attendu dans ${JSON.stringify(body.errors)}`).toContain(f);
  return body;
}

/** The message of the first error on `field`. */
export const messageOf = (body: ProblemBody, field: string): string | undefined =>
  body.errors?.find((e) => e.field === field)?.message;
