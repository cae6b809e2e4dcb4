import { formatMoney, type Produit, type ProduitPage } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { useIsPhone } from '../../lib/use-phone';
import type { useListParams } from '../../lib/use-list-params';
import { StockCell } from './StockCell';

interface Props {
  page: ProduitPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  devise: string | null;
  header: ReactNode;
  onEdit: (p: Produit) => void;
  /** Rows ticked (for labels), kept across pages. */
  selection: Produit[];
  onSelectionChange: (selection: Produit[]) => void;
}

const photoCell = (p: Produit) =>
  p.image ? (
    <img
      src={p.image}
      alt=""
      width={40}
      height={40}
      className="border-round"
      style={{ objectFit: 'cover' }}
    />
  ) : (
    <span
      className="inline-flex align-items-center justify-content-center surface-200 border-round"
      style={{ width: 40, height: 40 }}
      aria-hidden="true"
    >
      <i className="pi pi-image text-color-secondary" />
    </span>
  );

const nameCell = (p: Produit) => (
  <span className="inline-flex flex-wrap align-items-center gap-2">
    <Link to={`/pages/produits/${p.id}`}>{p.nom}</Link>
    {!p.actif && <Tag value="Inactif" severity="secondary" />}
  </span>
);

/** A page of the shop's products, server-paged, sorted and filtered. */
export function ProduitsTable({
  page,
  loading,
  list,
  devise,
  header,
  onEdit,
  selection,
  onSelectionChange,
}: Props) {
  const priceCell = (p: Produit) => (devise ? formatMoney(p.prixVente, devise) : '…');
  const actions = (p: Produit) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${p.nom}`}
        onClick={() => onEdit(p)}
      />
    </div>
  );
  const phone = useIsPhone();
  if (phone)
    return (
      <CardList
        value={page?.items ?? []}
        rowKey={(p) => p.id}
        label="Produits"
        emptyMessage="Aucun produit"
        loading={loading}
        header={header}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="produits-cards"
        selection={{
          isSelected: (p) => selection.some((s) => s.id === p.id),
          toggle: (p) =>
            onSelectionChange(
              selection.some((s) => s.id === p.id)
                ? selection.filter((s) => s.id !== p.id)
                : [...selection, p],
            ),
          label: (p) => `Choisir ${p.nom}`,
        }}
        card={(p) => ({
          media: photoCell(p),
          title: nameCell(p),
          amount: priceCell(p),
          status: <StockCell produit={p} />,
          details: [p.reference ?? p.codeBarres ?? '', p.categorie?.nom ?? ''].filter(Boolean),
          actions: actions(p),
        })}
      />
    );
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      selectionMode="checkbox"
      selection={selection}
      onSelectionChange={(e) => onSelectionChange(e.value)}
      loading={loading}
      header={header}
      emptyMessage="Aucun produit"
      stripedRows
      size="small"
      data-testid="produits-table"
      {...pagedTableProps(list, page?.total ?? 0)}
    >
      <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
      <Column header="Photo" body={photoCell} />
      <Column header="Nom" sortable field="nom" body={nameCell} />
      <Column
        header="Référence"
        sortable
        field="reference"
        body={(p: Produit) => p.reference ?? '—'}
      />
      <Column
        header="Code-barres"
        sortable
        sortField="code_barres"
        field="codeBarres"
        body={(p: Produit) => p.codeBarres ?? '—'}
      />
      <Column header="Catégorie" body={(p: Produit) => p.categorie?.nom ?? '—'} />
      <Column header="Marque" body={(p: Produit) => p.marque?.nom ?? '—'} />
      <Column
        header="Prix de vente"
        sortable
        sortField="prix_vente"
        field="prixVente"
        body={priceCell}
        className="text-right white-space-nowrap"
      />
      <Column
        header="Stock"
        sortable
        field="quantite"
        body={(p: Produit) => <StockCell produit={p} />}
      />
      <Column header="Actions" body={actions} headerClassName="text-right" />
    </DataTable>
  );
}
