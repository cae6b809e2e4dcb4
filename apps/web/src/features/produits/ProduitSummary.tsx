import { formatMoney, formatQuantity, type Produit } from '@comptoir/shared';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { StockCell } from './StockCell';

const Item = ({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) => (
  <div className="col-12 sm:col-6 lg:col-3">
    <div className="text-color-secondary text-sm mb-1">{label}</div>
    <div className="text-xl font-semibold" data-testid={testId}>
      {children}
    </div>
  </div>
);

/** What the shop holds of a product: quantity, weighted average cost, value; and its card. */
export function ProduitSummary({ produit: p, devise }: { produit: Produit; devise: string }) {
  const money = (minor: number) => formatMoney(minor, devise);
  return (
    <>
      <div className="grid">
        <Item label="Quantité en stock" testId="produit-quantite">
          <StockCell produit={p} />
        </Item>
        <Item label="Coût moyen pondéré (CUMP)" testId="produit-cump">
          {money(p.prixAchat)}
        </Item>
        <Item label="Valeur du stock">{money(p.valeurStock)}</Item>
        <Item label="Prix de vente">{money(p.prixVente)}</Item>
      </div>
      <dl className="grid mt-2 mb-0">
        {(
          [
            ['Référence', p.reference ?? '—'],
            ['Code-barres', p.codeBarres ?? '—'],
            ['Catégorie', p.categorie?.nom ?? '—'],
            ['Marque', p.marque?.nom ?? '—'],
            ['Unité', `${p.unite.nom} (${p.unite.symbole})`],
            ['Prix de gros', p.prixGros === null ? '—' : money(p.prixGros)],
            ['Taux de TVA', `${(p.tauxTva / 100).toLocaleString('fr-FR')}\u00A0%`],
            ["Seuil d'alerte", `${formatQuantity(p.seuilAlerte)}\u00A0${p.unite.symbole}`],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="col-12 sm:col-6 lg:col-3">
            <dt className="text-color-secondary text-sm">{label}</dt>
            <dd className="m-0">{value}</dd>
          </div>
        ))}
        <div className="col-12 sm:col-6 lg:col-3">
          <dt className="text-color-secondary text-sm">Statut</dt>
          <dd className="m-0">
            {p.actif ? (
              <Tag value="Actif" severity="success" />
            ) : (
              <Tag value="Inactif" severity="secondary" />
            )}
          </dd>
        </div>
        {p.description && (
          <div className="col-12">
            <dt className="text-color-secondary text-sm">Description</dt>
            <dd className="m-0 white-space-pre-line">{p.description}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
