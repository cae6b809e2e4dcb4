import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { expectFrench } from './support/problem.js';

const SECRET = 'un-secret-de-configuration-assez-long-0123456789';
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'comptoir-config-'));

/** The ConfigError thrown for this environment. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`aucune erreur pour ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('valeurs par défaut d’une installation', () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'comptoir.sqlite') },
      jwtSecret: SECRET,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      demoData: false,
      adminEmail: undefined,
      trustProxy: false,
      throttle: { perAccount: 5, perIp: 30, windowMinutes: 15 },
    });
  });

  it.each([
    ['abc', 'PORT doit être un nombre.'],
    ['80.5', 'PORT doit être un nombre entier.'],
    ['70000', 'PORT doit être compris entre 0 et 65535.'],
    ['-1', 'PORT doit être compris entre 0 et 65535.'],
  ])('PORT=%s : ConfigError en français qui nomme la variable', (port, message) => {
    const error = configError({ PORT: port });
    expect(error.message).toContain('Configuration invalide');
    expect(error.message).toContain(`PORT : ${message}`);
  });

  it.each(['mysql://localhost/comptoir', 'comptoir.sqlite', 'postgres://', 'http://db:5432/x'])(
    'DATABASE_URL=%s : ConfigError',
    (url) => {
      const error = configError({ DATABASE_URL: url });
      expect(error.message).toContain(
        'DATABASE_URL : DATABASE_URL doit commencer par postgres://, postgresql:// ou sqlite:.',
      );
    },
  );

  it('JWT_SECRET trop court : ConfigError', () => {
    const error = configError({ JWT_SECRET: 'court' });
    expect(error.message).toContain(
      'JWT_SECRET : JWT_SECRET doit contenir au moins 32 caractères.',
    );
    expect(error.message).not.toContain('court');
  });

  it('plusieurs erreurs sont toutes nommées, en français', () => {
    const error = configError({
      PORT: 'x',
      SMTP_URL: 'http://mail',
      PUBLIC_URL: 'pas une adresse',
      DEMO_DATA: 'oui',
      ADMIN_EMAIL: 'admin',
    });
    for (const name of ['PORT', 'SMTP_URL', 'PUBLIC_URL', 'DEMO_DATA', 'ADMIN_EMAIL'])
      expect(error.message).toContain(`${name} : `);
    for (const line of error.message.split('\n').slice(1))
      expectFrench(line.replace(/^\s*- \w+ : /, ''));
  });

  it('les messages que zod écrit lui-même sont aussi en français', () => {
    const error = configError({
      HOST: '',
      LOG_LEVEL: 'bavard',
      REFRESH_TOKEN_TTL_DAYS: '0',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 'abc',
      TRUST_PROXY: 'oui',
    });
    const lines = error.message.split('\n').slice(1);
    expect(lines).toHaveLength(5);
    for (const name of [
      'HOST',
      'LOG_LEVEL',
      'REFRESH_TOKEN_TTL_DAYS',
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      'TRUST_PROXY',
    ]) {
      const line = lines.find((l) => l.includes(`${name} : `));
      expect(line, name).toBeDefined();
      expectFrench(line!.replace(/^\s*- \w+ : /, ''));
    }
  });

  it('sans JWT_SECRET, un secret est créé dans DATA_DIR/secrets.json puis relu au démarrage suivant', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ jwtSecret: first.jwtSecret });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    // Another installation gets another secret.
    expect(loadConfig({ DATA_DIR: freshDir() }).jwtSecret).not.toBe(first.jwtSecret);
    // JWT_SECRET, when given, wins over the file.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('un secrets.json abîmé : ConfigError qui dit quoi faire', () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: 'court' }));
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
      /secrets\.json est illisible : supprimez-le/,
    );
  });

  it('DATABASE_URL postgres:// ou postgresql:// : PostgreSQL ; sqlite: : ce fichier', () => {
    const url = 'postgres://comptoir:motdepasse@db.exemple:5432/comptoir';
    expect(
      loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: SECRET, DATABASE_URL: url }).database,
    ).toEqual({ kind: 'postgres', url });
    const url2 = 'postgresql://db/comptoir';
    expect(
      loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: SECRET, DATABASE_URL: url2 }).database,
    ).toEqual({ kind: 'postgres', url: url2 });
    expect(
      loadConfig({
        DATA_DIR: freshDir(),
        JWT_SECRET: SECRET,
        DATABASE_URL: 'sqlite:/var/lib/comptoir/base.sqlite',
      }).database,
    ).toEqual({
      kind: 'sqlite',
      file: '/var/lib/comptoir/base.sqlite',
    });
  });

  it('autres variables : PUBLIC_URL sans barre finale, ADMIN_EMAIL en minuscules, DEMO_DATA, limites', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      JWT_SECRET: SECRET,
      PORT: '3000',
      PUBLIC_URL: 'https://caisse.exemple.sn/',
      ADMIN_EMAIL: 'Admin@Exemple.SN',
      DEMO_DATA: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_IP: '50',
      LOGIN_FAILURE_WINDOW_MINUTES: '30',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16',
    });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'https://caisse.exemple.sn',
      adminEmail: 'admin@exemple.sn',
      demoData: true,
      trustProxy: ['10.0.0.1', '10.1.0.0/16'],
      throttle: { perAccount: 3, perIp: 50, windowMinutes: 30 },
    });
  });
});
