import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { addMember, createService, createUser, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { expectProblem, expectValidation, messageOf } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

describe(`compte de l'utilisateur connecté (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let user: { id: number; email: string };
  let token: string;
  let shop: { id: number };
  let png: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    const owner = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
    shop = await createService(server.ctx, owner.id, { nom: 'Boutique Treichville' });
    user = await createUser(server.ctx, {
      roles: ['ROLE_GERANT'],
      prenom: 'Ibrahima',
      nom: 'Coulibaly',
    });
    await addMember(server.ctx, shop.id, user.id);
    token = (await login(client, user.email)).token;
    png = await redPng();
  });
  afterAll(() => server.close());

  const db = () => server.ctx.database.db;
  const upload = (form: FormData, t = token) =>
    client.request('POST', '/api/account/photo', { token: t, form });
  const fileCount = async () => (await db().selectFrom('files').select('id').execute()).length;

  it('GET /api/account rend l’utilisateur, ses rôles et ses boutiques', async () => {
    const answer = await client.get('/api/account', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: user.id,
      email: user.email,
      prenom: 'Ibrahima',
      nom: 'Coulibaly',
      telephone: null,
      roles: [{ nom: 'ROLE_GERANT' }],
      services: [{ id: shop.id, nom: 'Boutique Treichville', current: true }],
    });
  });

  describe('PUT /api/account', () => {
    it('modifie prénom, nom et téléphone, espaces retirés', async () => {
      const answer = await client.put(
        '/api/account',
        { prenom: '  Aïssatou ', nom: ' N’Diaye-Bâ  ', telephone: ' +225 07 07 07 07 07 ' },
        { token },
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: user.id,
        prenom: 'Aïssatou',
        nom: 'N’Diaye-Bâ',
        telephone: '+225 07 07 07 07 07',
      });
      const row = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        prenom: 'Aïssatou',
        nom: 'N’Diaye-Bâ',
        telephone: '+225 07 07 07 07 07',
      });
      expect((await client.get('/api/account', { token })).body.prenom).toBe('Aïssatou');
    });

    it('un téléphone vide ou absent efface le numéro', async () => {
      await client.put(
        '/api/account',
        { prenom: 'Aïssatou', nom: 'Bâ', telephone: '01 23 45 67 89' },
        { token },
      );
      const cleared = await client.put(
        '/api/account',
        { prenom: 'Aïssatou', nom: 'Bâ', telephone: '' },
        { token },
      );
      expect(cleared.status).toBe(200);
      expect(cleared.body.telephone).toBeNull();
      await client.put(
        '/api/account',
        { prenom: 'Aïssatou', nom: 'Bâ', telephone: '01 23 45 67 89' },
        { token },
      );
      const absent = await client.put('/api/account', { prenom: 'Aïssatou', nom: 'Bâ' }, { token });
      expect(absent.body.telephone).toBeNull();
    });

    it('messages de validation en français, rien n’est modifié', async () => {
      const before = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const empty = expectValidation(
        await client.put('/api/account', { prenom: '   ', nom: 'Bâ' }, { token }),
        'prenom',
      );
      expect(messageOf(empty, 'prenom')).toBe('Le prénom est obligatoire.');
      const missing = expectValidation(
        await client.put('/api/account', {}, { token }),
        'prenom',
        'nom',
      );
      expect(messageOf(missing, 'nom')).toBe('Le nom est obligatoire.');
      const phone = expectValidation(
        await client.put(
          '/api/account',
          { prenom: 'Awa', nom: 'Bâ', telephone: 'appelle-moi' },
          { token },
        ),
        'telephone',
      );
      expect(messageOf(phone, 'telephone')).toBe("Le numéro de téléphone n'est pas valide.");
      expectValidation(
        await client.put('/api/account', { prenom: 'Awa', nom: 'Bâ', telephone: 221 }, { token }),
        'telephone',
      );
      const long = expectValidation(
        await client.put('/api/account', { prenom: 'A'.repeat(101), nom: 'Bâ' }, { token }),
        'prenom',
      );
      expect(messageOf(long, 'prenom')).toBe('Le prénom ne peut pas dépasser 100 caractères.');
      expectValidation(await client.put('/api/account', [], { token }));
      const after = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });

    it('ne change ni l’e-mail, ni les rôles, quoi qu’on envoie', async () => {
      const answer = await client.put(
        '/api/account',
        {
          prenom: 'Awa',
          nom: 'Bâ',
          email: 'pirate@exemple.test',
          roles: [{ nom: 'ROLE_ADMIN' }],
          active: 0,
        },
        { token },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.email).toBe(user.email);
      expect(answer.body.roles).toEqual([{ nom: 'ROLE_GERANT' }]);
      const row = await db()
        .selectFrom('users')
        .select(['email', 'active'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: user.email, active: 1 });
    });
  });

  describe('photo de profil', () => {
    it('envoi d’un PNG : 200, image JPEG 256 × 256 servie publiquement avec un long cache', async () => {
      const answer = await upload(fileForm(png, 'image/png'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.id).toBe(user.id);
      expect(answer.body.profileImage).toMatch(/^\/api\/files\/[0-9a-f]{32}$/);
      expect((await client.get('/api/account', { token })).body.profileImage).toBe(
        answer.body.profileImage,
      );

      // Public: no token, no cookie.
      const image = await fetch(server.baseUrl + answer.body.profileImage);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(image.headers.get('cache-control')).toMatch(/max-age=(\d+)/);
      expect(
        Number(/max-age=(\d+)/.exec(image.headers.get('cache-control')!)![1]),
      ).toBeGreaterThanOrEqual(86_400 * 30);
      expect(image.headers.get('cache-control')).toMatch(/public/);
      const data = Buffer.from(await image.arrayBuffer());
      const meta = await sharp(data).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
      // Red stays red: this is the uploaded picture, cropped.
      const { channels } = await sharp(data).stats();
      expect(channels[0]!.mean).toBeGreaterThan(200);
      expect(channels[1]!.mean).toBeLessThan(50);
    });

    it('une photo de 3 Mo passe (la limite des photos est 5 Mo, pas celle du JSON)', async () => {
      const side = 1100;
      const noise = Buffer.alloc(side * side * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      expect(big.length).toBeLessThan(5 * 1024 * 1024);
      const answer = await upload(fileForm(big, 'image/png'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });

    it('un texte envoyé comme image/png ou comme text/plain : 415, rien n’est enregistré', async () => {
      const before = await fileCount();
      const current = (await client.get('/api/account', { token })).body.profileImage;
      const fake = expectProblem(
        await upload(fileForm('ceci n’est pas une image', 'image/png')),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(fake.detail).toBe('Le fichier doit être une image JPEG, PNG, WebP ou GIF.');
      expectProblem(
        await upload(fileForm('bonjour', 'text/plain', 'note.txt')),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      // A real PNG announced with a type that is not an image is refused too.
      expectProblem(
        await upload(fileForm(png, 'application/octet-stream', 'photo.bin')),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(await fileCount()).toBe(before);
      expect((await client.get('/api/account', { token })).body.profileImage).toBe(current);
    });

    it('un fichier de plus de 5 Mo : 413', async () => {
      const before = await fileCount();
      const tooBig = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 7)]);
      expectProblem(await upload(fileForm(tooBig, 'image/png')), 413, 'PAYLOAD_TOO_LARGE');
      expect(await fileCount()).toBe(before);
    });

    it('pas de fichier, ou un corps JSON : 400', async () => {
      const form = new FormData();
      form.append('autre', 'valeur');
      expectProblem(await upload(form), 400, 'BAD_REQUEST');
      expectProblem(
        await client.post('/api/account/photo', { file: 'x' }, { token }),
        400,
        'BAD_REQUEST',
      );
    });

    it('un second envoi remplace le premier, dont le fichier est supprimé', async () => {
      const first = (await upload(fileForm(png, 'image/png'))).body.profileImage as string;
      const blue = await sharp({
        create: { width: 300, height: 500, channels: 3, background: '#00f' },
      })
        .webp()
        .toBuffer();
      const second = await upload(fileForm(blue, 'image/webp', 'photo.webp'));
      expect(second.status).toBe(200);
      expect(second.body.profileImage).toMatch(/^\/api\/files\/[0-9a-f]{32}$/);
      expect(second.body.profileImage).not.toBe(first);
      expectProblem(await client.get(first), 404, 'NOT_FOUND');
      const image = await fetch(server.baseUrl + second.body.profileImage);
      expect(image.status).toBe(200);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
      const mine = await db()
        .selectFrom('files')
        .select('id')
        .where('created_by', '=', user.id)
        .execute();
      expect(mine.map((f) => f.id)).toEqual([second.body.profileImage.split('/').pop()]);
    });

    it('DELETE /api/account/photo retire la photo et son fichier', async () => {
      const url = (await upload(fileForm(png, 'image/png'))).body.profileImage as string;
      const answer = await client.delete('/api/account/photo', { token });
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(user.id);
      expect(answer.body).not.toHaveProperty('profileImage');
      expectProblem(await client.get(url), 404, 'NOT_FOUND');
      const row = await db()
        .selectFrom('users')
        .select('profile_image_id')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.profile_image_id).toBeNull();
      expect(
        await db().selectFrom('files').select('id').where('created_by', '=', user.id).execute(),
      ).toHaveLength(0);
      // Deleting again is harmless.
      expect((await client.delete('/api/account/photo', { token })).status).toBe(200);
    });

    it('identifiant de fichier mal formé : 400 ; inconnu : 404', async () => {
      expectValidation(await client.get('/api/files/pas-un-identifiant'), 'fileId');
      expectProblem(await client.get(`/api/files/${'0'.repeat(32)}`), 404, 'NOT_FOUND');
    });

    it('la photo d’un utilisateur n’est pas touchée par celle d’un autre', async () => {
      const mine = (await upload(fileForm(png, 'image/png'))).body.profileImage as string;
      const other = await createUser(server.ctx, { roles: ['ROLE_PROPRIETAIRE'] });
      const otherToken = (await login(client, other.email)).token;
      const theirs = (await upload(fileForm(png, 'image/png'), otherToken)).body
        .profileImage as string;
      expect(theirs).not.toBe(mine);
      expect((await client.delete('/api/account/photo', { token: otherToken })).status).toBe(200);
      expect((await fetch(server.baseUrl + mine)).status).toBe(200);
    });
  });
});
