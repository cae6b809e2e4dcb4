import { formatMoney, formatQuantity, type Produit } from '@comptoir/shared';
import { memo, useState } from 'react';
import { useCategorieOptions } from '../../produits';
import { useGrid, type ProductCache } from './api';

const Tile = memo(function Tile({
  produit,
  devise,
  onPick,
}: {
  produit: Produit;
  devise: string;
  onPick: (p: Produit) => void;
}) {
  return (
    <button
      type="button"
      className="pos-tile"
      onClick={() => onPick(produit)}
      aria-label={`Ajouter ${produit.nom}`}
    >
      {produit.image ? (
        <img src={produit.image} alt="" loading="lazy" />
      ) : (
        <i className="pi pi-box" aria-hidden />
      )}
      <span className="pos-tile-name">{produit.nom}</span>
      <span className="pos-tile-price">{formatMoney(produit.prixVente, devise)}</span>
      <span className="pos-tile-stock">
        {formatQuantity(produit.quantite)} {produit.unite.symbole}
      </span>
    </button>
  );
});

interface Props {
  serviceId: number;
  devise: string;
  cache: ProductCache;
  onPick: (p: Produit) => void;
}

/** Products by category, with their photos, for touch screens. Collapsible; memoised tiles. */
export const ProductGrid = memo(function ProductGrid({ serviceId, devise, cache, onPick }: Props) {
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 768);
  const [categorieId, setCategorieId] = useState<number | null>(null);
  const categories = useCategorieOptions(serviceId);
  const grid = useGrid(serviceId, categorieId, cache, open);
  return (
    <section className="pos-grid-panel" aria-label="Produits par catégorie">
      <button
        type="button"
        className="p-button p-button-text p-button-sm"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <i className={`pi ${open ? 'pi-chevron-up' : 'pi-th-large'} mr-2`} aria-hidden />
        {open ? 'Masquer la grille' : 'Afficher la grille des produits'}
      </button>
      {open && (
        <>
          <div className="pos-categories" role="tablist" aria-label="Catégories">
            {[{ id: null as number | null, nom: 'Tout' }, ...(categories.data ?? [])].map((c) => (
              <button
                key={c.id ?? 0}
                type="button"
                role="tab"
                aria-selected={categorieId === c.id}
                className={`p-button p-button-sm ${categorieId === c.id ? '' : 'p-button-outlined'}`}
                onClick={() => setCategorieId(c.id)}
              >
                {c.nom}
              </button>
            ))}
          </div>
          <div className="pos-grid">
            {(grid.data ?? []).map((p) => (
              <Tile key={p.id} produit={p} devise={devise} onPick={onPick} />
            ))}
            {grid.data?.length === 0 && (
              <p className="text-color-secondary">Aucun produit dans cette catégorie.</p>
            )}
          </div>
        </>
      )}
    </section>
  );
});
