import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login, PASSWORD } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { resetKeyOf, startSmtpServer } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const NEW_PASSWORD = 'Baobab-sous-la-pluie-2026';
const INIT_ANSWER = {
  message:
    'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
};

describe(`réinitialisation du mot de passe par e-mail (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Each request from an address of its own: the per-requester limit is reset.limits.test.ts's.
    server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
    client = server.client();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  let from = 0;
  const init = (mail: string) =>
    client.post(`/api/account/reset-password/init?mail=${encodeURIComponent(mail)}`, undefined, {
      headers: { 'x-forwarded-for': `10.20.${Math.floor(++from / 250)}.${(from % 250) + 1}` },
    });
  const finish = (key: string, newPassword: string) =>
    client.post('/api/account/reset-password/finish', { key, newPassword });
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const resetRows = (userId: number) =>
    server.ctx.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  /**
   * Waits for the settled state: the mails leave in the background, so « no mail » is only known
   * once a mail asked for afterwards (to another account) has arrived. Never a fixed pause.
   */
  async function settled(): Promise<void> {
    const marker = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await keyFor(marker.email);
  }
  /** Asks for a link and returns the key it carries. */
  async function keyFor(email: string): Promise<string> {
    expect((await init(email)).status).toBe(200);
    return resetKeyOf(await smtp.waitFor(email));
  }

  it('envoie un e-mail en français avec un lien vers /auth/reset-password ; rien pour une adresse inconnue', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'], prenom: 'Khadija' });
    const unknown = await init('personne-ici@exemple.test');
    const known = await init(`  ${user.email.toUpperCase()} `);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(INIT_ANSWER);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Comptoir');
    expect(mail.text).toContain('Bonjour Khadija,');
    expect(mail.text).toContain('valable une heure');
    const key = resetKeyOf(mail);
    expect(mail.text).toContain(
      `${server.baseUrl}/auth/reset-password?key=${encodeURIComponent(key)}`,
    );
    expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The key is stored hashed, valid one hour.
    const rows = await resetRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(key);
    const ttl = Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at);
    expect(ttl).toBe(60 * 60 * 1000);

    expect(mailsTo('personne-ici@exemple.test')).toHaveLength(0);
  });

  it('paramètre mail absent ou invalide : 400', async () => {
    const bad = expectValidation(await init('pas-une-adresse'), 'mail');
    expect(messageOf(bad, 'mail')).toBe("L'adresse e-mail n'est pas valide.");
    expectValidation(await client.post('/api/account/reset-password/init'), 'mail');
    expectValidation(await client.post('/api/account/reset-password/init?mail='), 'mail');
  });

  it('la clé change le mot de passe une seule fois et ferme les sessions ouvertes avant', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const before = await login(client, user.email);
    const key = await keyFor(user.email);

    const done = await finish(key, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
    });

    expectProblem(
      await client.post('/api/auth/login', { email: user.email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(
      (await client.post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expectProblem(
      await client.post('/api/auth/refresh', { refreshToken: before.refreshToken }),
      401,
      'INVALID_REFRESH_TOKEN',
    );
    expectProblem(await client.get('/api/account', { token: before.token }), 401, 'TOKEN_EXPIRED');

    const reused = expectProblem(
      await finish(key, 'Encore-un-autre-mot-2026'),
      400,
      'INVALID_RESET_KEY',
    );
    expect(reused.detail).toBe(
      'Ce lien de réinitialisation est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    );
    expect(
      (await client.post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await resetRows(user.id))[0]!.used_at).not.toBeNull();
  });

  it('une clé expirée est refusée', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const key = await keyFor(user.email);
    await server.ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expectProblem(await finish(key, NEW_PASSWORD), 400, 'INVALID_RESET_KEY');
    expect(
      (await client.post('/api/auth/login', { email: user.email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('une clé inventée est refusée ; corps invalides : 400 VALIDATION', async () => {
    expectProblem(await finish('n-importe-quoi', NEW_PASSWORD), 400, 'INVALID_RESET_KEY');
    expectProblem(await finish('A'.repeat(43), NEW_PASSWORD), 400, 'INVALID_RESET_KEY');
    expectValidation(
      await client.post('/api/account/reset-password/finish', {}),
      'key',
      'newPassword',
    );
    expectValidation(await finish('x'.repeat(500), NEW_PASSWORD), 'key');
    expectValidation(await finish('abc', 'court'), 'newPassword');
  });

  it('un mot de passe trop courant : 400 WEAK_PASSWORD, et la clé reste utilisable', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    const key = await keyFor(user.email);
    const weak = expectProblem(await finish(key, 'azerty123'), 400, 'WEAK_PASSWORD');
    expect(weak.errors?.[0]?.field).toBe('newPassword');
    const short = expectValidation(await finish(key, 'Ab1'), 'newPassword');
    expect(messageOf(short, 'newPassword')).toBe(
      'Le mot de passe doit contenir au moins 8 caractères.',
    );
    expect((await resetRows(user.id))[0]!.used_at).toBeNull();
    expect((await finish(key, NEW_PASSWORD)).status).toBe(200);
    expect(
      (await client.post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('une seconde demande dans la minute n’envoie pas de second e-mail', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    await keyFor(user.email);
    const second = await init(user.email);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(INIT_ANSWER);
    await settled();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await resetRows(user.id)).toHaveLength(1);
  });

  it('un compte désactivé ne reçoit rien et sa clé ne sert plus', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const key = await keyFor(user.email);
    await server.ctx.database.db
      .updateTable('users')
      .set({ active: 0 })
      .where('id', '=', user.id)
      .execute();
    expectProblem(await finish(key, NEW_PASSWORD), 400, 'INVALID_RESET_KEY');
    // A new request a minute later would send nothing either.
    await server.ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ created_at: new Date(server.clock.now().getTime() - 120_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await init(user.email)).status).toBe(200);
    await settled();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await resetRows(user.id)).toHaveLength(1);
  });
});

describe(`réinitialisation sans SMTP : boîte d'envoi (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('dépose le message en .eml dans DATA_DIR/outbox, avec le lien', async () => {
    expect(server.ctx.config.smtpUrl).toBeUndefined();
    const user = await createUser(server.ctx, {
      roles: ['ROLE_PROPRIETAIRE'],
      email: 'boite.envoi@exemple.test',
    });
    const client = server.client();
    expect((await client.post(`/api/account/reset-password/init?mail=${user.email}`)).status).toBe(
      200,
    );
    const outbox = path.join(server.ctx.config.dataDir, 'outbox');
    let files: string[] = [];
    // Polls until the file is there (up to 30 s on a busy machine): a positive wait, never a verdict.
    for (let i = 0; i < 300 && files.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        files = readdirSync(outbox).filter(
          (f) => f.endsWith('.eml') && f.includes('boite.envoi@exemple.test'),
        );
      } catch {
        files = [];
      }
    }
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
    expect(parsed.subject).toBe('Réinitialisation de votre mot de passe Comptoir');
    const match = /(\S+)\/auth\/reset-password\?key=([A-Za-z0-9_%-]+)/.exec(parsed.text ?? '');
    expect(match?.[1]).toBe(server.baseUrl);
    // The key of the outbox mail works.
    const done = await client.post('/api/account/reset-password/finish', {
      key: decodeURIComponent(match![2]!),
      newPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
  });
});
