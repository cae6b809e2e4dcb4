import { formatMoney, formatQuantity, type AlerteHorsLigne } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { http } from '../lib/http';
import { shopPath } from '../lib/shop';

function texte(a: AlerteHorsLigne, devise: string): string {
  const money = (m: number | null) => formatMoney(m ?? 0, devise);
  if (a.type === 'stock_negatif')
    return `Stock de « ${a.produitNom} » passé à ${formatQuantity(a.quantite ?? 0)}`;
  if (a.type === 'prix_different')
    return `« ${a.produitNom} » facturé ${money(a.prixFacture)} au lieu de ${money(a.prixCatalogue)}`;
  return `« ${a.produitNom} », supprimé du catalogue, vendu ${money(a.prixFacture)}`;
}

/**
 * What sales made without the network left for the owner to see (stock under zero, another price
 * charged, a product deleted meanwhile), on the dashboard or for one product. Nothing when none.
 */
export function AlertesHorsLigne({
  serviceId,
  devise,
  produitId,
}: {
  serviceId: number;
  devise: string;
  produitId?: number;
}) {
  const alertes = useQuery({
    queryKey: ['ventes', serviceId, 'alertes-hors-ligne', produitId ?? null],
    queryFn: () =>
      http.get<AlerteHorsLigne[]>(shopPath(serviceId, 'alertes-hors-ligne'), {
        query: { produitId },
      }),
  });
  const items = alertes.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="card-surface mb-3" aria-label="Ventes hors ligne à vérifier">
      <h2 className="mt-0 mb-2 text-xl">
        <i className="pi pi-exclamation-triangle text-orange-500 mr-2" aria-hidden />
        Ventes hors ligne à vérifier
      </h2>
      <ul className="m-0 pl-3" data-testid="alertes-hors-ligne">
        {items.slice(0, 20).map((a) => (
          <li key={a.id}>
            {texte(a, devise)} — vente{' '}
            <Link to={`/pages/ventes-list/${a.venteId}`}>{a.venteNumero}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
