import fc from 'fast-check';
import { expectFrench } from '../support/problem.js';
import { forgeToken } from '../support/tokens.js';
import type { Generation, JsonSchema } from './generator.js';
import {
  operationsOf,
  requestArbitrary,
  type Draft,
  type FormPart,
  type Operation,
} from './requests.js';
import { hints, type FuzzWorld } from './world.js';

/**
 * Sends the drawn requests over real HTTP and judges each answer: never a 5xx, a status the
 * document declares for the operation, and every error an application/problem+json whose title,
 * detail and field messages read as French. Known failures (an item another helper owns) are
 * counted apart, not hidden: see KNOWN.
 */
export interface Answer {
  status: number;
  type: string;
  body: unknown;
}

export interface Finding {
  op: string;
  reason: string;
  request: string;
}

export interface Report {
  requests: number;
  /** Status histogram of each operation. */
  statuses: Record<string, Record<number, number>>;
  findings: Finding[];
  known: Array<Finding & { item: string }>;
  /** Milliseconds spent on each operation (for FUZZ_VERBOSE; no check depends on it). */
  durations: Record<string, number>;
}

/** Failures whose fix belongs to another item: the case, and the item of issue 10 that owns it. */
export interface KnownCase {
  item: string;
  op?: RegExp;
  reason?: RegExp;
  /** On the request as the report writes it: `actor METHOD path?query [mutation] body`. */
  request?: (text: string) => boolean;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

export class Sender {
  private forged: Promise<string> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly xsrf: string,
    private readonly world: FuzzWorld,
    private readonly png: Buffer,
  ) {}

  private async token(d: Draft): Promise<string | undefined> {
    if (d.token === 'garbage') return 'pas.un.jeton';
    if (d.token === 'forged')
      return (this.forged ??= forgeToken({
        sub: '1',
        username: 'x',
        roles: ['ROLE_ADMIN'],
        secret: 'un-autre-secret-un-autre-secret-0123456789',
      }));
    return d.actor === 'anonyme' ? undefined : this.world.tokens[d.actor];
  }

  private part(p: FormPart): Blob {
    const data =
      p.content === 'png'
        ? new Uint8Array(this.png)
        : p.content === 'bytes'
          ? new Uint8Array([0, 1, 2, 255, 137, 80, 78])
          : p.content === 'svg'
            ? SVG
            : 'bonjour';
    return new Blob([data], { type: p.type });
  }

  async send(op: Operation, d: Draft): Promise<Answer> {
    const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${this.xsrf}` };
    if (op.method !== 'GET' && !d.noXsrf) headers['x-xsrf-token'] = this.xsrf;
    const token = await this.token(d);
    if (token) headers['authorization'] = `Bearer ${token}`;
    let body: RequestInit['body'] = null;
    if (d.body?.kind === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(d.body.value) ?? 'null';
    } else if (d.body?.kind === 'raw') {
      headers['content-type'] = d.body.type;
      body = d.body.text;
    } else if (d.body?.kind === 'form') {
      const form = new FormData();
      for (const p of d.body.parts)
        form.append(p.name, this.part(p), p.type ? 'photo.png' : undefined);
      body = form;
    }
    const response = await fetch(this.baseUrl + d.path + d.query, {
      method: op.method,
      headers,
      body,
    });
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    let parsed: unknown = text;
    if (type.includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { illisible: text.slice(0, 200) };
      }
    }
    return { status: response.status, type, body: parsed };
  }
}

/** What is wrong with an answer, or null. */
export function verdict(op: Operation, answer: Answer): string | null {
  if (answer.status >= 500) return `erreur serveur ${answer.status}`;
  if (!op.declared.has(answer.status))
    return `statut ${answer.status} non déclaré (déclarés : ${[...op.declared].join(', ')})`;
  if (answer.status < 400) return null;
  if (!/^application\/problem\+json(;|$)/.test(answer.type))
    return `erreur en ${answer.type || 'type absent'}`;
  const problem = answer.body as {
    status?: number;
    title?: unknown;
    detail?: unknown;
    errors?: Array<{ message?: unknown }>;
  };
  if (problem.status !== answer.status) return `champ status ${problem.status} ≠ ${answer.status}`;
  for (const text of [
    problem.title,
    problem.detail,
    ...(problem.errors ?? []).map((e) => e.message),
  ]) {
    try {
      expectFrench(text);
    } catch {
      return `texte non français : ${JSON.stringify(text)}`;
    }
  }
  return null;
}

const describeDraft = (op: Operation, d: Draft): string => {
  const body =
    d.body?.kind === 'json'
      ? JSON.stringify(d.body.value)
      : d.body?.kind === 'raw'
        ? `${d.body.type} ${JSON.stringify(d.body.text.slice(0, 80))}`
        : d.body?.kind === 'form'
          ? `formulaire ${d.body.parts.map((p) => `${p.name}:${p.content}`).join(',')}`
          : '';
  return `${d.actor} ${op.method} ${d.path}${d.query} [${d.mutation}] ${(body ?? '').slice(0, 300)}`;
};

export interface FuzzOptions {
  baseUrl: string;
  xsrf: string;
  doc: JsonSchema;
  world: FuzzWorld;
  png: Buffer;
  seed: number;
  runs: number;
  known: KnownCase[];
  /** Only the operations whose `METHOD /path` matches (FUZZ_ONLY). */
  only?: RegExp;
  /** Sees every exchange (FUZZ_TRACE). */
  trace?: (line: string) => void;
}

export async function fuzz(o: FuzzOptions): Promise<Report> {
  const schemas = ((o.doc['components'] as JsonSchema)['schemas'] ?? {}) as Record<
    string,
    JsonSchema
  >;
  const g: Generation = {
    resolve: (ref) => schemas[ref.replace('#/components/schemas/', '')] ?? {},
    hint: hints(o.world),
  };
  const sender = new Sender(o.baseUrl, o.xsrf, o.world, o.png);
  const report: Report = { requests: 0, statuses: {}, findings: [], known: [], durations: {} };
  const operations = operationsOf(o.doc).filter((op) => !o.only || o.only.test(op.key));
  for (const [i, op] of operations.entries()) {
    const statuses: Record<number, number> = (report.statuses[op.key] = {});
    const knownHere = new Set<string>();
    const started = performance.now();
    const result = await fc.check(
      fc.asyncProperty(requestArbitrary(op, o.world, g), async (d) => {
        report.requests++;
        const answer = await sender.send(op, d);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        o.trace?.(
          `${answer.status} ${describeDraft(op, d)} → ${JSON.stringify(answer.body).slice(0, 400)}`,
        );
        const reason = verdict(op, answer);
        if (!reason) return;
        const request = describeDraft(op, d);
        const known = o.known.find(
          (k) =>
            (!k.op || k.op.test(op.key)) &&
            (!k.reason || k.reason.test(reason)) &&
            (!k.request || k.request(request)),
        );
        if (!known)
          throw new Error(`${reason} — ${request} → ${JSON.stringify(answer.body).slice(0, 300)}`);
        if (!knownHere.has(known.item + reason)) {
          knownHere.add(known.item + reason);
          report.known.push({ op: op.key, reason, request, item: known.item });
        }
      }),
      { seed: o.seed + i, numRuns: o.runs },
    );
    report.durations[op.key] = Math.round(performance.now() - started);
    if (result.failed)
      report.findings.push({
        op: op.key,
        reason:
          result.errorInstance instanceof Error
            ? result.errorInstance.message
            : String(result.errorInstance),
        request: `graine ${o.seed + i}, chemin ${result.counterexamplePath ?? '?'}`,
      });
  }
  return report;
}
