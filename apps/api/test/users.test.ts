import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import {
  addMember,
  createService,
  createTenants,
  createUser,
  login,
  subscribe,
} from './support/factories.js';
import type { TestClient } from './support/http.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { resetKeyOf, startSmtpServer } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const NEW_PASSWORD = 'Baobab-sous-la-pluie-2026';

describe(`utilisateurs (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  const token = {} as Record<'admin' | 'ownerA' | 'ownerB' | 'managerA', string>;

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

  describe('invitation', () => {
    it('l’admin crée un propriétaire : pas de mot de passe, un e-mail d’invitation, le lien choisit le mot de passe, la connexion marche', async () => {
      const answer = await client.post(
        '/api/users',
        {
          email: '  Nouveau.Proprio@Exemple.test ',
          prenom: 'Ousmane',
          nom: 'Sarr',
          telephone: '+221 77 123 45 67',
        },
        as('admin'),
      );
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        email: 'nouveau.proprio@exemple.test',
        prenom: 'Ousmane',
        nom: 'Sarr',
        telephone: '+221 77 123 45 67',
        active: true,
        invitationEnAttente: true,
        roles: ['ROLE_PROPRIETAIRE'],
        services: [],
        lastLoginAt: null,
      });
      const row = await server.ctx.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', answer.body.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();

      const mail = await smtp.waitFor('nouveau.proprio@exemple.test');
      expect(mail.subject).toBe('Bienvenue sur Comptoir : choisissez votre mot de passe');
      expect(mail.text).toContain('Bonjour Ousmane,');
      expect(mail.text).toContain('un compte Comptoir vient d’être créé pour vous');
      expect(mail.text).toContain(`${server.baseUrl}/auth/reset-password?key=`);
      const finish = await client.post('/api/account/reset-password/finish', {
        key: resetKeyOf(mail),
        newPassword: NEW_PASSWORD,
      });
      expect(finish.status).toBe(200);
      const session = await login(client, 'nouveau.proprio@exemple.test', NEW_PASSWORD);
      expect(session.user.id).toBe(answer.body.id);
      const after = await client.get(`/api/users/${answer.body.id}`, as('admin'));
      expect(after.body.invitationEnAttente).toBe(false);
      expect(after.body.lastLoginAt).not.toBeNull();
    });

    it('l’admin crée un administrateur ; jamais un gérant, ni avec des boutiques', async () => {
      const admin = await client.post(
        '/api/users',
        { email: 'second.admin@exemple.test', prenom: 'Awa', nom: 'Ndoye', role: 'ROLE_ADMIN' },
        as('admin'),
      );
      expect(admin.status).toBe(201);
      expect(admin.body.roles).toEqual(['ROLE_ADMIN']);
      const manager = expectProblem(
        await client.post(
          '/api/users',
          { email: 'x1@exemple.test', prenom: 'A', nom: 'B', role: 'ROLE_GERANT' },
          as('admin'),
        ),
        422,
        'BUSINESS_RULE',
      );
      expect(manager.detail).toBe('Un gérant est invité par le propriétaire de ses boutiques.');
      expectProblem(
        await client.post(
          '/api/users',
          { email: 'x2@exemple.test', prenom: 'A', nom: 'B', services: [world.shopA.id] },
          as('admin'),
        ),
        422,
        'BUSINESS_RULE',
      );
    });

    it('le propriétaire ne crée aucun compte (il invite, voir invitations.test.ts) : 403, rien de créé', async () => {
      for (const body of [
        { email: 'x3@exemple.test', prenom: 'A', nom: 'B', services: [world.shopA.id] },
        { email: 'x4@exemple.test', prenom: 'A', nom: 'B', role: 'ROLE_ADMIN' },
        { email: 'x5@exemple.test', prenom: 'A', nom: 'B', services: [world.shopB.id] },
      ])
        expectProblem(await client.post('/api/users', body, as('ownerA')), 403, 'FORBIDDEN');
      const created = await server.ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', 'in', ['x3@exemple.test', 'x4@exemple.test', 'x5@exemple.test'])
        .execute();
      expect(created).toEqual([]);
    });

    it('pour l’admin, une adresse e-mail est unique, quelle que soit la casse : 409 en français', async () => {
      const body = expectProblem(
        await client.post(
          '/api/users',
          {
            email: world.managerB.email.toUpperCase(),
            prenom: 'A',
            nom: 'B',
          },
          as('admin'),
        ),
        409,
        'CONFLICT',
      );
      expect(body.detail).toBe('Cette adresse e-mail est déjà utilisée.');
    });

    it('valide le corps en français', async () => {
      const body = expectValidation(
        await client.post(
          '/api/users',
          { email: 'pas-une-adresse', prenom: ' ', nom: '', telephone: 'abc' },
          as('admin'),
        ),
        'email',
        'prenom',
        'nom',
        'telephone',
      );
      expect(messageOf(body, 'email')).toBe("L'adresse e-mail n'est pas valide.");
      expect(messageOf(body, 'prenom')).toBe('Le prénom est obligatoire.');
      expect(messageOf(body, 'telephone')).toBe("Le numéro de téléphone n'est pas valide.");
    });
  });

  describe('liste', () => {
    it('l’admin voit tout le monde, avec rôles, boutiques et dernière connexion ; pages de 8 par défaut', async () => {
      const page = await client.get('/api/users', as('admin'));
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ page: 1, size: 8 });
      const all = await client.get('/api/users?size=200', as('admin'));
      expect(page.body.total).toBe(all.body.total);
      expect(page.body.items).toHaveLength(Math.min(8, all.body.total));
      const ownerA = all.body.items.find((u: any) => u.id === world.ownerA.id);
      expect(ownerA).toMatchObject({
        roles: ['ROLE_PROPRIETAIRE'],
        services: [{ id: world.shopA.id, nom: 'Boutique A' }],
      });
      expect(ownerA.lastLoginAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const managerB = all.body.items.find((u: any) => u.id === world.managerB.id);
      expect(managerB).toMatchObject({
        roles: ['ROLE_GERANT'],
        services: [{ id: world.shopB.id, nom: 'Boutique B' }],
      });
    });

    it('pagine, trie et cherche sans tenir compte de la casse ni des majuscules accentuées', async () => {
      const { ctx } = server;
      const owner = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const shop = await createService(ctx, owner.id);
      await subscribe(ctx, owner.id);
      const names = [
        'Éloïse Zongo',
        'Ange Yao',
        'Bintou Xavier',
        'Cheikh Wade',
        'Dior Vall',
        'Émile Ugo',
        'Fanta Tall',
        'Gora Sy',
        'Habib Ra',
        'Issa Pam',
      ];
      for (const [i, full] of names.entries()) {
        const [prenom, nom] = full.split(' ') as [string, string];
        const user = await createUser(ctx, {
          roles: ['ROLE_GERANT'],
          prenom,
          nom,
          email: `equipe${i}.liste@exemple.test`,
        });
        await addMember(ctx, shop.id, user.id);
      }
      const t = (await login(client, owner.email)).token;
      const first = await client.get('/api/users?sort=nom,asc', { token: t });
      expect(first.body.total).toBe(10);
      expect(first.body.items.map((u: any) => u.nom)).toEqual([
        'Pam',
        'Ra',
        'Sy',
        'Tall',
        'Ugo',
        'Vall',
        'Wade',
        'Xavier',
      ]);
      const second = await client.get('/api/users?sort=nom,asc&page=2', { token: t });
      expect(second.body.items.map((u: any) => u.nom)).toEqual(['Yao', 'Zongo']);
      const byFirstName = await client.get('/api/users?sort=prenom,asc&size=3', { token: t });
      expect(byFirstName.body.items.map((u: any) => u.prenom)).toEqual([
        'Ange',
        'Bintou',
        'Cheikh',
      ]);
      const byCreation = await client.get('/api/users?sort=created_at,desc&size=1', { token: t });
      expect(byCreation.body.items[0].prenom).toBe('Issa');
      const byEmail = await client.get('/api/users?sort=email,asc&size=1', { token: t });
      expect(byEmail.body.items[0].email).toBe('equipe0.liste@exemple.test');

      for (const [q, expected] of [
        ['éloïse', ['Éloïse']],
        ['ÉLOÏSE', ['Éloïse']],
        ['émile ugo', ['Émile']],
        ['EQUIPE3.LISTE', ['Cheikh']],
        ['tall', ['Fanta']],
        ['%', []],
        ['_', []],
      ] as const) {
        const found = await client.get(`/api/users?q=${encodeURIComponent(q)}`, { token: t });
        expect(
          found.body.items.map((u: any) => u.prenom),
          `q=${q}`,
        ).toEqual(expected);
      }
      // Never signed in: last in both directions.
      await login(client, 'equipe9.liste@exemple.test');
      for (const dir of ['asc', 'desc']) {
        const byLogin = await client.get(`/api/users?sort=last_login_at,${dir}&size=1`, {
          token: t,
        });
        expect(byLogin.body.items[0].prenom).toBe('Issa');
      }
      expectValidation(await client.get('/api/users?sort=password_hash,asc', { token: t }), 'sort');
      expectValidation(await client.get('/api/users?page=0', { token: t }), 'page');
    });

    it('filtre par rôle et par état', async () => {
      const owners = await client.get('/api/users?role=ROLE_PROPRIETAIRE&size=200', as('admin'));
      expect(owners.body.items.length).toBeGreaterThan(1);
      expect(owners.body.items.every((u: any) => u.roles.includes('ROLE_PROPRIETAIRE'))).toBe(true);
      const disabled = await createUser(server.ctx, {
        roles: ['ROLE_GERANT'],
        active: false,
        nom: 'Inactif',
      });
      const inactive = await client.get('/api/users?active=false&size=200', as('admin'));
      expect(inactive.body.items.map((u: any) => u.id)).toContain(disabled.id);
      expect(inactive.body.items.every((u: any) => u.active === false)).toBe(true);
      expectValidation(await client.get('/api/users?role=ROLE_ROI', as('admin')), 'role');
      expectValidation(await client.get('/api/users?active=peut-etre', as('admin')), 'active');
    });

    it('le propriétaire ne voit que les gérants de ses boutiques, et de chacun seulement ses boutiques à lui', async () => {
      // A manager working for both owners: owner A sees only shop A, owner B only shop B.
      const shared = await createUser(server.ctx, { roles: ['ROLE_GERANT'], nom: 'Partagé' });
      await addMember(server.ctx, world.shopA.id, shared.id);
      await addMember(server.ctx, world.shopB.id, shared.id);
      const listA = await client.get('/api/users?size=200', as('ownerA'));
      const ids = listA.body.items.map((u: any) => u.id);
      expect(ids).toContain(world.managerA.id);
      expect(ids).toContain(shared.id);
      for (const hidden of [world.managerB.id, world.ownerA.id, world.ownerB.id, world.admin.id])
        expect(ids).not.toContain(hidden);
      expect(
        listA.body.items.every((u: any) => u.roles.length === 1 && u.roles[0] === 'ROLE_GERANT'),
      ).toBe(true);
      expect(listA.body.items.find((u: any) => u.id === shared.id).services).toEqual([
        { id: world.shopA.id, nom: 'Boutique A' },
      ]);
      const listB = await client.get('/api/users?size=200', as('ownerB'));
      expect(listB.body.items.find((u: any) => u.id === shared.id).services).toEqual([
        { id: world.shopB.id, nom: 'Boutique B' },
      ]);
      // The role filter cannot widen the view.
      const admins = await client.get('/api/users?role=ROLE_ADMIN', as('ownerA'));
      expect(admins.body.total).toBe(0);
    });
  });

  describe('isolement', () => {
    it('un autre propriétaire, ses gérants, l’admin ou un identifiant inconnu : 404 sur chaque route, quel que soit l’identifiant', async () => {
      const before = await server.ctx.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', world.managerB.id)
        .executeTakeFirstOrThrow();
      for (const id of [
        world.managerB.id,
        world.ownerB.id,
        world.admin.id,
        world.ownerA.id,
        999_999,
      ]) {
        const answers = [
          await client.get(`/api/users/${id}`, as('ownerA')),
          await client.put(`/api/users/${id}`, { prenom: 'Pirate', nom: 'Pirate' }, as('ownerA')),
          await client.post(`/api/users/${id}/desactiver`, undefined, as('ownerA')),
          await client.post(`/api/users/${id}/activer`, undefined, as('ownerA')),
        ];
        const first = expectProblem(answers[0]!, 404, 'NOT_FOUND');
        expect(first.detail).toBe('Utilisateur introuvable.');
        for (const a of answers) expect(a.body).toEqual(first);
      }
      const after = await server.ctx.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', world.managerB.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });

    it('le gérant : 403 sur toutes les routes des utilisateurs', async () => {
      const calls = [
        client.get('/api/users', as('managerA')),
        client.post(
          '/api/users',
          { email: 'g@exemple.test', prenom: 'A', nom: 'B', services: [world.shopA.id] },
          as('managerA'),
        ),
        client.get(`/api/users/${world.managerA.id}`, as('managerA')),
        client.put(`/api/users/${world.managerA.id}`, { prenom: 'A', nom: 'B' }, as('managerA')),
        client.post(`/api/users/${world.managerA.id}/desactiver`, undefined, as('managerA')),
        client.post(`/api/users/${world.managerA.id}/activer`, undefined, as('managerA')),
      ];
      for (const answer of await Promise.all(calls)) expectProblem(answer, 403, 'FORBIDDEN');
    });
  });

  describe('modification', () => {
    it('le propriétaire affecte et retire ses boutiques sans toucher à celles d’un autre propriétaire', async () => {
      const { ctx } = server;
      const shopA2 = await createService(ctx, world.ownerA.id, { nom: 'Boutique A2' });
      const worker = await createUser(ctx, { roles: ['ROLE_GERANT'] });
      await addMember(ctx, world.shopA.id, worker.id);
      await addMember(ctx, world.shopB.id, worker.id);
      const moved = await client.put(
        `/api/users/${worker.id}`,
        { prenom: 'Aïssatou', nom: 'Diagne', telephone: '', services: [shopA2.id] },
        as('ownerA'),
      );
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        prenom: 'Aïssatou',
        nom: 'Diagne',
        telephone: null,
        services: [{ id: shopA2.id, nom: 'Boutique A2' }],
      });
      const both = await client.put(
        `/api/users/${worker.id}`,
        { prenom: 'Aïssatou', nom: 'Diagne', services: [world.shopA.id, shopA2.id] },
        as('ownerA'),
      );
      expect(both.body.services.map((s: any) => s.id)).toEqual([world.shopA.id, shopA2.id]);
      expectProblem(
        await client.put(
          `/api/users/${worker.id}`,
          { prenom: 'A', nom: 'B', services: [world.shopB.id] },
          as('ownerA'),
        ),
        404,
        'NOT_FOUND',
      );
      expectValidation(
        await client.put(
          `/api/users/${worker.id}`,
          { prenom: 'A', nom: 'B', services: [] },
          as('ownerA'),
        ),
        'services',
      );
      const memberships = await ctx.database.db
        .selectFrom('service_members')
        .select('service_id')
        .where('user_id', '=', worker.id)
        .orderBy('service_id')
        .execute();
      expect(memberships.map((m) => m.service_id)).toEqual(
        [world.shopA.id, world.shopB.id, shopA2.id].sort((a, b) => a - b),
      );
      // Without `services`, the shops stay as they are.
      const renamed = await client.put(
        `/api/users/${worker.id}`,
        { prenom: 'Aïssatou', nom: 'Ndiaye' },
        as('ownerA'),
      );
      expect(renamed.body.services).toHaveLength(2);
    });

    it('l’admin modifie les noms de n’importe qui, mais n’affecte pas de boutiques', async () => {
      const renamed = await client.put(
        `/api/users/${world.managerB.id}`,
        { prenom: 'Lamine', nom: 'Gueye' },
        as('admin'),
      );
      expect(renamed.body).toMatchObject({ prenom: 'Lamine', nom: 'Gueye' });
      expectProblem(
        await client.put(
          `/api/users/${world.managerB.id}`,
          { prenom: 'A', nom: 'B', services: [world.shopA.id] },
          as('admin'),
        ),
        422,
        'BUSINESS_RULE',
      );
    });
  });

  describe('désactivation', () => {
    it('prend effet à la requête suivante du gérant ; la réactivation lui rend l’accès après reconnexion', async () => {
      const { ctx } = server;
      const worker = await createUser(ctx, { roles: ['ROLE_GERANT'] });
      await addMember(ctx, world.shopA.id, worker.id);
      const session = await login(client, worker.email);
      expect((await client.get('/api/account', { token: session.token })).status).toBe(200);
      const disabled = await client.post(
        `/api/users/${worker.id}/desactiver`,
        undefined,
        as('ownerA'),
      );
      expect(disabled.status).toBe(200);
      expect(disabled.body.active).toBe(false);
      expectProblem(
        await client.get('/api/account', { token: session.token }),
        401,
        'ACCOUNT_DISABLED',
      );
      expectProblem(
        await client.post('/api/auth/refresh', { refreshToken: session.refreshToken }),
        401,
        'INVALID_REFRESH_TOKEN',
      );
      expectProblem(
        await client.post('/api/auth/login', { email: worker.email, password: worker.password }),
        401,
        'ACCOUNT_DISABLED',
      );
      const enabled = await client.post(`/api/users/${worker.id}/activer`, undefined, as('ownerA'));
      expect(enabled.body.active).toBe(true);
      expectProblem(
        await client.get('/api/account', { token: session.token }),
        401,
        'TOKEN_EXPIRED',
      );
      expect((await login(client, worker.email)).user.id).toBe(worker.id);
    });

    it('personne ne se désactive soi-même : 422', async () => {
      const self = expectProblem(
        await client.post(`/api/users/${world.admin.id}/desactiver`, undefined, as('admin')),
        422,
        'BUSINESS_RULE',
      );
      expect(self.detail).toBe('Vous ne pouvez pas désactiver votre propre compte.');
      // The owner is not in their own list: 404 before anything else.
      expectProblem(
        await client.post(`/api/users/${world.ownerA.id}/desactiver`, undefined, as('ownerA')),
        404,
        'NOT_FOUND',
      );
    });

    it('l’admin désactive un propriétaire', async () => {
      const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const session = await login(client, owner.email);
      expect(
        (await client.post(`/api/users/${owner.id}/desactiver`, undefined, as('admin'))).status,
      ).toBe(200);
      expectProblem(
        await client.get('/api/account', { token: session.token }),
        401,
        'ACCOUNT_DISABLED',
      );
    });
  });

  describe('renvoyer l’invitation', () => {
    /** The n-th mail (1-based) received by `to`. */
    async function nthMail(to: string, n: number) {
      for (let i = 0; i < 200; i++) {
        const found = smtp.mails.filter((m) => m.to.includes(to));
        if (found.length >= n) return found[n - 1]!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${n} e-mails attendus pour ${to}`);
    }

    it('un nouveau lien, l’ancien ne sert plus ; plus rien à renvoyer une fois le mot de passe choisi', async () => {
      const email = 'proprio.relance@exemple.test';
      const created = await client.post(
        '/api/users',
        { email, prenom: 'Khady', nom: 'Faye' },
        as('admin'),
      );
      const first = resetKeyOf(await nthMail(email, 1));
      const url = `/api/users/${created.body.id}/renvoyer-invitation`;
      const resent = await client.post(url, undefined, as('admin'));
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({ id: created.body.id, invitationEnAttente: true });
      const mail = await nthMail(email, 2);
      expect(mail.subject).toBe('Bienvenue sur Comptoir : choisissez votre mot de passe');
      const second = resetKeyOf(mail);
      expect(second).not.toBe(first);
      const finish = (key: string) =>
        client.post('/api/account/reset-password/finish', { key, newPassword: NEW_PASSWORD });
      expectProblem(await finish(first), 400, 'INVALID_RESET_KEY');
      expect((await finish(second)).status).toBe(200);
      const done = expectProblem(
        await client.post(url, undefined, as('admin')),
        422,
        'BUSINESS_RULE',
      );
      expect(done.detail).toBe(
        'Ce compte a déjà choisi son mot de passe : il n’a plus d’invitation en attente.',
      );
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
    });

    it('pas de déluge : trois relances vers une adresse, puis 429 sans e-mail ni lien changé', async () => {
      const email = 'proprio.deluge@exemple.test';
      const created = await client.post(
        '/api/users',
        { email, prenom: 'Ngoné', nom: 'Sarr' },
        as('admin'),
      );
      const url = `/api/users/${created.body.id}/renvoyer-invitation`;
      for (let i = 0; i < 3; i++)
        expect((await client.post(url, undefined, as('admin'))).status).toBe(200);
      const last = resetKeyOf(await nthMail(email, 4));
      const refused = expectProblem(
        await client.post(url, undefined, as('admin')),
        429,
        'TOO_MANY_ATTEMPTS',
      );
      expect(refused.detail).toBe(`Trop d’envois vers ${email} : réessayez dans 15 minutes.`);
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(4);
      // The last link still works: a refusal changes nothing.
      expect(
        (
          await client.post('/api/account/reset-password/finish', {
            key: last,
            newPassword: NEW_PASSWORD,
          })
        ).status,
      ).toBe(200);
    });

    it('le propriétaire relance son gérant sans mot de passe ; pas celui d’un autre, ni un gérant', async () => {
      const manager = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
      await addMember(server.ctx, world.shopA.id, manager.id);
      await server.ctx.database.db
        .updateTable('users')
        .set({ password_hash: null })
        .where('id', '=', manager.id)
        .execute();
      const url = `/api/users/${manager.id}/renvoyer-invitation`;
      expectProblem(await client.post(url, undefined, as('ownerB')), 404, 'NOT_FOUND');
      expectProblem(await client.post(url, undefined, as('managerA')), 403, 'FORBIDDEN');
      expect(smtp.mails.filter((m) => m.to.includes(manager.email))).toHaveLength(0);
      expect((await client.post(url, undefined, as('ownerA'))).status).toBe(200);
      expect((await nthMail(manager.email, 1)).text).toContain('/auth/reset-password?key=');
    });
  });
});
