import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import '../core/zod-locale.js';

/** Configuration, parsed once at start-up from the environment (see README, « Configuration »). */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT doit être un nombre.' })
    .int('PORT doit être un nombre entier.')
    .min(0, 'PORT doit être compris entre 0 et 65535.')
    .max(65535, 'PORT doit être compris entre 0 et 65535.')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^(postgres|postgresql):\/\/.+/.test(v) || /^sqlite:.+/.test(v),
      'DATABASE_URL doit commencer par postgres://, postgresql:// ou sqlite:.',
    )
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET doit contenir au moins 32 caractères.').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'ACCESS_TOKEN_TTL_SECONDS doit être un nombre.' })
    .int()
    .min(10, 'ACCESS_TOKEN_TTL_SECONDS doit valoir au moins 10.')
    .max(3600, 'ACCESS_TOKEN_TTL_SECONDS ne peut pas dépasser 3600.')
    .default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/.+/.test(v), 'SMTP_URL doit commencer par smtp:// ou smtps://.')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Comptoir <no-reply@comptoir.local>'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL doit être une adresse http(s) complète.' }).optional(),
  DEMO_DATA: z
    .enum(['0', '1', 'true', 'false'], { error: 'DEMO_DATA vaut 1 ou 0.' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  ADMIN_EMAIL: z.email({ error: "ADMIN_EMAIL n'est pas une adresse e-mail valide." }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, c) => {
      const proxies = parseTrustProxy(v);
      if (proxies === undefined) {
        c.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY vaut 0, le nombre de relais devant Comptoir (1, 2…) ou la liste de leurs adresses (10.0.0.1, 10.0.0.0/8), séparées par des virgules.',
        });
        return z.NEVER;
      }
      return proxies;
    }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
});

/**
 * Which proxies are trusted for the client address (X-Forwarded-For): none (`0`), a number of
 * hops (the nearest proxies), or their addresses and networks. `true` (every hop) is refused: a
 * client could then write its own address and escape the sign-in throttle.
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const v = value.trim();
  if (v === '0' || v === 'false' || v === '') return false;
  if (/^[1-9][0-9]?$/.test(v)) return Number(v);
  const list = v.split(',').map((p) => p.trim());
  const valid = (p: string) => {
    const [address, bits, extra] = p.split('/');
    if (extra !== undefined || !address) return false;
    const family = isIP(address);
    if (!family) return false;
    if (bits === undefined) return true;
    return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return list.every(valid) ? list : undefined;
}

export type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  demoData: boolean;
  adminEmail: string | undefined;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: false | number | string[];
  throttle: { perAccount: number; perIp: number; windowMinutes: number };
}

export class ConfigError extends Error {}

/** Secrets not given in the environment are generated once and kept in the data folder. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = z
      .object({ jwtSecret: z.string().min(32) })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data.jwtSecret;
    throw new ConfigError(
      `Le fichier ${file} est illisible : supprimez-le pour en créer un nouveau.`,
    );
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')} : ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Database, secrets and outbox: for the server's user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dataDir, 0o700);
  } catch {
    // A folder owned by someone else (a mounted volume): its owner decides.
  }
  const url = e.DATABASE_URL;
  const database: Database =
    url && !url.startsWith('sqlite:')
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url ? url.slice('sqlite:'.length) : path.join(dataDir, 'comptoir.sqlite'),
        };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demoData: e.DEMO_DATA,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    throttle: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
  };
}
