import { ETATS_STOCK } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { ETAT_STOCK_LABELS } from './produits-list';

interface Option {
  id: number;
  nom: string;
}

interface Props {
  filters: Readonly<Record<string, string>>;
  categories: Option[];
  /** Null: the brand filter is not shown (the manager does not manage brands). */
  marques: Option[] | null;
  onFilter: (key: string, value: string | null) => void;
}

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Actifs' },
  { value: 'false', label: 'Inactifs' },
];
const STOCK_OPTIONS = ETATS_STOCK.map((value) => ({ value, label: ETAT_STOCK_LABELS[value] }));
const idOptions = (items: Option[]) => items.map((o) => ({ value: String(o.id), label: o.nom }));

/** Filters of the products list: category, brand, active, stock state. */
export function ProduitsFilters({ filters, categories, marques, onFilter }: Props) {
  const pick = (key: string) => (e: { value: unknown }) =>
    onFilter(key, (e.value as string | null) ?? null);
  return (
    <>
      <Dropdown
        value={filters['categorieId'] ?? null}
        options={idOptions(categories)}
        onChange={pick('categorieId')}
        placeholder="Toutes les catégories"
        showClear
        filter
        aria-label="Filtrer par catégorie"
      />
      {marques && (
        <Dropdown
          value={filters['marqueId'] ?? null}
          options={idOptions(marques)}
          onChange={pick('marqueId')}
          placeholder="Toutes les marques"
          showClear
          filter
          aria-label="Filtrer par marque"
        />
      )}
      <Dropdown
        value={filters['actif'] ?? null}
        options={ACTIVE_OPTIONS}
        onChange={pick('actif')}
        placeholder="Actifs et inactifs"
        showClear
        aria-label="Filtrer par statut"
      />
      <Dropdown
        value={filters['stock'] ?? null}
        options={STOCK_OPTIONS}
        onChange={pick('stock')}
        placeholder="Tout le stock"
        showClear
        aria-label="Filtrer par état du stock"
      />
    </>
  );
}
