import { formatMoney, type RapportToutesVentes } from '@comptoir/shared';
import { ListTotaux } from '../../components/list/ListTotaux';

/**
 * The period's figures over every sale (lines without product included) and every return made in
 * it: the dashboard's « Chiffre d’affaires HT », « Marge brute » and « Retours » of the same days,
 * under the same names. Not shown with a product filter (the API gives none).
 */
export function ToutesVentes({
  figures,
  devise,
}: {
  figures: RapportToutesVentes | null | undefined;
  devise: string;
}) {
  if (!figures) return null;
  const money = (n: number) => formatMoney(n, devise);
  const title = 'Toutes les ventes de la période';
  const items: [string, string][] = [
    ['Chiffre d’affaires HT', money(figures.caHt)],
    ['Marge brute', money(figures.margeBrute)],
    ['Retours', `${figures.nombreRetours} · ${money(figures.retoursTtc)}`],
  ];
  return (
    <>
      <h2 className="mt-0 mb-2 text-base">{title}</h2>
      <ListTotaux label={title} testId="rapport-toutes-ventes" items={items} />
      <p className="text-600 text-sm mt-0 mb-3">
        Lignes sans produit (devis convertis) comprises ; retours comptés au jour du retour. Le
        tableau ci-dessous ne reprend que les produits.
      </p>
    </>
  );
}
