import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** The installation's Ed25519 key: signs closures; its public key is shown to the owner. */
export interface CleInstallation {
  publicKeyPem: string;
  signer(message: string): string;
}

const cache = new WeakMap<Kysely<DB>, { publicKeyPem: string; privateKey: KeyObject }>();

/**
 * The key pair lives in the database (`journal_cle`, one row, triggers refuse UPDATE and DELETE):
 * every instance on one PostgreSQL signs with the same key. Generated at first use; two instances
 * racing keep the first row written (insert … on conflict do nothing, then read).
 */
export async function cleInstallation(db: Kysely<DB>): Promise<CleInstallation> {
  let known = cache.get(db);
  if (!known) {
    const read = () =>
      db.selectFrom('journal_cle').selectAll().where('id', '=', 1).executeTakeFirst();
    let row = await read();
    if (!row) {
      const pair = generateKeyPairSync('ed25519');
      await db
        .insertInto('journal_cle')
        .values({
          id: 1,
          cle_publique: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          cle_privee: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      row = (await read())!;
    }
    known = { publicKeyPem: row.cle_publique, privateKey: createPrivateKey(row.cle_privee) };
    cache.set(db, known);
  }
  const { publicKeyPem, privateKey } = known;
  return {
    publicKeyPem,
    signer: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64'),
  };
}

/** Checks an Ed25519 signature (base64) of `message` with a public key (PEM). */
export function signatureValide(publicKeyPem: string, message: string, signature: string): boolean {
  try {
    return verify(
      null,
      Buffer.from(message, 'utf8'),
      createPublicKey(publicKeyPem),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}
