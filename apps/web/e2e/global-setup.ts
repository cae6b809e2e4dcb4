import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import { E2E_PORT } from '../playwright.config';
import { startMailCatcher } from './support/mail-catcher';
import {
  E2E_JWT_SECRET,
  INVITED_ACCOUNT,
  PROFILE_USER,
  RESET_USER,
  SESSIONS_USER,
} from './support/constants';

const root = path.resolve(import.meta.dirname, '../../..');

/** Starts the built Comptoir on a fresh SQLite database with demo data, wired to a real SMTP server. */
export default async function globalSetup() {
  const mail = await startMailCatcher();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comptoir-e2e-'));
  const baseUrl = `http://127.0.0.1:${E2E_PORT}`;
  // A server already there belongs to someone else: never run the tests against it.
  if (
    await fetch(`${baseUrl}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(
      `Le port ${E2E_PORT} est déjà pris : relancez, ou choisissez-en un par E2E_PORT.`,
    );
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      JWT_SECRET: E2E_JWT_SECRET,
      SMTP_URL: mail.smtpUrl,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error('Le serveur Comptoir n’a pas démarré');
    await new Promise((r) => setTimeout(r, 200));
  }
  // Accounts of their own for the flows that change a password, so demo accounts keep theirs.
  const db = new Database(path.join(dataDir, 'comptoir.sqlite'));
  const now = new Date().toISOString();
  for (const user of [RESET_USER, PROFILE_USER, SESSIONS_USER]) {
    const { lastInsertRowid } = db
      .prepare(
        'INSERT INTO users (email, password_hash, prenom, nom, active, session_version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 0, ?, ?)',
      )
      .run(user.email, await hash(user.password), user.prenom, user.nom, now, now);
    db.prepare('INSERT INTO user_roles (user_id, role) VALUES (?, ?)').run(
      lastInsertRowid,
      'ROLE_GERANT',
    );
    db.prepare('INSERT INTO service_members (service_id, user_id) VALUES (1, ?)').run(
      lastInsertRowid,
    );
  }
  // An account of someone else's team (a manager, here of no shop) that the demo owner invites
  // (invitations.spec).
  const invited = db
    .prepare(
      'INSERT INTO users (email, password_hash, prenom, nom, active, session_version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 0, ?, ?)',
    )
    .run(
      INVITED_ACCOUNT.email,
      await hash(INVITED_ACCOUNT.password),
      INVITED_ACCOUNT.prenom,
      INVITED_ACCOUNT.nom,
      now,
      now,
    );
  db.prepare('INSERT INTO user_roles (user_id, role) VALUES (?, ?)').run(
    invited.lastInsertRowid,
    'ROLE_GERANT',
  );
  db.close();
  process.env['E2E_MAILS_URL'] = `${mail.httpUrl}/mails`;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
