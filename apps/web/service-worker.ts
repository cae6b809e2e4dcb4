import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The service worker of the installable app (docs/regles-metier.md « Vente hors ligne »), written
 * at build time with the list of the files to keep: the app shell (index.html), every script and
 * style chunk (the point of sale's included), the manifest, the icons and the default theme. Pages
 * are fetched from the network first and fall back to the kept shell; files come from the cache,
 * else the network (and are kept). The API is never cached: offline, the point of sale reads its
 * own IndexedDB.
 */
const EXTRA = [
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/favicon.svg',
  '/logo.svg',
  '/themes/lara-light-blue/theme.css',
];

function source(version: string, precache: string[]): string {
  return `/* Comptoir ${version} */
const CACHE = 'comptoir-${version}';
const PRECACHE = ${JSON.stringify(precache)};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('comptoir-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: CACHE })));
    return;
  }
  event.respondWith(
    caches.match(request, { ignoreSearch: true }).then((hit) =>
      hit ||
      fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(CACHE).then((c) => c.put(request, copy));
        }
        return response;
      }),
    ),
  );
});
`;
}

export function serviceWorker(): Plugin {
  return {
    name: 'comptoir-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => !f.startsWith('themes/') && !f.endsWith('.map') && f !== 'index.html')
        .map((f) => `/${f}`)
        .sort();
      const precache = ['/', ...files, ...EXTRA];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: source(version, precache) });
    },
  };
}
