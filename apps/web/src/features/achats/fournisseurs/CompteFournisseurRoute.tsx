import { deNom } from '@comptoir/shared';
import { Message } from 'primereact/message';
import { Link, Navigate, useParams } from 'react-router';
import { CompteHeader } from '../../../components/CompteHeader';
import { WithShop } from '../../../components/WithShop';
import { errorMessage } from '../../../lib/errors';
import { useCurrentShop } from '../../../lib/shop';
import { useDialogParam } from '../../../lib/use-dialog-param';
import { useFeedback } from '../../../lib/use-feedback';
import { fetchReleveFournisseur, useCompteFournisseur } from '../api';
import {
  AchatsDuTable,
  ReglementsFournisseurTable,
  RetoursFournisseurTable,
  SoldeFournisseur,
} from './CompteTables';
import { ReglementFournisseurDialog } from './ReglementFournisseurDialog';

function CompteFournisseurScreen({ serviceId, id }: { serviceId: number; id: number }) {
  const { devise, timeZone } = useCurrentShop();
  const compte = useCompteFournisseur(serviceId, id);
  const dialog = useDialogParam('paiement');
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
  const ouverts = c.achats
    .filter((a) => a.reste > 0)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);

  return (
    <div className="card-surface">
      <CompteHeader
        title={`Fournisseur ${c.fournisseur.nom}`}
        nom={c.fournisseur.nom}
        releve={() => fetchReleveFournisseur(serviceId, id)}
        payer={{
          label: 'Payer le fournisseur',
          disabled: ouverts.length === 0,
          onClick: () => dialog.open('new'),
        }}
      />
      <p className="m-0 mb-3">
        {c.fournisseur.telephone ?? 'Pas de téléphone'} ·{' '}
        <Link to="/pages/fournisseurs">Tous les fournisseurs</Link> ·{' '}
        <Link to="/pages/dettes?onglet=fournisseurs">Dettes fournisseurs</Link> ·{' '}
        <Link to={`/pages/approvisionnements-list?fournisseurId=${c.fournisseur.id}`}>
          {`Achats ${deNom(c.fournisseur.nom)}`}
        </Link>
      </p>
      <SoldeFournisseur compte={c} devise={devise} />
      <h2 className="text-xl">Achats</h2>
      <AchatsDuTable compte={c} devise={devise} />
      <h2 className="text-xl mt-4">Paiements</h2>
      <ReglementsFournisseurTable compte={c} devise={devise} timeZone={timeZone} />
      <h2 className="text-xl mt-4">Retours au fournisseur</h2>
      <RetoursFournisseurTable compte={c} devise={devise} timeZone={timeZone} />
      {dialog.target !== null && ouverts.length > 0 && (
        <ReglementFournisseurDialog
          serviceId={serviceId}
          fournisseurId={id}
          devise={devise}
          achats={ouverts}
          onHide={dialog.close}
          onDone={(r) => {
            dialog.close();
            feedback.success(
              'Paiement enregistré',
              `${r.allocations.map((a) => a.achatNumero).join(', ')} : le compte de « ${c.fournisseur.nom} » est à jour.`,
            );
          }}
        />
      )}
    </div>
  );
}

/**
 * /pages/fournisseurs/:id (owner): a supplier's page: what the shop owes it, its purchases,
 * payments and returns, the statement PDF and « Payer le fournisseur ».
 */
export default function CompteFournisseurRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <CompteFournisseurScreen key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
