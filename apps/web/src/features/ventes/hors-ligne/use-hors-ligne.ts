import { searchKey, type Vente } from '@comptoir/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { refreshCatalogue } from './catalogue';
import { chargerSerie, fileAttente, mettreEnFile, synchroniser, type VenteEnFile } from './file';
import { getMeta, getOne, putAll } from './idb';
import { corpsHorsLigne, venteLocale, type VenteSaisieHorsLigne } from './vente-locale';

export type EtatReseau = 'en_ligne' | 'hors_ligne' | 'synchronisation';

export interface HorsLigne {
  etat: EtatReseau;
  /** Sales waiting to be sent; null until the device's queue has been counted. */
  enAttente: number | null;
  /** When the catalogue was last refreshed (ISO), if ever. */
  rafraichi: string | null;
  /** The last refusal or failure of the sync, in French. */
  erreur: string | null;
  /** The device's storage is nearly full (over 90 % of its quota). */
  stockagePlein: boolean;
  /** Sales the server refused, waiting for someone to resolve them (refusees.ts). */
  refusees: Array<VenteEnFile<Vente>>;
  /** Counts the queue again and sends it (after a refused sale is resolved). */
  relancer: () => Promise<void>;
  /** Records a sale on the device (numbered, queued) and returns it as its receipt shows it. */
  vendre: (s: VenteSaisieHorsLigne, pays: string | null) => Promise<Vente>;
  /** A customer created without the network (negative id until the sync). */
  creerClient: (
    nom: string,
    telephone: string | null,
  ) => Promise<{ id: number; nom: string; telephone: string | null }>;
  /** The offline customer's key, for a cart naming a negative id. */
  clientHorsLigne: (
    id: number,
  ) => Promise<{ cle: string; nom: string; telephone: string | null } | null>;
}

const REFRESH_MS = 60_000;
const RETRY_MS = 3_000;

/**
 * The till's link with the server (docs/regles-metier.md « Vente hors ligne »): online, it keeps
 * the catalogue fresh (delta), the register's series known and the queue sent in order; offline,
 * the point of sale sells on the device. Nothing here blocks the cashier.
 */
export function useHorsLigne(serviceId: number): HorsLigne {
  const [enLigne, setEnLigne] = useState(() => navigator.onLine);
  const [syncing, setSyncing] = useState(false);
  const [enAttente, setEnAttente] = useState<number | null>(null);
  const [rafraichi, setRafraichi] = useState<string | null>(null);
  const [erreur, setErreur] = useState<string | null>(null);
  const [stockagePlein, setStockagePlein] = useState(false);
  const [refusees, setRefusees] = useState<Array<VenteEnFile<Vente>>>([]);
  const alive = useRef(true);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const catchUpRef = useRef<() => Promise<void>>(async () => undefined);
  const enCours = useRef<Promise<void> | null>(null);
  const encore = useRef(false);

  const recount = useCallback(async () => {
    // No IndexedDB (a private window of an old browser, tests): the point of sale sells online only.
    const file = await fileAttente<Vente>(serviceId).catch(() => []);
    if (!alive.current) return;
    setEnAttente(file.length);
    setRefusees(file.filter((e) => e.erreur !== null));
    setErreur(file.find((e) => e.erreur)?.erreur ?? null);
    const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
    if (alive.current && estimate?.quota)
      setStockagePlein((estimate.usage ?? 0) / estimate.quota > 0.9);
  }, [serviceId]);

  const uneFois = useCallback(async () => {
    clearTimeout(retry.current);
    if (!navigator.onLine) return;
    setSyncing(true);
    setErreur(null);
    try {
      await chargerSerie(serviceId);
      await synchroniser(serviceId);
      const at = await refreshCatalogue(serviceId);
      if (alive.current) setRafraichi(at);
    } catch (error) {
      if (!alive.current) return;
      setErreur(error instanceof Error ? error.message : 'La synchronisation a échoué.');
      // A sync cut in the middle is tried again soon (the server answers what it already has).
      retry.current = setTimeout(() => void catchUpRef.current(), RETRY_MS);
    } finally {
      if (alive.current) setSyncing(false);
      await recount();
    }
  }, [serviceId, recount]);

  /**
   * One catch-up at a time (the 'online' event, the timer and a retry can come together); asked
   * for while one runs, another follows it, so that what changed meanwhile is sent too.
   */
  const catchUp = useCallback((): Promise<void> => {
    if (enCours.current) {
      encore.current = true;
      return enCours.current;
    }
    const run = async () => {
      do {
        encore.current = false;
        await uneFois();
      } while (encore.current && alive.current);
    };
    const running = run().finally(() => {
      if (enCours.current === running) enCours.current = null;
    });
    enCours.current = running;
    return running;
  }, [uneFois]);

  useEffect(() => {
    catchUpRef.current = catchUp;
  }, [catchUp]);
  useEffect(() => {
    alive.current = true;
    // Ask the browser to keep the queue and the catalogue when it runs short of space.
    void navigator.storage?.persist?.().catch(() => false);
    void getMeta<string>(serviceId, 'rafraichi')
      .then((at) => alive.current && setRafraichi(at ?? null))
      .catch(() => undefined);
    void recount();
    void catchUp();
    const online = () => {
      setEnLigne(true);
      void catchUp();
    };
    const offline = () => setEnLigne(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const timer = setInterval(() => void catchUp(), REFRESH_MS);
    return () => {
      alive.current = false;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearInterval(timer);
      clearTimeout(retry.current);
      enCours.current = null;
    };
  }, [serviceId, catchUp, recount]);

  const vendre = useCallback(
    async (s: VenteSaisieHorsLigne, pays: string | null) => {
      const cle = s.cart.cleIdempotence ?? newCleIdempotence();
      const faiteLe = new Date().toISOString();
      const entry: VenteEnFile<Vente> = await mettreEnFile<Vente>(
        serviceId,
        pays,
        (numero, sequence) => {
          const vente = corpsHorsLigne(s, cle, sequence, faiteLe);
          return { cle, vente, client: s.clientHorsLigne, recu: venteLocale(s, vente, numero) };
        },
      );
      await recount();
      return entry.recu;
    },
    [serviceId, recount],
  );

  const creerClient = useCallback(
    async (nom: string, telephone: string | null) => {
      const id = -Date.now();
      const cleHorsLigne = newCleIdempotence();
      await putAll(serviceId, 'clients', [
        {
          id,
          nom,
          telephone,
          plafondCredit: null,
          actif: true,
          updatedAt: '',
          cle: `${searchKey(nom)} ${telephone ?? ''}`,
          cleHorsLigne,
        },
      ]);
      return { id, nom, telephone };
    },
    [serviceId],
  );

  const clientHorsLigne = useCallback(
    async (id: number) => {
      const c = await getOne<{ nom: string; telephone: string | null; cleHorsLigne?: string }>(
        serviceId,
        'clients',
        id,
      );
      return c?.cleHorsLigne ? { cle: c.cleHorsLigne, nom: c.nom, telephone: c.telephone } : null;
    },
    [serviceId],
  );

  const etat: EtatReseau = !enLigne ? 'hors_ligne' : syncing ? 'synchronisation' : 'en_ligne';
  return {
    etat,
    enAttente,
    rafraichi,
    erreur,
    stockagePlein,
    refusees,
    relancer: catchUp,
    vendre,
    creerClient,
    clientHorsLigne,
  };
}
