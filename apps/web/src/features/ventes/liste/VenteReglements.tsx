import {
  MODE_PAIEMENT_LABELS,
  MOUVEMENT_TYPE_LABELS,
  formatDateTime,
  formatMoney,
  formatQuantity,
  type VenteMouvement,
  type Paiement,
  type Vente,
} from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/dates';
import { DetteStatutTag } from './statut';
import { useCurrentShop } from '../../../lib/shop';

/** Payments at the counter: mode, operator and reference, amount, received and change. */
export function VentePaiements({ vente }: { vente: Vente }) {
  const money = (v: number) => formatMoney(v, vente.devise);
  return (
    <DataTable
      value={vente.paiements}
      dataKey="id"
      size="small"
      emptyMessage="Aucun paiement au comptoir"
      data-testid="vente-paiements"
    >
      <Column header="Mode" body={(p: Paiement) => MODE_PAIEMENT_LABELS[p.mode]} />
      <Column
        header="Opérateur ou référence"
        body={(p: Paiement) => [p.operateur, p.reference].filter(Boolean).join(' — ') || '—'}
      />
      <Column
        header="Montant"
        body={(p: Paiement) => money(p.montant)}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Reçu"
        body={(p: Paiement) => (p.recu === null ? '—' : money(p.recu))}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Rendu"
        body={(p: Paiement) => (p.rendu > 0 ? money(p.rendu) : '—')}
        className="text-right white-space-nowrap"
      />
    </DataTable>
  );
}

/** The unpaid rest of the sale as a customer debt. */
export function VenteDette({ vente }: { vente: Vente }) {
  const { dette } = vente;
  if (!dette) return <p className="m-0">Aucune dette : la vente a été réglée au comptoir.</p>;
  const money = (v: number) => formatMoney(v, vente.devise);
  const items: [string, React.ReactNode][] = [
    ['Échéance', formatDay(dette.echeance)],
    ['Montant', money(dette.montant)],
    ['Payé', money(dette.paye)],
    ['Reste', money(dette.reste)],
    ['Statut', <DetteStatutTag key="s" statut={dette.statut} />],
  ];
  return (
    <dl className="grid m-0" data-testid="vente-dette">
      {items.map(([label, value]) => (
        <div key={label} className="col-6 md:col">
          <dt className="text-sm text-color-secondary">{label}</dt>
          <dd className="m-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The sale's returns: number, date, amount. */
export function VenteRetours({ vente }: { vente: Vente }) {
  const { timeZone } = useCurrentShop();
  return (
    <DataTable
      value={vente.retours}
      dataKey="id"
      size="small"
      emptyMessage="Aucun retour"
      data-testid="vente-retours"
    >
      <Column header="Numéro" field="numero" />
      <Column
        header="Date"
        body={(r: Vente['retours'][number]) => formatDateTime(r.createdAt, timeZone)}
      />
      <Column
        header="Montant"
        body={(r: Vente['retours'][number]) => formatMoney(r.montantTtc, vente.devise)}
        className="text-right white-space-nowrap"
      />
    </DataTable>
  );
}

/** Stock movements written by the sale and its returns. */
export function VenteMouvements({
  mouvements,
  vente,
  loading,
}: {
  mouvements: VenteMouvement[] | undefined;
  vente: Vente;
  loading: boolean;
}) {
  const { timeZone } = useCurrentShop();
  const symbole = (m: VenteMouvement) =>
    vente.lignes.find((l) => l.produitId === m.produit.id)?.uniteSymbole ?? '';
  return (
    <DataTable
      value={mouvements ?? []}
      dataKey="id"
      size="small"
      loading={loading}
      emptyMessage="Aucun mouvement"
      data-testid="vente-mouvements"
    >
      <Column header="Type" body={(m: VenteMouvement) => MOUVEMENT_TYPE_LABELS[m.type]} />
      <Column
        header="Article"
        body={(m: VenteMouvement) => (
          <Link to={`/pages/produits/${m.produit.id}`}>{m.produit.nom}</Link>
        )}
      />
      <Column
        header="Quantité"
        body={(m: VenteMouvement) =>
          `${m.quantite > 0 ? '+' : ''}${formatQuantity(m.quantite)}\u00A0${symbole(m)}`
        }
        className="text-right white-space-nowrap"
      />
      <Column header="Date" body={(m: VenteMouvement) => formatDateTime(m.createdAt, timeZone)} />
    </DataTable>
  );
}
