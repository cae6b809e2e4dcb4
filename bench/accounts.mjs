// Lists of the accounts issue at scale: 10,000 users and 2,000 shops written straight into the
// database (batch inserts), then GET /api/users and GET /api/services timed over HTTP.
// Target: under 50 ms server time. The figures are local round trips, an upper bound of it.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { fmt, percentiles } from './server.mjs';

const USERS = 10_000;
const SHOPS = 2_000;
const OWNERS = 1_000;
const PRENOMS = [
  'Aminata',
  'Moussa',
  'Fatou',
  'Ibrahima',
  'Awa',
  'Ousmane',
  'Mariama',
  'Cheikh',
  'Khady',
  'Éloïse',
  'Émile',
  'Lamine',
  'Rokhaya',
  'Abdou',
  'Nafissatou',
  'Serigne',
];
const NOMS = [
  'Diallo',
  'Ndiaye',
  'Sow',
  'Fall',
  'Ba',
  'Diop',
  'Sarr',
  'Gueye',
  'Mbaye',
  'Traoré',
  'Koné',
  'Ouédraogo',
  'Camara',
  'Cissé',
  'Touré',
  'Kouassi',
];
const VILLES = [
  'Dakar',
  'Thiès',
  'Abidjan',
  'Bamako',
  'Ouagadougou',
  'Lomé',
  'Cotonou',
  'Douala',
  'Lyon',
  'Paris',
];

/** Runs `insert(rows)` on slices of `size` rows. */
export async function inBatches(rows, size, insert) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A tiny writer over either database: batch insert of rows with the same columns. */
export async function openWriter(databaseUrl) {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SQLite(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 5000');
    return {
      async insert(table, rows) {
        const cols = Object.keys(rows[0]);
        const stmt = db.prepare(
          `insert into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`,
        );
        db.transaction(() => {
          for (const r of rows) stmt.run(...cols.map((c) => r[c]));
        })();
      },
      async ids(sql) {
        return db
          .prepare(sql)
          .all()
          .map((r) => r.id);
      },
      async run(sql) {
        db.prepare(sql).run();
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async insert(table, rows) {
      const cols = Object.keys(rows[0]);
      const values = [];
      const tuples = rows.map(
        (r, i) =>
          `(${cols
            .map((c, j) => {
              values.push(r[c]);
              return `$${i * cols.length + j + 1}`;
            })
            .join(', ')})`,
      );
      await client.query(
        `insert into ${table} (${cols.join(', ')}) values ${tuples.join(', ')}`,
        values,
      );
    },
    async ids(sql) {
      return (await client.query(sql)).rows.map((r) => r.id);
    },
    async run(sql) {
      await client.query(sql);
    },
    async close() {
      await client.end();
    },
  };
}

async function seed(databaseUrl) {
  const w = await openWriter(databaseUrl);
  const t0 = performance.now();
  const now = new Date().toISOString();
  const users = Array.from({ length: USERS }, (_, i) => ({
    email: `bench${String(i).padStart(5, '0')}@exemple.test`,
    password_hash: null,
    prenom: PRENOMS[i % PRENOMS.length],
    nom: `${NOMS[(i * 7) % NOMS.length]} ${i}`,
    telephone: null,
    active: i % 50 === 0 ? 0 : 1,
    session_version: 0,
    last_login_at: i % 3 === 0 ? null : new Date(Date.now() - i * 60_000).toISOString(),
    created_at: new Date(Date.now() - (USERS - i) * 3_600_000).toISOString(),
    updated_at: now,
  }));
  await inBatches(users, 500, (rows) => w.insert('users', rows));
  const ids = await w.ids("select id from users where email like 'bench%' order by id");
  const owners = ids.slice(0, OWNERS);
  const managers = ids.slice(OWNERS);
  await inBatches(
    owners.map((id) => ({ user_id: id, role: 'ROLE_PROPRIETAIRE' })),
    1000,
    (rows) => w.insert('user_roles', rows),
  );
  await inBatches(
    managers.map((id) => ({ user_id: id, role: 'ROLE_GERANT' })),
    1000,
    (rows) => w.insert('user_roles', rows),
  );
  const shops = Array.from({ length: SHOPS }, (_, i) => ({
    owner_id: owners[i % OWNERS],
    nom: `Boutique ${VILLES[i % VILLES.length]} ${i}`,
    ville: VILLES[i % VILLES.length],
    pays: 'SN',
    devise: 'XOF',
    assujetti_tva: 0,
    taux_tva_defaut: 0,
    prix_ttc: 1,
    stock_negatif_autorise: 0,
    active: 1,
    created_at: now,
    updated_at: now,
  }));
  await inBatches(shops, 500, (rows) => w.insert('services', rows));
  const shopIds = await w.ids(
    "select services.id as id from services join users on users.id = services.owner_id where users.email like 'bench%' order by services.id",
  );
  await inBatches(
    managers.map((id, i) => ({ service_id: shopIds[i % shopIds.length], user_id: id })),
    1000,
    (rows) => w.insert('service_members', rows),
  );
  // Twenty of them work in the demo owner's first shop, who reads their list too.
  const demoShop = (
    await w.ids(
      "select services.id as id from services join users on users.id = services.owner_id where users.email = 'proprietaire@comptoir.test' order by services.id",
    )
  )[0];
  await w.insert(
    'service_members',
    managers.slice(0, 20).map((id) => ({ service_id: demoShop, user_id: id })),
  );
  if (!databaseUrl.startsWith('sqlite:')) await w.run('analyze');
  await w.close();
  return performance.now() - t0;
}

export async function timeGets(baseUrl, token, path, n = 200) {
  const get = async () => {
    const r = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`${path} ${r.status} ${await r.text()}`);
    return r.json();
  };
  const body = await get();
  for (let i = 0; i < 20; i++) await get();
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await get();
    samples.push(performance.now() - t);
  }
  return { ...percentiles(samples), total: body.total };
}

export async function signIn(baseUrl, email) {
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0].split(';')[0];
  const r = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': cookie.split('=')[1] },
    body: JSON.stringify({ email, password: 'comptoir' }),
  });
  if (r.status !== 200) throw new Error(`login ${r.status}`);
  return (await r.json()).token;
}

export async function benchAccounts(baseUrl, databaseUrl) {
  const seeded = await seed(databaseUrl);
  const admin = await signIn(baseUrl, 'admin@comptoir.test');
  const owner = await signIn(baseUrl, 'proprietaire@comptoir.test');
  const cases = [
    ['GET /api/users (admin, p.1, nom)', admin, '/api/users?page=1&size=8&sort=nom,asc'],
    [
      'GET /api/users (admin, dernière connexion)',
      admin,
      '/api/users?page=1&size=8&sort=last_login_at,desc',
    ],
    ['GET /api/users (admin, p.600)', admin, '/api/users?page=600&size=8&sort=email,asc'],
    ['GET /api/users (admin, q=diallo)', admin, '/api/users?size=8&sort=nom,asc&q=diallo'],
    [
      'GET /api/users (admin, q=éloïse, gérants)',
      admin,
      '/api/users?size=8&q=%C3%89LO%C3%8FSE&role=ROLE_GERANT',
    ],
    ['GET /api/users (propriétaire)', owner, '/api/users?page=1&size=8&sort=nom,asc'],
    ['GET /api/services (admin, p.1, nom)', admin, '/api/services?page=1&size=8&sort=nom,asc'],
    ['GET /api/services (admin, q=dakar)', admin, '/api/services?size=8&q=dakar'],
    ['GET /api/services (propriétaire)', owner, '/api/services'],
  ];
  const lines = [`  ${USERS} utilisateurs et ${SHOPS} boutiques insérés en ${fmt(seeded)}`];
  for (const [label, token, path] of cases) {
    const p = await timeGets(baseUrl, token, path);
    const flag = p.p95 < 50 ? '' : '   ⚠ > 50 ms';
    lines.push(
      `  ${label.padEnd(44)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n}, total ${p.total})${flag}`,
    );
  }
  return lines.join('\n');
}
