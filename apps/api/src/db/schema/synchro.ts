import type { Generated } from 'kysely';

/** The counter without the network (migration 026). */
export interface SynchroTables {
  /** A register's code in its sale numbers (C01, C02…), unique in the shop. */
  caisse_series: { caisse_id: number; service_id: number; code: string };
  /** Last sequence recorded of a register's series in a shop year. */
  caisse_compteurs: { caisse_id: number; annee: number; dernier: number };
  /** A sale of a register's series: its sequence, when the till made it, when it arrived. */
  ventes_caisse: {
    vente_id: number;
    service_id: number;
    caisse_id: number;
    annee: number;
    sequence: number;
    faite_le: string;
    recue_le: string;
  };
  /** A customer a till created without the network, by the till's key. */
  clients_hors_ligne: { service_id: number; cle: string; client_id: number };
  /** What an offline sale left for the owner to see (ALERTE_TYPES). */
  alertes_hors_ligne: {
    id: Generated<number>;
    service_id: number;
    vente_id: number;
    produit_id: number | null;
    produit_nom: string;
    type: string;
    quantite: number | null;
    prix_facture: number | null;
    prix_catalogue: number | null;
    created_at: string;
    /** Marked as seen by the owner (migration 031): when, by whom. */
    vue_le: string | null;
    vue_par: number | null;
  };
  /** Deleted products and customers (triggers), read by the tills' catalogue refresh. */
  catalogue_suppressions: {
    id: Generated<number>;
    service_id: number;
    /** 'produit' | 'client' */
    type: string;
    objet_id: number;
    supprime_le: string;
  };
  /** The device that last chose a register (migration 029): its own id, who, since when. */
  caisse_appareils: {
    caisse_id: number;
    service_id: number;
    appareil: string;
    user_id: number;
    depuis: string;
  };
  /** A refused sale recorded again under the register's next number: the till's number kept. */
  ventes_renumerotees: {
    vente_id: number;
    service_id: number;
    numero_initial: string;
    motif_refus: string;
  };
  /** A refused sale the owner discarded, kept whole with the reason. */
  ventes_ecartees: {
    id: Generated<number>;
    service_id: number;
    caisse_id: number;
    cle: string;
    numero: string;
    total_ttc: number;
    contenu: string;
    motif: string;
    motif_refus: string;
    user_id: number;
    created_at: string;
    /** The cashier the till's receipt names (migration 037); null before it. */
    vendeur_id: number | null;
  };
}
