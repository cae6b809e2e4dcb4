import {
  localYear,
  numeroCaisse,
  shopTimeZone,
  type SerieCaisse,
  type SynchroResult,
  type VenteHorsLigneInput,
} from '@comptoir/shared';
import { http } from '../../../lib/http';
import { caisseAppareilKey, shopPath } from '../../../lib/shop';
import { getAll, getMeta, inStore, putAll, setMeta } from './idb';

/**
 * The queue of sales made without the network (docs/regles-metier.md « Vente hors ligne »): each
 * is numbered at once in the register's series (the number follows the last one the device knows)
 * and kept in IndexedDB with the number in the same transaction; the sync sends them in that
 * order, 50 at a time, and drops each one the server recorded (now or before: a sync cut in the
 * middle is simply sent again, the server answers the sales it already has).
 */

export interface ClientHorsLigne {
  cle: string;
  nom: string;
  telephone: string | null;
}

export interface VenteEnFile<R = unknown> {
  cle: string;
  /** annee × 1 000 000 + sequence: the series' order. */
  ordre: number;
  caisseId: number;
  vente: VenteHorsLigneInput;
  /** The customer created offline that the sale names, sent with it. */
  client: ClientHorsLigne | null;
  /** The receipt as printed. */
  recu: R;
  /** Why the server refused it (the cashier sees it; the queue stops there). */
  erreur: string | null;
}

/** The register's series as the device last knew it; `dernier`: the last number issued. */
export type SerieLocale = Pick<SerieCaisse, 'caisseId' | 'code' | 'prefixe' | 'annee' | 'dernier'>;

const caissesPath = (serviceId: number) => shopPath(serviceId, 'caisses');

/**
 * How long a call of the sync waits for the server's answer. A connection that stays open without
 * answering (a Wi-Fi without Internet, a network that drops mid-call) would otherwise hold the
 * sync, and every later one, for good; after it, the call fails as the network would and the sync
 * is tried again.
 */
export const DELAI_SYNCHRO_MS = 45_000;

/**
 * Online: the register of this device (the one chosen on it: never another's by default, two
 * devices on one register would number the same series) and its series; the last number is the
 * higher of the server's and the device's. None chosen yet: null.
 */
export async function chargerSerie(serviceId: number): Promise<SerieLocale | null> {
  const known = await getMeta<SerieLocale>(serviceId, 'serie');
  const choisie = Number(localStorage.getItem(caisseAppareilKey(serviceId)));
  // Queued sales belong to the register they were numbered on: it stays until they are sent.
  const pending = (await fileAttente(serviceId)).length > 0;
  const caisseId = pending ? known?.caisseId : choisie > 0 ? choisie : known?.caisseId;
  if (caisseId === undefined) return null;
  const serveur = await http.get<SerieCaisse>(`${caissesPath(serviceId)}/${caisseId}/synchro`, {
    signal: AbortSignal.timeout(DELAI_SYNCHRO_MS),
  });
  const serie: SerieLocale = {
    caisseId,
    code: serveur.code,
    prefixe: serveur.prefixe,
    annee: serveur.annee,
    dernier:
      known && known.annee === serveur.annee && known.caisseId === caisseId
        ? Math.max(known.dernier, serveur.dernier)
        : serveur.dernier,
  };
  await setMeta(serviceId, 'serie', serie);
  return serie;
}

/**
 * An online sale of this device's register took the next number of its series on the server: the
 * device issues its offline numbers after it (else, the network lost before the next refresh of
 * the series, an offline sale would take a number already served, and be refused at the sync).
 */
export async function noterVenteEnLigne(
  serviceId: number,
  caisseId: number,
  numero: string,
): Promise<void> {
  const serie = await getMeta<SerieLocale>(serviceId, 'serie');
  if (serie?.caisseId !== caisseId) return;
  const sequence = Number(/(\d+)$/.exec(numero)?.[1]);
  for (const annee of [serie.annee, serie.annee + 1]) {
    if (numero !== numeroCaisse(serie.prefixe, annee, serie.code, sequence)) continue;
    if (annee > serie.annee || sequence > serie.dernier)
      await setMeta(serviceId, 'serie', { ...serie, annee, dernier: sequence });
    return;
  }
}

/**
 * Numbers the sale in the register's series and queues it, in one IndexedDB transaction: a sale
 * is never kept without its number, and a number never serves twice on the device.
 */
export async function mettreEnFile<R>(
  serviceId: number,
  pays: string | null,
  build: (
    numero: string,
    sequence: number,
  ) => Omit<VenteEnFile<R>, 'ordre' | 'caisseId' | 'erreur'>,
): Promise<VenteEnFile<R>> {
  return inStore(serviceId, ['file', 'meta'], 'readwrite', async (tx) => {
    const meta = tx.objectStore('meta');
    const serie = await new Promise<SerieLocale | undefined>((resolve, reject) => {
      const req = meta.get('serie');
      req.onsuccess = () => resolve((req.result as { value: SerieLocale } | undefined)?.value);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
    });
    if (!serie)
      throw new Error(
        'La caisse n’a pas encore reçu sa série : ouvrez la caisse une fois en ligne avant de vendre hors ligne.',
      );
    const annee = localYear(new Date(), shopTimeZone(pays));
    const sequence = annee === serie.annee ? serie.dernier + 1 : 1;
    const numero = numeroCaisse(serie.prefixe, annee, serie.code, sequence);
    const entry: VenteEnFile<R> = {
      ...build(numero, sequence),
      ordre: annee * 1_000_000 + sequence,
      caisseId: serie.caisseId,
      erreur: null,
    };
    meta.put({ cle: 'serie', value: { ...serie, annee, dernier: sequence } });
    tx.objectStore('file').put(entry);
    return entry;
  });
}

export const fileAttente = async <R = unknown>(serviceId: number) =>
  (await getAll<VenteEnFile<R>>(serviceId, 'file')).sort((a, b) => a.ordre - b.ordre);

/** How many sales of this register wait on the device (closing it waits for them). */
export const enAttenteCaisse = (serviceId: number, caisseId: number) =>
  fileAttente(serviceId)
    .then((file) => file.filter((e) => e.caisseId === caisseId).length)
    .catch(() => 0);

const envoi = new Map<number, Promise<number>>();

/** Sends the queue in order; returns how many sales wait still. One sync at a time per shop. */
export function synchroniser(serviceId: number): Promise<number> {
  let running = envoi.get(serviceId);
  if (!running) {
    running = envoyer(serviceId).finally(() => envoi.delete(serviceId));
    envoi.set(serviceId, running);
  }
  return running;
}

async function envoyer(serviceId: number): Promise<number> {
  let file = await fileAttente(serviceId);
  while (file.length > 0) {
    const caisseId = file[0]!.caisseId;
    const lot = file.filter((e) => e.caisseId === caisseId).slice(0, 50);
    const clients = new Map<string, ClientHorsLigne>();
    for (const e of lot) if (e.client) clients.set(e.client.cle, e.client);
    const answer = await http.post<SynchroResult>(
      `${caissesPath(serviceId)}/${caisseId}/synchro`,
      { clients: [...clients.values()], ventes: lot.map((e) => e.vente) },
      // Unanswered, the batch is sent again at the next try: the server answers what it has.
      { signal: AbortSignal.timeout(DELAI_SYNCHRO_MS) },
    );
    const recorded = new Set(
      answer.ventes
        .filter((r) => r.statut === 'enregistree' || r.statut === 'deja_enregistree')
        .map((r) => r.cleIdempotence),
    );
    const refused = answer.ventes.filter((r) => r.statut === 'refusee');
    await putAll(
      serviceId,
      'file',
      lot
        .filter((e) => !recorded.has(e.cle))
        .map((e) => ({
          ...e,
          erreur: refused.find((r) => r.cleIdempotence === e.cle)?.message ?? null,
        })),
      [...recorded],
    );
    // Customers created offline now exist on the server: the catalogue refresh brings them back.
    const arrived = answer.clients.map((c) => c.cle);
    if (arrived.length) await oublierClientsHorsLigne(serviceId, arrived);
    file = await fileAttente(serviceId);
    if (recorded.size < lot.length) break;
  }
  return file.length;
}

async function oublierClientsHorsLigne(serviceId: number, cles: string[]) {
  const locaux = await getAll<{ id: number; cleHorsLigne?: string }>(serviceId, 'clients');
  const ids = locaux
    .filter((c) => c.cleHorsLigne && cles.includes(c.cleHorsLigne))
    .map((c) => c.id);
  if (ids.length) await putAll(serviceId, 'clients', [], ids);
}
