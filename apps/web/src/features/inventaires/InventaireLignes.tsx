import { formatMoney, formatQuantity, type InventaireLigne } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { CardList } from '../../components/list/CardList';
import { useIsPhone } from '../../lib/use-phone';

interface Props {
  lignes: { items: InventaireLigne[]; total: number } | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  devise: string;
  /** The count is open: each line takes a typed quantity. */
  ouvert: boolean;
  saisies: Record<number, string>;
  onSaisie: (produitId: number, value: string) => void;
  onEnregistrer: (ligne: InventaireLigne) => void;
}

const SIZE = 20;

/**
 * The lines of an inventory, 20 a page: expected, counted, difference and its value, and the typed
 * quantity while the count is open. On a phone each line is a card (the product, its difference,
 * then expected, counted and value), so that a counter reads and types without scrolling sideways.
 */
export function InventaireLignes(props: Props) {
  const { lignes, loading, page, onPage, devise, ouvert, saisies, onSaisie, onEnregistrer } = props;
  const phone = useIsPhone();
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, devise));
  const qty = (v: number | null) => (v === null ? '—' : formatQuantity(v));
  const saisie = (l: InventaireLigne) => (
    <span className="flex gap-1">
      <InputText
        aria-label={`Quantité comptée de ${l.nom}`}
        inputMode="decimal"
        size={6}
        value={saisies[l.produitId] ?? ''}
        onChange={(e) => onSaisie(l.produitId, e.target.value)}
      />
      <Button
        type="button"
        icon="pi pi-save"
        aria-label={`Enregistrer ${l.nom}`}
        text
        onClick={() => onEnregistrer(l)}
      />
    </span>
  );
  if (phone)
    return (
      <CardList
        value={lignes?.items ?? []}
        rowKey={(l) => l.produitId}
        label="Produits de l’inventaire"
        emptyMessage="Aucun produit."
        loading={loading}
        testId="inventaire-lignes"
        paging={{
          first: (page - 1) * SIZE,
          rows: SIZE,
          totalRecords: lignes?.total ?? 0,
          onPage: (first) => onPage(Math.floor(first / SIZE) + 1),
        }}
        card={(l) => ({
          title: l.nom,
          amount: l.ecart === null ? undefined : `Écart ${qty(l.ecart)}`,
          status: l.valeurEcart === null ? undefined : <span>{money(l.valeurEcart)}</span>,
          details: [`Attendu ${qty(l.quantiteAttendue)}`, `Compté ${qty(l.quantiteComptee)}`],
          actions: ouvert ? saisie(l) : undefined,
        })}
      />
    );
  return (
    <DataTable
      value={lignes?.items ?? []}
      dataKey="produitId"
      lazy
      paginator
      rows={SIZE}
      first={(page - 1) * SIZE}
      totalRecords={lignes?.total ?? 0}
      onPage={(e) => onPage((e.page ?? 0) + 1)}
      emptyMessage="Aucun produit."
      size="small"
    >
      <Column field="nom" header="Produit" />
      <Column header="Attendu" body={(l: InventaireLigne) => qty(l.quantiteAttendue)} />
      <Column header="Compté" body={(l: InventaireLigne) => qty(l.quantiteComptee)} />
      <Column header="Écart" body={(l: InventaireLigne) => qty(l.ecart)} />
      <Column header="Valeur" body={(l: InventaireLigne) => money(l.valeurEcart)} />
      {ouvert && <Column header="Quantité comptée" body={saisie} />}
    </DataTable>
  );
}
