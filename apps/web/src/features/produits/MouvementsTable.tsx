import {
  MOUVEMENT_TYPE_LABELS,
  formatDateTime,
  formatQuantity,
  type Mouvement,
  type MouvementPage,
} from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { pagedTableProps } from '../../components/paged-table';
import type { useListParams } from '../../lib/use-list-params';
import { useCurrentShop } from '../../lib/shop';
import { mouvementDocument } from './mouvement-document';

interface Props {
  page: MouvementPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  symbole: string;
}

const signed = (q: number) => (q > 0 ? `+${formatQuantity(q)}` : formatQuantity(q));
const documentCell = (m: Mouvement) => {
  const { texte, lien } = mouvementDocument(m);
  return lien ? <Link to={lien}>{texte}</Link> : texte;
};

/** The product's stock ledger, newest first, server-paged. */
export function MouvementsTable({ page, loading, list, symbole }: Props) {
  const { timeZone } = useCurrentShop();
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      loading={loading}
      emptyMessage="Aucun mouvement"
      stripedRows
      size="small"
      data-testid="mouvements-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column header="Type" body={(m: Mouvement) => MOUVEMENT_TYPE_LABELS[m.type]} />
      <Column
        header="Quantité"
        body={(m: Mouvement) => `${signed(m.quantite)}\u00A0${symbole}`}
        className={'text-right white-space-nowrap'}
      />
      <Column header="Document ou motif" body={documentCell} />
      <Column
        header="Utilisateur"
        body={(m: Mouvement) => (m.user ? `${m.user.prenom} ${m.user.nom}` : '—')}
      />
      <Column
        header="Date"
        sortable
        sortField="created_at"
        field="createdAt"
        body={(m: Mouvement) => formatDateTime(m.createdAt, timeZone)}
      />
    </DataTable>
  );
}
