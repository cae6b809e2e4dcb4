import {
  formatMoney,
  formatQuantity,
  hrefTableau,
  lienCategorie,
  lienProduit,
  lienVendeur,
  type Jours,
  type TableauFigures,
} from '@comptoir/shared';
import { Link } from 'react-router';
import type { ReactNode } from 'react';

/**
 * The best products and categories and the sellers of the period. With one shop (`links`), a
 * product opens the product report narrowed to it, a category the report filtered on it and a
 * seller the sales list of their sales, all on the period's days (LIENS_TABLEAU's rules): the list
 * shows the same total as the line.
 */

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

export function Tops({ figures, devise, links }: Props) {
  const money = (n: number) => formatMoney(n, devise);
  const categoryLink = (id: number | null) => {
    const l = lienCategorie(id);
    return links && l ? hrefTableau(l, links) : null;
  };
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
            <Name to={links ? hrefTableau(lienProduit(p.produitId), links) : null}>{p.nom}</Name>
            <td className="text-right">{formatQuantity(p.quantite)}</td>
            <td className="text-right">{money(p.caTtc)}</td>
          </tr>
        ))}
        {empty(figures.topProduits)}
      </Block>
      <Block title="Meilleures catégories" testId="top-categories">
        {figures.topCategories.map((c) => (
          <tr key={c.categorieId ?? 'sans'}>
            <Name to={categoryLink(c.categorieId)}>{c.nom}</Name>
            <td className="text-right">{money(c.caTtc)}</td>
          </tr>
        ))}
        {empty(figures.topCategories)}
      </Block>
      <Block title="Vendeurs" testId="vendeurs">
        {figures.vendeurs.map((v) => (
          <tr key={v.userId}>
            <Name to={links ? hrefTableau(lienVendeur(v.userId), links) : null}>
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
