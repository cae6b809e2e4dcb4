import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login } from './support/factories.js';
import type { Answer } from './support/http.js';
import { fileForm, redPng } from './support/images.js';
import { expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Uploads (issue 10, items 8 and 9): a malformed multipart body is a French 400 or 413, never a
 * 500; an image is judged by what its bytes decode to, not by the type the sender declared.
 */
const BOUNDARY = '----comptoir-essai';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (data: Buffer, type = 'image/png', name = 'file') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="photo.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]);
const end = `--${BOUNDARY}--\r\n`;

describe(`envois de fichiers (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let token: string;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    token = (await login(server.client(), user.email)).token;
    png = await redPng();
  });
  afterAll(() => server.close());

  const fileCount = async () =>
    (await server.ctx.database.db.selectFrom('files').select('id').execute()).length;

  /** A raw multipart POST to the profile photo, over a real socket. */
  async function raw(body: Buffer | string): Promise<Answer> {
    const client = server.client();
    await client.get('/api/auth/xsrf');
    const response = await fetch(`${server.baseUrl}/api/account/photo`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${client.xsrf}`,
        'x-xsrf-token': client.xsrf!,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  it('multipart malformé : 400 ou 413 en français, rien d’enregistré', async () => {
    const before = await fileCount();
    const cases: Array<[string, Buffer | string, number]> = [
      ['11 champs', Array.from({ length: 11 }, (_, i) => part(`c${i}`, 'x')).join('') + end, 413],
      ['deux fichiers', Buffer.concat([filePart(png), filePart(png), Buffer.from(end)]), 413],
      ['sans frontière de fin', Buffer.concat([filePart(png)]), 400],
      ['en-tête de partie tronqué', `--${BOUNDARY}\r\nContent-Disposition: form-da`, 400],
      [
        'fichier de 6 Mo',
        Buffer.concat([filePart(Buffer.alloc(6 * 1024 * 1024, 1)), Buffer.from(end)]),
        413,
      ],
      ['frontière inconnue', `--autre\r\n${end}`, 400],
    ];
    for (const [label, body, status] of cases) {
      const answer = await raw(body);
      expect(answer.status, `${label} : ${JSON.stringify(answer.body)}`).toBe(status);
      expectProblem(answer, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
    }
    expect(await fileCount()).toBe(before);
  });

  it('SVG, TIFF ou AVIF déclarés image/png : refusés en 415 d’après leur contenu décodé', async () => {
    const before = await fileCount();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .tiff()
      .toBuffer();
    const avif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .heif({ compression: 'av1' })
      .toBuffer()
      .catch(() => null);
    for (const [label, data] of [
      ['SVG', Buffer.from(svg)],
      ['TIFF', tiff],
      ...(avif ? [['AVIF', avif] as const] : []),
    ] as Array<[string, Buffer]>) {
      for (const declared of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
        const answer = await server
          .client()
          .request('POST', '/api/account/photo', { token, form: fileForm(data, declared) });
        expect(answer.status, `${label} déclaré ${declared}`).toBe(415);
        expectProblem(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
    }
    expect(await fileCount()).toBe(before);
    // A real PNG still passes, even declared as JPEG (its decoded format is allowed).
    const ok = await server
      .client()
      .request('POST', '/api/account/photo', { token, form: fileForm(png, 'image/jpeg') });
    expect(ok.status).toBe(200);
  });
});
