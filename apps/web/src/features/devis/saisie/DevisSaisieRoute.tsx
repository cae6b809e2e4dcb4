import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { Navigate, useParams } from 'react-router';
import { EMPTY_CART, toCartProduct, type Cart } from '../../../components/document/cart';
import { WithShop } from '../../../components/WithShop';
import { errorMessage } from '../../../lib/errors';
import { fetchProduits, useDevis } from '../api';
import { prestationsOf } from './devis-saisie';
import { DevisForm } from './DevisForm';

/** A draft back in the form: its products from the catalogue (priced again, as the server does). */
function DevisEdit({ serviceId, id }: { serviceId: number; id: number }) {
  const devis = useDevis(serviceId, id);
  const d = devis.data;
  const ids = d ? d.lignes.flatMap((l) => (l.produitId === null ? [] : [l.produitId])) : [];
  const produits = useQuery({
    queryKey: ['produits', serviceId, 'devis', id, ids],
    queryFn: () => fetchProduits(serviceId, ids),
    enabled: d !== undefined,
  });
  const error = devis.error ?? produits.error;
  if (error) return <Message severity="error" text={errorMessage(error)} />;
  if (!d || !produits.data) return <p role="status">Chargement…</p>;
  if (d.statut !== 'brouillon') return <Navigate to={`/pages/devis/${d.id}`} replace />;
  const byId = new Map(produits.data.map((p) => [p.id, p]));
  const cart: Cart = {
    ...EMPTY_CART,
    client: { id: d.client.id, nom: d.client.nom, telephone: d.client.telephone },
    typeVenteId: d.typeVente.id,
    remiseGlobale: d.remiseGlobale,
    lignes: d.lignes.flatMap((l) => {
      const p = l.produitId === null ? undefined : byId.get(l.produitId);
      return p ? [{ produit: toCartProduct(p), quantite: l.quantite, remise: l.remise }] : [];
    }),
  };
  return (
    <DevisForm serviceId={serviceId} initial={{ devis: d, cart, prestations: prestationsOf(d) }} />
  );
}

/** /pages/devis/add (owner): a new quote; /pages/devis/:id/edit: its draft, until it is sent. */
export default function DevisSaisieRoute() {
  const { id } = useParams();
  if (id !== undefined && !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) =>
        id === undefined ? (
          <DevisForm key={serviceId} serviceId={serviceId} initial={null} />
        ) : (
          <DevisEdit key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
        )
      }
    </WithShop>
  );
}
