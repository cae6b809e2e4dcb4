import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const ANSWER = {
  message:
    'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
};

/** The server trusts one proxy hop: the test client writes each requester's address. */
describe(`limites des demandes de réinitialisation (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let client: TestClient;
  let markers = 0;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
    client = server.client();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const init = (mail: string, from: string) =>
    client.post(`/api/account/reset-password/init?mail=${encodeURIComponent(mail)}`, undefined, {
      headers: { 'x-forwarded-for': from },
    });
  /** The mails leave in the background: « no more mail » is known once a later one has arrived. */
  async function settled(): Promise<void> {
    const marker = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    expect((await init(marker.email, `10.99.0.${++markers}`)).status).toBe(200);
    await smtp.waitFor(marker.email);
  }
  const mailsTo = (emails: string[]) =>
    smtp.mails.filter((m) => emails.some((e) => m.to.includes(e)));

  async function mailCount(email: string | string[], n: number): Promise<void> {
    const emails = typeof email === 'string' ? [email] : email;
    for (let waited = 0; mailsTo(emails).length < n; waited += 20) {
      if (waited > 30_000) throw new Error(`Moins de ${n} e-mails pour ${emails.join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('une adresse qui demande pour 12 comptes : 5 e-mails, puis plus rien, et toujours la même réponse', async () => {
    const users = await Promise.all(
      Array.from({ length: 12 }, () => createUser(server.ctx, { roles: ['ROLE_GERANT'] })),
    );
    const emails = users.map((u) => u.email);
    for (const [i, email] of emails.entries()) {
      const answer = await init(email, '10.30.0.1');
      expect(answer.status, `demande ${i + 1}`).toBe(200);
      expect(answer.body).toEqual(ANSWER);
      // Unknown addresses count the same way, and answer the same.
      if (i === 2) expect((await init('personne@exemple.test', '10.30.0.2')).body).toEqual(ANSWER);
    }
    await mailCount(emails, 5);
    await settled();
    expect(mailsTo(emails)).toHaveLength(5);
    // Another requester is not held up.
    expect((await init(emails[11]!, '10.30.0.3')).status).toBe(200);
    await smtp.waitFor(emails[11]!);
  });

  it('une boîte visée depuis 10 adresses, une demande par minute : 3 e-mails, puis 15 minutes d’attente', async () => {
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    // Frozen: a clock left ticking moved the third link on by the seconds the requests took, and a
    // busy machine then brought it within 15 minutes of the next one.
    server.clock.freeze('2026-06-15T09:00:00Z');
    try {
      for (let i = 0; i < 10; i++) {
        const answer = await init(user.email, `10.31.0.${i + 1}`);
        expect(answer.body).toEqual(ANSWER);
        // The link's row is written before its mail: once the mail is in, the clock may move.
        if (i < 3) await mailCount(user.email, i + 1);
        server.clock.advance(61_000);
      }
      await settled();
      expect(mailsTo([user.email])).toHaveLength(3);
      // 15 minutes after the third link, one more.
      server.clock.freeze('2026-06-15T09:17:03Z');
      expect((await init(user.email, '10.31.1.1')).status).toBe(200);
      // Mails leave in the background, in no promised order: wait for this one, then none more.
      await mailCount(user.email, 4);
      await settled();
      expect(mailsTo([user.email])).toHaveLength(4);
    } finally {
      server.clock.release();
    }
  });
});
