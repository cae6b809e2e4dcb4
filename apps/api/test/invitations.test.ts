import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/modules/auth/purge.js';
import { runWithClock } from '../src/db/time.js';
import { TEST_DIALECT } from './support/database.js';
import {
  createPlan,
  createService,
  createTenants,
  createUser,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startSmtpServer, type ReceivedMail } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const NEW_PASSWORD = 'Baobab-sous-la-pluie-2026';
const WEEK = 7 * 24 * 60 * 60 * 1000;

/** The key of an invitation mail's link. */
function keyOf(mail: ReceivedMail): string {
  const match = /\/auth\/invitation\?key=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error("Aucun lien d'invitation dans le message");
  return decodeURIComponent(match[1]);
}

describe(`invitations de gérants (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'ownerB' | 'managerA', string>;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url });
    client = server.client();
    world = await createTenants(server.ctx);
    for (const name of ['admin', 'ownerA', 'ownerB', 'managerA'] as const)
      token[name] = (await login(client, world[name].email)).token;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const as = (who: keyof typeof token) => ({ token: token[who] });
  const fresh = () => `invite${++n}.${TEST_DIALECT}@exemple.test`;
  /** The `count`-th mail to `to` (1 = the first), once it has arrived. */
  async function mailTo(to: string, count = 1): Promise<ReceivedMail> {
    for (let i = 0; i < 100; i++) {
      const found = smtp.mails.filter((m) => m.to.includes(to));
      if (found.length >= count) return found[count - 1]!;
      await smtp.waitFor(to, 200).catch(() => undefined);
    }
    throw new Error(`Moins de ${count} e-mail(s) reçu(s) pour ${to}`);
  }
  const invite = (email: string, services = [world.shopA.id], who: keyof typeof token = 'ownerA') =>
    client.post('/api/invitations', { email, services }, as(who));
  const tablesOf = async () => {
    const { db } = server.ctx.database;
    return {
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      roles: await db
        .selectFrom('user_roles')
        .selectAll()
        .orderBy('user_id')
        .orderBy('role')
        .execute(),
      members: await db
        .selectFrom('service_members')
        .selectAll()
        .orderBy('service_id')
        .orderBy('user_id')
        .execute(),
    };
  };

  describe('rien ne révèle un compte existant', () => {
    it('créer un gérant n’est plus possible au propriétaire : la même réponse pour le compte d’un autre et pour une adresse inconnue (avant : 409 contre 201)', async () => {
      const body = (email: string) => ({
        email,
        prenom: 'A',
        nom: 'B',
        services: [world.shopA.id],
      });
      const foreign = await client.post('/api/users', body(world.managerB.email), as('ownerA'));
      const unknown = await client.post('/api/users', body(fresh()), as('ownerA'));
      expect(foreign.status).toBe(unknown.status);
      expect(foreign.body).toEqual(unknown.body);
      expectProblem(unknown, 403, 'FORBIDDEN');
    });

    it('inviter le compte d’un autre ou une adresse inconnue : même statut, même corps, même e-mail, même liste', async () => {
      const before = await tablesOf();
      const unknownEmail = fresh();
      const answers = {
        foreign: await invite(world.managerB.email),
        owner: await invite(world.ownerB.email),
        unknown: await invite(unknownEmail),
      };
      const shape = (a: { status: number; body: any }, email: string) => {
        expect(a.body.email).toBe(email);
        const { id: _id, email: _e, createdAt: _c, sentAt: _s, expiresAt: _x, ...rest } = a.body;
        return { status: a.status, rest, keys: Object.keys(a.body).sort() };
      };
      const reference = shape(answers.unknown, unknownEmail);
      expect(reference.status).toBe(201);
      expect(reference.rest).toEqual({
        services: [{ id: world.shopA.id, nom: 'Boutique A' }],
        proprietaire: { id: world.ownerA.id, prenom: 'Awa', nom: 'Traoré' },
      });
      expect(shape(answers.foreign, world.managerB.email)).toEqual(reference);
      expect(shape(answers.owner, world.ownerB.email)).toEqual(reference);
      // No account, role or membership changed: the invitation waits for its invitee.
      expect(await tablesOf()).toEqual(before);

      const mails = await Promise.all(
        [world.managerB.email, world.ownerB.email, unknownEmail].map((to) => mailTo(to)),
      );
      const words = (m: ReceivedMail) => ({
        subject: m.subject,
        text: m.text.replace(/key=[A-Za-z0-9_%-]+/, 'key=…'),
      });
      expect(words(mails[0]!)).toEqual(words(mails[2]!));
      expect(words(mails[1]!)).toEqual(words(mails[2]!));
      expect(mails[2]!.subject).toBe('Awa Traoré vous invite sur Comptoir');
      expect(mails[2]!.text).toContain('comme gérant de la boutique « Boutique A »');
      expect(mails[2]!.text).toContain(`${server.baseUrl}/auth/invitation?key=`);

      const list = await client.get('/api/invitations?sort=email,asc&size=200', as('ownerA'));
      const mine = list.body.items.filter((i: any) =>
        [world.managerB.email, world.ownerB.email, unknownEmail].includes(i.email),
      );
      expect(mine).toHaveLength(3);
      for (const item of mine) expect(Object.keys(item).sort()).toEqual(reference.keys);
      // The users list, its count and its search still show none of them.
      const users = await client.get('/api/users?size=200', as('ownerA'));
      const ids = users.body.items.map((u: any) => u.id);
      expect(ids).not.toContain(world.managerB.id);
      expect(ids).not.toContain(world.ownerB.id);
      expect(users.body.total).toBe(users.body.items.length);
      for (const q of [world.managerB.email, world.ownerB.email, unknownEmail]) {
        const found = await client.get(`/api/users?q=${encodeURIComponent(q)}`, as('ownerA'));
        expect(found.body).toMatchObject({ total: 0, items: [] });
      }
      // Owner B sees nothing of owner A's invitations.
      const other = await client.get('/api/invitations?size=200', as('ownerB'));
      expect(other.body.items.map((i: any) => i.id)).not.toContain(answers.foreign.body.id);
      // The admin sees them all.
      const all = await client.get('/api/invitations?size=200', as('admin'));
      expect(all.body.items.map((i: any) => i.id)).toEqual(
        expect.arrayContaining(mine.map((i: any) => i.id)),
      );
    });

    it('la limite d’utilisateurs de la formule compte les invitations en attente, quelle que soit l’adresse', async () => {
      const { ctx } = server;
      const owner = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const shop = await createService(ctx, owner.id);
      const plan = await createPlan(ctx, { nom: 'Essentiel', maxUsers: 2, maxServices: 1 });
      await subscribe(ctx, owner.id, { planId: plan.id });
      const t = { token: (await login(client, owner.email)).token };
      const first = await client.post(
        '/api/invitations',
        { email: fresh(), services: [shop.id] },
        t,
      );
      expect(first.status).toBe(201);
      const refusals = [];
      for (const email of [world.managerB.email, fresh()]) {
        const refused = expectProblem(
          await client.post('/api/invitations', { email, services: [shop.id] }, t),
          422,
          'BUSINESS_RULE',
        );
        refusals.push(refused);
      }
      expect(refusals[0]).toEqual(refusals[1]);
      expect(refusals[0]!.detail).toBe(
        'Votre formule Essentiel permet 2 utilisateurs au plus, vous compris.',
      );
      // Cancelling frees the seat.
      expect((await client.delete(`/api/invitations/${first.body.id}`, t)).status).toBe(204);
      expect(
        (await client.post('/api/invitations', { email: fresh(), services: [shop.id] }, t)).status,
      ).toBe(201);
    });
  });

  describe('acceptation', () => {
    it('sans compte : l’invité choisit nom et mot de passe, le compte naît gérant de la boutique, le propriétaire le voit alors', async () => {
      const email = fresh();
      const created = await invite(email);
      const key = keyOf(await mailTo(email));
      const detail = await client.post('/api/invitations/consulter', { key });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        email,
        proprietaire: 'Awa Traoré',
        services: ['Boutique A'],
        mode: 'creation',
      });
      const missing = expectValidation(
        await client.post('/api/invitations/accepter', { key, password: NEW_PASSWORD }),
        'prenom',
        'nom',
      );
      expect(messageOf(missing, 'prenom')).toBe('Le prénom est obligatoire.');
      expectValidation(
        await client.post('/api/invitations/accepter', {
          key,
          password: 'court',
          prenom: 'Fatou',
          nom: 'Diop',
        }),
        'password',
      );
      expectProblem(
        await client.post('/api/invitations/accepter', {
          key,
          password: 'password123',
          prenom: 'Fatou',
          nom: 'Diop',
        }),
        400,
        'WEAK_PASSWORD',
      );
      const accepted = await client.post('/api/invitations/accepter', {
        key,
        password: NEW_PASSWORD,
        prenom: ' Fatou ',
        nom: 'Diop',
        telephone: '+221 77 000 00 01',
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.user).toMatchObject({
        email,
        prenom: 'Fatou',
        nom: 'Diop',
        roles: [{ nom: 'ROLE_GERANT' }],
      });
      expect(accepted.body.user.services.map((s: any) => s.id)).toEqual([world.shopA.id]);
      const session = await login(client, email, NEW_PASSWORD);
      expect(session.user.id).toBe(accepted.body.user.id);
      const team = await client.get(`/api/users/${session.user.id}`, as('ownerA'));
      expect(team.body).toMatchObject({ email, services: [{ id: world.shopA.id }] });
      const pending = await client.get('/api/invitations?size=200', as('ownerA'));
      expect(pending.body.items.map((i: any) => i.id)).not.toContain(created.body.id);
    });

    it('avec un compte : le mot de passe du compte ajoute la boutique et le rôle de gérant, sans rien toucher chez l’autre propriétaire', async () => {
      const other = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'], nom: 'Kane' });
      const otherShop = await createService(server.ctx, other.id, { nom: 'Boutique K' });
      await invite(other.email);
      const key = keyOf(await mailTo(other.email));
      const detail = await client.post('/api/invitations/consulter', { key });
      expect(detail.body.mode).toBe('connexion');
      const wrong = expectProblem(
        await client.post('/api/invitations/accepter', { key, password: 'pas-le-bon-42' }),
        401,
        'INVALID_CREDENTIALS',
      );
      expect(wrong.detail).toBe('Adresse e-mail ou mot de passe incorrect.');
      // A wrong password does not spend the key.
      const accepted = await client.post('/api/invitations/accepter', {
        key,
        password: other.password,
        prenom: 'Ignoré',
        nom: 'Ignoré',
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.user).toMatchObject({ id: other.id, nom: 'Kane' });
      expect(accepted.body.user.roles.map((r: any) => r.nom).sort()).toEqual([
        'ROLE_GERANT',
        'ROLE_PROPRIETAIRE',
      ]);
      const shops = accepted.body.user.services
        .map((s: any) => s.id)
        .sort((a: number, b: number) => a - b);
      expect(shops).toEqual([world.shopA.id, otherShop.id].sort((a, b) => a - b));
      // Owner A now sees the manager, with shop A only.
      const seen = await client.get(`/api/users/${other.id}`, as('ownerA'));
      expect(seen.body).toMatchObject({
        roles: ['ROLE_GERANT'],
        services: [{ id: world.shopA.id }],
      });
      // Its own shop is still its own.
      const own = await server.ctx.database.db
        .selectFrom('services')
        .select('owner_id')
        .where('id', '=', otherShop.id)
        .executeTakeFirstOrThrow();
      expect(own.owner_id).toBe(other.id);
    });

    it('un compte qui n’a jamais choisi de mot de passe en choisit un avec le lien', async () => {
      const created = await client.post(
        '/api/users',
        { email: fresh(), prenom: 'Moussa', nom: 'Cissé' },
        as('admin'),
      );
      await invite(created.body.email);
      const mail = (
        await Promise.all([mailTo(created.body.email, 1), mailTo(created.body.email, 2)])
      ).find((m) => m.text.includes('/auth/invitation?key='))!;
      const key = keyOf(mail);
      expect((await client.post('/api/invitations/consulter', { key })).body.mode).toBe(
        'mot-de-passe',
      );
      const accepted = await client.post('/api/invitations/accepter', {
        key,
        password: NEW_PASSWORD,
      });
      expect(accepted.status).toBe(200);
      expect((await login(client, created.body.email, NEW_PASSWORD)).user.id).toBe(created.body.id);
    });

    it('le lien ne sert qu’une fois', async () => {
      const email = fresh();
      await invite(email);
      const key = keyOf(await mailTo(email));
      const body = { key, password: NEW_PASSWORD, prenom: 'Awa', nom: 'Sy' };
      const [first, second] = await Promise.all([
        client.post('/api/invitations/accepter', body),
        client.post('/api/invitations/accepter', body),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const again = expectProblem(
        await client.post('/api/invitations/accepter', body),
        400,
        'INVALID_INVITATION_KEY',
      );
      expect(again.detail).toBe(
        "Ce lien d'invitation est invalide, a déjà servi, a été annulé ou a expiré. Demandez une nouvelle invitation.",
      );
      expectProblem(
        await client.post('/api/invitations/consulter', { key }),
        400,
        'INVALID_INVITATION_KEY',
      );
      const accounts = await server.ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(accounts).toHaveLength(1);
    });
  });

  describe('propriétaire : annuler, renvoyer, expiration', () => {
    it('annuler : le lien ne sert plus ; un autre propriétaire et un gérant ne peuvent rien', async () => {
      const email = fresh();
      const created = await invite(email);
      const key = keyOf(await mailTo(email));
      expectProblem(
        await client.delete(`/api/invitations/${created.body.id}`, as('ownerB')),
        404,
        'NOT_FOUND',
      );
      expectProblem(
        await client.post(`/api/invitations/${created.body.id}/renvoyer`, undefined, as('ownerB')),
        404,
        'NOT_FOUND',
      );
      expectProblem(
        await client.delete(`/api/invitations/${created.body.id}`, as('managerA')),
        403,
        'FORBIDDEN',
      );
      expect((await client.post('/api/invitations/consulter', { key })).status).toBe(200);
      expect(
        (await client.delete(`/api/invitations/${created.body.id}`, as('ownerA'))).status,
      ).toBe(204);
      expectProblem(
        await client.post('/api/invitations/consulter', { key }),
        400,
        'INVALID_INVITATION_KEY',
      );
      expectProblem(
        await client.post('/api/invitations/accepter', {
          key,
          password: NEW_PASSWORD,
          prenom: 'A',
          nom: 'B',
        }),
        400,
        'INVALID_INVITATION_KEY',
      );
      expectProblem(
        await client.delete(`/api/invitations/${created.body.id}`, as('ownerA')),
        404,
        'NOT_FOUND',
      );
    });

    it('renvoyer : un nouveau lien, l’ancien ne sert plus', async () => {
      const email = fresh();
      const created = await invite(email);
      const oldKey = keyOf(await mailTo(email));
      const resent = await client.post(
        `/api/invitations/${created.body.id}/renvoyer`,
        undefined,
        as('ownerA'),
      );
      expect(resent.status).toBe(200);
      expect(resent.body.id).toBe(created.body.id);
      const newKey = keyOf(await mailTo(email, 2));
      expect(newKey).not.toBe(oldKey);
      expectProblem(
        await client.post('/api/invitations/consulter', { key: oldKey }),
        400,
        'INVALID_INVITATION_KEY',
      );
      expect((await client.post('/api/invitations/consulter', { key: newKey })).body.email).toBe(
        email,
      );
    });

    it('pas de déluge : 3 envois vers une adresse, puis un après 15 minutes ; un refus ne change rien', async () => {
      const email = fresh();
      const created = await invite(email);
      const resend = () =>
        client.post(`/api/invitations/${created.body.id}/renvoyer`, undefined, as('ownerA'));
      expect((await resend()).status).toBe(200);
      expect((await resend()).status).toBe(200);
      const lastKey = keyOf(await mailTo(email, 3));
      const refused = await resend();
      expectProblem(refused, 429, 'TOO_MANY_ATTEMPTS');
      expect(refused.body.detail).toBe(`Trop d’envois vers ${email} : réessayez dans 15 minutes.`);
      expect(Number(refused.headers.get('retry-after'))).toBe(900);
      // Cancelled then invited again: still the same sender towards the same address.
      expect(
        (await client.delete(`/api/invitations/${created.body.id}`, as('ownerA'))).status,
      ).toBe(204);
      const before = await server.ctx.database.db
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', email)
        .execute();
      expectProblem(await invite(email), 429, 'TOO_MANY_ATTEMPTS');
      expect(
        await server.ctx.database.db
          .selectFrom('invitations')
          .select('id')
          .where('email', '=', email)
          .execute(),
      ).toEqual(before);
      // Another owner is not refused because of ownerA's mails.
      expect((await invite(email, [world.shopB.id], 'ownerB')).status).toBe(201);
      try {
        server.clock.advance(15 * 60_000 + 1_000);
        const t = { token: (await login(client, world.ownerA.email)).token };
        const again = await client.post(
          '/api/invitations',
          { email, services: [world.shopA.id] },
          t,
        );
        expect(again.status).toBe(201);
        const mails = smtp.mails.filter((m) => m.to.includes(email));
        expect(mails).toHaveLength(5);
        expect(keyOf(mails[2]!)).toBe(lastKey);
      } finally {
        server.clock.release();
      }
    });

    it('expire au bout de 7 jours : lien refusé, invitation hors de la liste, puis purgée', async () => {
      const email = fresh();
      const created = await invite(email);
      const key = keyOf(await mailTo(email));
      try {
        server.clock.advance(WEEK - 60_000);
        expect((await client.post('/api/invitations/consulter', { key })).status).toBe(200);
        server.clock.advance(2 * 60_000);
        expectProblem(
          await client.post('/api/invitations/consulter', { key }),
          400,
          'INVALID_INVITATION_KEY',
        );
        expectProblem(
          await client.post('/api/invitations/accepter', {
            key,
            password: NEW_PASSWORD,
            prenom: 'A',
            nom: 'B',
          }),
          400,
          'INVALID_INVITATION_KEY',
        );
        const t = { token: (await login(client, world.ownerA.email)).token };
        const list = await client.get('/api/invitations?size=200', t);
        expect(list.body.items.map((i: any) => i.id)).not.toContain(created.body.id);
        // The address can be invited again.
        const again = await client.post(
          '/api/invitations',
          { email, services: [world.shopA.id] },
          t,
        );
        expect(again.status).toBe(201);
        server.clock.advance(WEEK + 60_000);
        await runWithClock(server.clock, () => purgeExpired(server.ctx));
        const left = await server.ctx.database.db
          .selectFrom('invitations')
          .select('id')
          .where('id', 'in', [created.body.id, again.body.id])
          .execute();
        expect(left).toEqual([]);
      } finally {
        server.clock.release();
      }
    });
  });

  describe('entrées refusées, rien d’écrit', () => {
    it('adresse, boutiques, doublons, soi-même, clé', async () => {
      const count = async () =>
        (await server.ctx.database.db.selectFrom('invitations').select('id').execute()).length;
      const before = await count();
      const bad = expectValidation(
        await client.post(
          '/api/invitations',
          { email: 'pas-une-adresse', services: [] },
          as('ownerA'),
        ),
        'email',
        'services',
      );
      expect(messageOf(bad, 'email')).toBe("L'adresse e-mail n'est pas valide.");
      expect(messageOf(bad, 'services')).toBe('Choisissez au moins une boutique.');
      expectValidation(
        await client.post('/api/invitations', { email: fresh() }, as('ownerA')),
        'services',
      );
      expectValidation(
        await client.post('/api/invitations', { email: fresh(), services: ['1x'] }, as('ownerA')),
        'services.0',
      );
      for (const services of [[world.shopB.id], [world.shopA.id, world.shopB.id], [999_999]]) {
        const foreign = expectProblem(await invite(fresh(), services), 404, 'NOT_FOUND');
        expect(foreign.detail).toBe('Boutique introuvable.');
      }
      const self = expectProblem(
        await invite(world.ownerA.email.toUpperCase()),
        422,
        'BUSINESS_RULE',
      );
      expect(self.detail).toBe('Vous ne pouvez pas vous inviter vous-même.');
      const team = expectProblem(await invite(world.managerA.email), 409, 'CONFLICT');
      expect(team.detail).toBe(
        'Cette personne fait déjà partie de votre équipe : modifiez ses boutiques depuis la liste.',
      );
      expect(await count()).toBe(before);
      const email = fresh();
      expect((await invite(email)).status).toBe(201);
      const twice = expectProblem(await invite(email), 409, 'CONFLICT');
      expect(twice.detail).toBe(
        'Une invitation est déjà en attente pour cette adresse : renvoyez-la ou annulez-la.',
      );
      expect(await count()).toBe(before + 1);
      // The admin and managers do not invite.
      expectProblem(await invite(fresh(), [world.shopA.id], 'admin'), 403, 'FORBIDDEN');
      expectProblem(await invite(fresh(), [world.shopA.id], 'managerA'), 403, 'FORBIDDEN');
      for (const body of [{}, { key: '' }, { key: 'x'.repeat(201) }])
        expectValidation(await client.post('/api/invitations/consulter', body), 'key');
      expectProblem(
        await client.post('/api/invitations/consulter', { key: 'inconnue' }),
        400,
        'INVALID_INVITATION_KEY',
      );
      expectValidation(await client.post('/api/invitations/accepter', { key: 'k' }), 'password');
      expectValidation(
        await client.get('/api/invitations?sort=token_hash,asc', as('ownerA')),
        'sort',
      );
      expectValidation(await client.delete('/api/invitations/0x3', as('ownerA')), 'invitationId');
    });
  });
});
