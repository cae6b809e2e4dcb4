import type { Problem } from '@comptoir/shared';
import { ApiError, NetworkError, apiErrorFrom } from './errors';
import { refreshSession } from './http';
import { getToken } from './session';
import { XSRF_HEADER, ensureXsrfToken } from './xsrf';

/** Media type of a progress stream: one JSON object per line. */
const STREAM_TYPE = 'application/x-ndjson';

/** Where a long operation stands: its step, and how much of it is done. */
export interface Progress {
  /** `envoi`: bytes sent by the browser; the other steps are told by the server. */
  etape: string;
  faites: number;
  total: number;
}

type Line = Progress | { resultat: unknown } | { erreur: Problem };

/** The complete lines of a growing text, parsed once each (the last, unfinished, waits). */
export class LineReader {
  private read = 0;

  next(text: string): Line[] {
    const lines: Line[] = [];
    for (let end = text.indexOf('\n', this.read); end !== -1; end = text.indexOf('\n', this.read)) {
      const line = text.slice(this.read, end).trim();
      this.read = end + 1;
      if (line) lines.push(JSON.parse(line) as Line);
    }
    return lines;
  }
}

interface Outcome {
  status: number;
  type: string;
  text: string;
  done?: { resultat: unknown } | { erreur: Problem };
}

function post(
  path: string,
  payload: string,
  token: string | null,
  xsrf: string | null,
  onProgress: (progress: Progress) => void,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const reader = new LineReader();
    let done: Outcome['done'];
    const streaming = () =>
      xhr.status === 200 && (xhr.getResponseHeader('Content-Type') ?? '').includes(STREAM_TYPE);
    const drain = () => {
      if (!streaming()) return;
      for (const line of reader.next(xhr.responseText)) {
        if ('etape' in line) onProgress(line);
        else done = line;
      }
    };
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', `${STREAM_TYPE}, application/problem+json`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress({ etape: 'envoi', faites: event.loaded, total: event.total });
    };
    xhr.onprogress = drain;
    xhr.onload = () => {
      drain();
      resolve({
        status: xhr.status,
        type: xhr.getResponseHeader('Content-Type') ?? '',
        text: xhr.responseText,
        done,
      });
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    xhr.send(payload);
  });
}

/**
 * A POST whose answer is a progress stream (`Accept: application/x-ndjson`): every progress line
 * is handed to `onProgress` as it arrives, with the bytes sent first; resolves with the final
 * `resultat`, throws the final `erreur` (or an error answered before the stream) as an ApiError.
 * Same session rules as `http`: bearer token, anti-forgery header, one shared refresh on 401.
 */
export async function postWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (progress: Progress) => void,
): Promise<T> {
  const payload = JSON.stringify(body);
  const xsrf = await ensureXsrfToken();
  const token = getToken();
  let outcome = await post(path, payload, token, xsrf, onProgress);
  if (outcome.status === 401) {
    const stored = getToken();
    const fresh = stored && stored !== token ? stored : await refreshSession();
    outcome = await post(path, payload, fresh, xsrf, onProgress);
  }
  if (outcome.done && 'resultat' in outcome.done) return outcome.done.resultat as T;
  if (outcome.done) throw new ApiError(outcome.done.erreur);
  if (outcome.status === 200) throw new NetworkError();
  throw await apiErrorFrom(
    new Response(outcome.text, {
      status: outcome.status,
      headers: { 'Content-Type': outcome.type },
    }),
  );
}
