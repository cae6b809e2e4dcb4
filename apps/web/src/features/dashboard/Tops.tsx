import { formatMoney, formatQuantity, type TableauFigures } from '@comptoir/shared';
import { Link } from 'react-router';
import type { ReactNode } from 'react';

/**
 * The best products and categories and the sellers of the period. With one shop (`links`), a
 * category opens the product report filtered on it and a seller the sales list of their sales, both
 * on the period's days: the list shows the same total as the line.
 */

type Jours = { du: string; au: string };

interface Props {
  figures: TableauFigures;
  devise: string;
  links: Jours | null;
}

function Block({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="col-12 md:col-6 xl:col-4">
      <div className="card-surface h-full">
        <h2 className="mt-0 mb-3 text-xl">{title}</h2>
        <table className="w-full" data-testid={testId}>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

function Name({ to, children }: { to: string | null; children: ReactNode }) {
  return <td>{to ? <Link to={to}>{children}</Link> : children}</td>;
}

const periode = (j: Jours) => `periode=perso&du=${j.du}&au=${j.au}`;

export function Tops({ figures, devise, links }: Props) {
  const money = (n: number) => formatMoney(n, devise);
  const empty = (rows: unknown[]) =>
    rows.length ? null : (
      <tr>
        <td>Aucune vente sur la période.</td>
      </tr>
    );
  return (
    <div className="grid">
      <Block title="Meilleurs produits" testId="top-produits">
        {figures.topProduits.map((p) => (
          <tr key={`${p.boutique}-${p.produitId}`}>
            <td>{p.nom}</td>
            <td className="text-right">{formatQuantity(p.quantite)}</td>
            <td className="text-right">{money(p.caTtc)}</td>
          </tr>
        ))}
        {empty(figures.topProduits)}
      </Block>
      <Block title="Meilleures catégories" testId="top-categories">
        {figures.topCategories.map((c) => (
          <tr key={c.categorieId ?? 'sans'}>
            <Name
              to={
                links && c.categorieId !== null
                  ? `/pages/rapports/produits?${periode(links)}&categorieId=${c.categorieId}`
                  : null
              }
            >
              {c.nom}
            </Name>
            <td className="text-right">{money(c.caTtc)}</td>
          </tr>
        ))}
        {empty(figures.topCategories)}
      </Block>
      <Block title="Vendeurs" testId="vendeurs">
        {figures.vendeurs.map((v) => (
          <tr key={v.userId}>
            <Name to={links ? `/pages/ventes-list?${periode(links)}&vendeurId=${v.userId}` : null}>
              {v.prenom} {v.nom}
            </Name>
            <td className="text-right">
              {v.nombre} {v.nombre > 1 ? 'ventes' : 'vente'}
            </td>
            <td className="text-right">{money(v.caTtc)}</td>
          </tr>
        ))}
        {empty(figures.vendeurs)}
      </Block>
    </div>
  );
}
