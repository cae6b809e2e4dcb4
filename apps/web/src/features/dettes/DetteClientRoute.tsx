import { deNom } from '@comptoir/shared';
import type { Reglement } from '@comptoir/shared';
import { Message } from 'primereact/message';
import { Link, Navigate, useParams } from 'react-router';
import { CompteHeader } from '../../components/CompteHeader';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { CompteSolde } from './CompteSolde';
import { fetchReleve, useCompteClient } from './api';
import { DettesClientTable, ReglementsTable } from './CompteTables';
import { ReglementDialog } from './ReglementDialog';

function DetteClient({ serviceId, clientId }: { serviceId: number; clientId: number }) {
  const { devise } = useCurrentShop();
  const compte = useCompteClient(serviceId, clientId);
  const dialog = useDialogParam('reglement');
  const feedback = useFeedback();

  if (compte.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(compte.error)}
        className="w-full justify-content-start"
      />
    );
  if (compte.isPending || devise === null) return <p role="status">Chargement…</p>;
  const c = compte.data;
  const ouvertes = c.dettes
    .filter((d) => d.reste > 0)
    .sort((a, b) => a.vente.createdAt.localeCompare(b.vente.createdAt) || a.id - b.id);

  const done = (r: Reglement) => {
    dialog.close();
    feedback.success(
      'Règlement enregistré',
      `${r.allocations.map((a) => a.venteNumero).join(', ') || 'Règlement'} : le compte de « ${c.client.nom} » est à jour.`,
    );
  };

  return (
    <div className="card-surface">
      <CompteHeader
        title={`Dettes ${deNom(c.client.nom)}`}
        nom={c.client.nom}
        releve={() => fetchReleve(serviceId, clientId)}
        payer={{
          label: 'Enregistrer un règlement',
          disabled: ouvertes.length === 0,
          onClick: () => dialog.open('new'),
        }}
      />
      <p className="m-0 mb-3">
        {c.client.telephone ?? 'Pas de téléphone'} ·{' '}
        <Link to={`/pages/clients/${c.client.id}`}>Fiche du client</Link> ·{' '}
        <Link to="/pages/dettes">Toutes les dettes</Link>
      </p>
      <CompteSolde compte={c} devise={devise} />
      <h2 className="text-xl">Dettes</h2>
      <DettesClientTable dettes={c.dettes} devise={devise} />
      <h2 className="text-xl mt-4">Règlements</h2>
      <ReglementsTable reglements={c.reglements} devise={devise} />
      {dialog.target !== null && ouvertes.length > 0 && (
        <ReglementDialog
          serviceId={serviceId}
          clientId={clientId}
          devise={devise}
          dettes={ouvertes}
          onDone={done}
          onHide={dialog.close}
        />
      )}
    </div>
  );
}

/** /pages/dettes/:clientId (owner): a customer's balance, debts, repayments and statement. */
export default function DetteClientRoute() {
  const { clientId } = useParams();
  if (!clientId || !/^\d{1,12}$/.test(clientId)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <DetteClient
          key={`${serviceId}-${clientId}`}
          serviceId={serviceId}
          clientId={Number(clientId)}
        />
      )}
    </WithShop>
  );
}
