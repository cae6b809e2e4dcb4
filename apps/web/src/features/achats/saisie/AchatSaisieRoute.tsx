import { Message } from 'primereact/message';
import { Navigate, useParams } from 'react-router';
import { WithShop } from '../../../components/WithShop';
import { errorMessage } from '../../../lib/errors';
import { useCurrentShop, useShopToday } from '../../../lib/shop';
import { useAchat, useUnites } from '../api';
import { AchatSaisie } from './AchatSaisie';

function Saisie({ serviceId, achatId }: { serviceId: number; achatId: number | null }) {
  const { devise } = useCurrentShop();
  const today = useShopToday();
  const unites = useUnites();
  const brouillon = useAchat(serviceId, achatId ?? 0, achatId !== null);
  const failed = unites.error ?? (achatId !== null ? brouillon.error : null);
  if (failed)
    return (
      <Message
        severity="error"
        text={errorMessage(failed)}
        className="w-full justify-content-start"
      />
    );
  if (devise === null || unites.isPending || (achatId !== null && brouillon.isPending))
    return <p role="status">Chargement…</p>;
  const achat = achatId !== null ? (brouillon.data ?? null) : null;
  if (achat && achat.statut !== 'brouillon')
    return <Navigate to={`/pages/approvisionnements-list/${achat.id}`} replace />;
  return (
    <AchatSaisie
      serviceId={serviceId}
      devise={devise}
      today={today}
      unites={unites.data ?? []}
      brouillon={achat}
    />
  );
}

/**
 * /pages/approvisionnements (owner): a new purchase; /pages/approvisionnements/:id goes on with a
 * saved draft (a validated purchase opens its detail).
 */
export default function AchatSaisieRoute() {
  const { id } = useParams();
  if (id !== undefined && !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  const achatId = id === undefined ? null : Number(id);
  return (
    <WithShop>
      {(serviceId) => (
        <Saisie key={`${serviceId}-${id ?? ''}`} serviceId={serviceId} achatId={achatId} />
      )}
    </WithShop>
  );
}
