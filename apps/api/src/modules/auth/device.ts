import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';

/**
 * A browser that has signed in to an account carries proof of it: the httpOnly cookie
 * `comptoir_appareil` = `<device id>.<tag>.<tag>…`, one tag per account signed in from it (HMAC of
 * the device id and the e-mail with the JWT secret, the ten latest). The sign-in throttle counts
 * such a device apart from its network address (throttle policy in login-gate.ts), so that an
 * attacker sharing the address, or guessing the account from elsewhere, does not lock it out.
 */
export const DEVICE_COOKIE = 'comptoir_appareil';
const MAX_TAGS = 10;
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const tagOf = (config: Config, deviceId: string, email: string): string =>
  createHmac('sha256', config.jwtSecret)
    .update(`appareil|${deviceId}|${email}`)
    .digest('base64url')
    .slice(0, 22);

function parse(value: string | undefined): { deviceId: string; tags: string[] } | undefined {
  if (!value || value.length > 400) return undefined;
  const [deviceId, ...tags] = value.split('.');
  if (!deviceId || !/^[A-Za-z0-9_-]{16,32}$/.test(deviceId)) return undefined;
  return { deviceId, tags: tags.filter((t) => /^[A-Za-z0-9_-]{22}$/.test(t)) };
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The device id when the request proves this device has signed in to `email` before. */
export function knownDevice(
  config: Config,
  request: FastifyRequest,
  email: string,
): string | undefined {
  const cookie = parse(request.cookies[DEVICE_COOKIE]);
  if (!cookie) return undefined;
  const expected = tagOf(config, cookie.deviceId, email);
  return cookie.tags.some((t) => same(t, expected)) ? cookie.deviceId : undefined;
}

/** After a successful sign-in: this device is now known for `email`. */
export function rememberDevice(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): void {
  const cookie = parse(request.cookies[DEVICE_COOKIE]);
  const deviceId = cookie?.deviceId ?? randomBytes(16).toString('base64url');
  const tag = tagOf(config, deviceId, email);
  const tags = [tag, ...(cookie?.tags ?? []).filter((t) => t !== tag)].slice(0, MAX_TAGS);
  reply.setCookie(DEVICE_COOKIE, [deviceId, ...tags].join('.'), {
    path: '/api/auth/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: MAX_AGE_SECONDS,
  });
}
