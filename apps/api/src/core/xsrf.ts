import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const refused = () =>
  new AppError(
    403,
    'XSRF',
    'Requête refusée',
    'Jeton anti-falsification manquant ou invalide. Rechargez la page puis réessayez.',
  );

/**
 * Anti-forgery (double submit): the server sets a random XSRF-TOKEN cookie readable by the page,
 * and every non-GET call must echo it in the X-XSRF-TOKEN header. A callback hook, not an async
 * one: it runs on every request and has nothing to wait for.
 */
export function registerXsrf(app: FastifyInstance, secureCookies: boolean): void {
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: secureCookies,
      });
    }
    // Every unsafe request, whatever its path: a test on the raw URL would let "/%61pi/…" through,
    // since the router decodes it to "/api/…".
    if (SAFE_METHODS.has(request.method)) return done();
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) return done(refused());
    done();
  });
}
