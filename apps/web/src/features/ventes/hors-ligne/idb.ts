import { champsIndex, type ChampsIndex } from './index-produits';

/**
 * The till's own storage (IndexedDB, one database per shop): the catalogue (`produits`,
 * `clients`), the queue of sales made without the network (`file`) and small values (`meta`:
 * cursors, the register's series, the last refresh). A thin promise layer, no dependency.
 * `produits` is read by three indexes: `codeBarres` and `ref` (exact), `mots` (prefix).
 */

export type StoreName = 'produits' | 'clients' | 'file' | 'meta';

const VERSION = 2;
const opened = new Map<number, Promise<IDBDatabase>>();

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });

export function openShopDb(serviceId: number): Promise<IDBDatabase> {
  let db = opened.get(serviceId);
  if (!db) {
    db = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`comptoir-boutique-${serviceId}`, VERSION);
      req.onupgradeneeded = (event) => {
        const d = req.result;
        if (event.oldVersion < 1) {
          const produits = d.createObjectStore('produits', { keyPath: 'id' });
          produits.createIndex('codeBarres', 'codeBarres');
          d.createObjectStore('clients', { keyPath: 'id' });
          d.createObjectStore('file', { keyPath: 'cle' });
          d.createObjectStore('meta', { keyPath: 'cle' });
        }
        if (event.oldVersion < 2) indexerProduits(req.transaction!.objectStore('produits'));
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
    });
    opened.set(serviceId, db);
    db.catch(() => opened.delete(serviceId));
  }
  return db;
}

/**
 * Version 2: the reference and word indexes. The products an earlier version kept get their
 * index fields here, once, in the upgrade's own transaction (the till may be offline: its
 * catalogue is never emptied for a new download).
 */
function indexerProduits(produits: IDBObjectStore) {
  produits.createIndex('ref', 'ref');
  produits.createIndex('mots', 'mots', { multiEntry: true });
  const req = produits.openCursor();
  req.onsuccess = () => {
    const cursor = req.result;
    if (!cursor) return;
    const p = cursor.value as Parameters<typeof champsIndex>[0] & Partial<ChampsIndex>;
    cursor.update({ ...p, ...champsIndex(p) });
    cursor.continue();
  };
}

/**
 * Runs `work` in one transaction; a write resolves once the transaction has committed. A read
 * resolves with its value at once: waiting for a read-only transaction's end cost the counter's
 * scan one more round trip to the browser's storage process for nothing.
 */
export async function inStore<T>(
  serviceId: number,
  stores: StoreName | StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openShopDb(serviceId);
  const tx = db.transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB : transaction annulée'));
  });
  if (mode === 'readonly') {
    committed.catch(() => {});
    return work(tx);
  }
  const value = await work(tx);
  await committed;
  return value;
}

export const getAll = <T>(serviceId: number, store: StoreName) =>
  inStore(serviceId, store, 'readonly', (tx) =>
    done(tx.objectStore(store).getAll() as IDBRequest<T[]>),
  );

export const getOne = <T>(serviceId: number, store: StoreName, key: IDBValidKey) =>
  inStore(serviceId, store, 'readonly', (tx) =>
    done(tx.objectStore(store).get(key) as IDBRequest<T | undefined>),
  );

export const countOf = (serviceId: number, store: StoreName) =>
  inStore(serviceId, store, 'readonly', (tx) => done(tx.objectStore(store).count()));

/** Writes `values` and deletes `keys` in one transaction. */
export const putAll = (
  serviceId: number,
  store: StoreName,
  values: readonly unknown[],
  keys: readonly IDBValidKey[] = [],
) =>
  inStore(serviceId, store, 'readwrite', (tx) => {
    const s = tx.objectStore(store);
    for (const v of values) s.put(v);
    for (const k of keys) s.delete(k);
  });

/** Up to `count` items of a store by key, after key `after` (from the first when undefined). */
export const pageOf = <T>(
  serviceId: number,
  store: StoreName,
  after: IDBValidKey | undefined,
  count: number,
) =>
  inStore(serviceId, store, 'readonly', (tx) =>
    done(
      tx
        .objectStore(store)
        .getAll(
          after === undefined ? undefined : IDBKeyRange.lowerBound(after, true),
          count,
        ) as IDBRequest<T[]>,
    ),
  );

/** The first item of an index equal to `key`. */
export const byIndex = <T>(serviceId: number, store: StoreName, index: string, key: IDBValidKey) =>
  inStore(serviceId, store, 'readonly', (tx) =>
    done(tx.objectStore(store).index(index).get(key) as IDBRequest<T | undefined>),
  );

/**
 * Walks a store with a cursor until `visit` returns false; with `index`, only the items of that
 * index within `range`, in the index's order (an item once per key of a multi-entry index).
 */
export const scan = <T>(
  serviceId: number,
  store: StoreName,
  visit: (value: T) => boolean,
  index?: { name: string; range: IDBKeyRange },
) =>
  inStore(
    serviceId,
    store,
    'readonly',
    (tx) =>
      new Promise<void>((resolve, reject) => {
        const s = tx.objectStore(store);
        const req = index ? s.index(index.name).openCursor(index.range) : s.openCursor();
        req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor || !visit(cursor.value as T)) return resolve();
          cursor.continue();
        };
      }),
  );

export async function getMeta<T>(serviceId: number, cle: string): Promise<T | undefined> {
  const row = await getOne<{ cle: string; value: T }>(serviceId, 'meta', cle);
  return row?.value;
}

export const setMeta = (serviceId: number, cle: string, value: unknown) =>
  putAll(serviceId, 'meta', [{ cle, value }]);
