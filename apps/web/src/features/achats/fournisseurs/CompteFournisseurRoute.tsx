import { deNom } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { WithShop } from '../../../components/WithShop';
import { downloadBlob } from '../../../lib/download';
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
  const [releve, setReleve] = useState(false);
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

  const downloadReleve = async () => {
    setReleve(true);
    try {
      downloadBlob(
        await fetchReleveFournisseur(serviceId, id),
        `releve-${c.fournisseur.nom.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`,
      );
    } catch (error) {
      feedback.actionError('Relevé indisponible')(error);
    } finally {
      setReleve(false);
    }
  };

  return (
    <div className="card-surface">
      <PageHeader title={`Fournisseur ${c.fournisseur.nom}`}>
        <Button
          type="button"
          label="Relevé PDF"
          icon="pi pi-file-pdf"
          outlined
          loading={releve}
          onClick={() => void downloadReleve()}
        />
        <Button
          type="button"
          label="Payer le fournisseur"
          icon="pi pi-wallet"
          disabled={ouverts.length === 0}
          onClick={() => dialog.open('new')}
        />
      </PageHeader>
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
