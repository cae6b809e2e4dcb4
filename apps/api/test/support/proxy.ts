import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NGINX = '/usr/sbin/nginx';
/** The configuration the README gives, as a shop would install it. */
export const NGINX_CONF = path.resolve('deploy/nginx/comptoir.conf');

export interface Nginx {
  /** https://127.0.0.1:<port> */
  httpsUrl: string;
  /** http://127.0.0.1:<port>, which only redirects. */
  httpUrl: string;
  /** The certificate the test made (the clients trust it). */
  ca: Buffer;
  /** One line per request: client address, upstream address, status. */
  accessLog: () => string[];
  stop: () => Promise<void>;
}

/** Replaces `from` by `to` in `text`, once exactly: the shipped file changed if not. */
function once(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`« ${from} » doit figurer une fois dans ${NGINX_CONF}`);
  return parts.join(to);
}

async function listening(port: number, proc: ChildProcess, dir: string): Promise<void> {
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`nginx s'est arrêté : ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Debian's nginx with deploy/nginx/comptoir.conf in front of `upstreams` (the two instance ports
 * of the file), on the given ports of loopback, with a self-signed certificate for 127.0.0.1. Only
 * the ports, the certificate paths and the access log differ from the shipped file.
 */
export async function startNginx(
  upstreams: [number, number],
  ports: { http: number; https: number },
): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error('nginx manque : lancez « bash scripts/ensure-nginx.sh » (paquet Debian nginx)');
  const dir = mkdtempSync(path.join(tmpdir(), 'comptoir-nginx-'));
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, t));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  let site = readFileSync(NGINX_CONF, 'utf8');
  site = once(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreams[0]} `);
  site = once(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${upstreams[1]} `);
  site = once(site, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  site = once(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`);
  site = once(site, '/etc/letsencrypt/live/comptoir.example.fr/fullchain.pem', cert);
  site = once(site, '/etc/letsencrypt/live/comptoir.example.fr/privkey.pem', key);
  writeFileSync(path.join(dir, 'comptoir.conf'), site);
  const temp = (t: string) => `${t}_temp_path ${path.join(dir, t)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      // As root, workers would run as nobody and could not write the test's temporary folders.
      process.getuid?.() === 0 ? 'user root;' : '',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      "  log_format amont '$remote_addr $upstream_addr $status';",
      `  access_log ${path.join(dir, 'access.log')} amont;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${temp(t)}`),
      `  include ${path.join(dir, 'comptoir.conf')};`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'inherit' });
  const proc = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  await listening(ports.https, proc, dir);
  return {
    httpsUrl: `https://127.0.0.1:${ports.https}`,
    httpUrl: `http://127.0.0.1:${ports.http}`,
    ca: readFileSync(cert),
    accessLog: () =>
      existsSync(path.join(dir, 'access.log'))
        ? readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean)
        : [],
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGQUIT');
      await exited;
    },
  };
}

/**
 * A fetch over https that trusts `ca` and leaves from `localAddress` (127.0.0.2, 127.0.0.3…: other
 * clients as nginx sees them). Enough of fetch for TestClient: method, headers, body, no redirects.
 */
export function httpsFrom(ca: Buffer, localAddress: string): typeof fetch {
  const agent = new https.Agent({ ca, localAddress, keepAlive: true });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = Buffer.from(await request.arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const req = https.request(
        request.url,
        {
          method: request.method,
          headers: {
            ...Object.fromEntries(request.headers),
            ...(body.length ? { 'content-length': String(body.length) } : {}),
          },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              for (const value of [v ?? []].flat()) headers.append(k, value);
            const status = res.statusCode!;
            const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body.length ? body : undefined);
    });
  }) as typeof fetch;
}
