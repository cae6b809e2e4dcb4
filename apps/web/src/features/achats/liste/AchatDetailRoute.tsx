import { formatDateTime } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { WithShop } from '../../../components/WithShop';
import { formatDay } from '../../../lib/dates';
import { downloadBlob } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { useCurrentShop } from '../../../lib/shop';
import { useDialogParam } from '../../../lib/use-dialog-param';
import { useFeedback } from '../../../lib/use-feedback';
import { useSession } from '../../../lib/use-session';
import { fetchAchatPdf, useAchat, useDeleteAchat } from '../api';
import { ReglementFournisseurDialog } from '../fournisseurs/ReglementFournisseurDialog';
import {
  AchatLignes,
  AchatMontants,
  AchatMouvements,
  AchatPaiements,
  AchatRetours,
} from './AchatTables';
import { RetourAchatDialog } from './RetourAchatDialog';
import { AchatStatutTag } from './statut';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mt-4" aria-label={title}>
    <h2 className="text-xl mb-2">{title}</h2>
    {children}
  </section>
);

function AchatDetail({ serviceId, id }: { serviceId: number; id: number }) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const { timeZone } = useCurrentShop();
  const achat = useAchat(serviceId, id);
  const remove = useDeleteAchat(serviceId);
  const payer = useDialogParam('paiement');
  const retour = useDialogParam('retour');
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [pdf, setPdf] = useState(false);

  if (achat.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(achat.error)}
        className="w-full justify-content-start"
      />
    );
  if (achat.isPending) return <p role="status">Chargement…</p>;
  const a = achat.data;
  const brouillon = a.statut === 'brouillon';
  const retournable = !brouillon && a.lignes.some((l) => l.quantite > l.quantiteRetournee);
  const titre = a.numero ? `Achat ${a.numero}` : 'Brouillon d’achat';

  const downloadPdf = async () => {
    setPdf(true);
    try {
      downloadBlob(await fetchAchatPdf(serviceId, a.id), `${a.numero ?? `brouillon-${a.id}`}.pdf`);
    } catch (error) {
      feedback.actionError('Téléchargement impossible')(error);
    } finally {
      setPdf(false);
    }
  };
  const supprimer = () =>
    confirmDialog({
      header: 'Supprimer le brouillon',
      message: 'Supprimer ce brouillon d’achat ? Le stock n’a pas changé.',
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(a.id, {
          onSuccess: () => {
            feedback.success('Brouillon supprimé', 'Le brouillon d’achat est supprimé.');
            void navigate('/pages/approvisionnements-list');
          },
          onError: feedback.actionError('Suppression impossible'),
        }),
    });

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title={titre}>
        <Button
          type="button"
          label={brouillon ? 'Bon de commande PDF' : 'Bon de réception PDF'}
          icon="pi pi-file-pdf"
          outlined
          loading={pdf}
          onClick={() => void downloadPdf()}
        />
        {owner && brouillon && (
          <>
            <Link to={`/pages/approvisionnements/${a.id}`} className="p-button no-underline">
              <i className="pi pi-pencil mr-2" aria-hidden />
              Modifier ou valider
            </Link>
            <Button
              type="button"
              label="Supprimer"
              icon="pi pi-trash"
              severity="danger"
              outlined
              onClick={supprimer}
            />
          </>
        )}
        {owner && a.reste > 0 && !brouillon && (
          <Button
            type="button"
            label="Payer"
            icon="pi pi-wallet"
            onClick={() => payer.open('new')}
          />
        )}
        {owner && retournable && (
          <Button
            type="button"
            label="Retour au fournisseur"
            icon="pi pi-replay"
            severity="warning"
            onClick={() => retour.open('new')}
          />
        )}
      </PageHeader>
      <p className="m-0 mb-3 flex flex-wrap gap-3 align-items-center">
        <AchatStatutTag statut={a.statut} />
        <span>{`Reçu le ${formatDay(a.date)}`}</span>
        <span>
          Fournisseur :{' '}
          <Link to={`/pages/fournisseurs/${a.fournisseur.id}`}>{a.fournisseur.nom}</Link>
        </span>
        {a.referenceFournisseur && <span>{`Référence : ${a.referenceFournisseur}`}</span>}
        {a.echeance && <span>{`Échéance : ${formatDay(a.echeance)}`}</span>}
        {a.validatedAt && <span>{`Validé le ${formatDateTime(a.validatedAt, timeZone)}`}</span>}
        <span>{`Saisi par ${a.user.prenom} ${a.user.nom}`}</span>
      </p>
      {a.note && <p className="m-0 mb-3">{`Note : ${a.note}`}</p>}
      <AchatLignes achat={a} />
      <AchatMontants achat={a} />
      <Section title="Paiements">
        <AchatPaiements achat={a} timeZone={timeZone} />
      </Section>
      <Section title="Retours au fournisseur">
        <AchatRetours achat={a} timeZone={timeZone} />
      </Section>
      <Section title="Mouvements de stock">
        <AchatMouvements achat={a} timeZone={timeZone} />
      </Section>
      {owner && payer.target !== null && a.numero && a.reste > 0 && (
        <ReglementFournisseurDialog
          serviceId={serviceId}
          fournisseurId={a.fournisseur.id}
          devise={a.devise}
          achats={[{ id: a.id, numero: a.numero, reste: a.reste }]}
          achatId={a.id}
          onHide={payer.close}
          onDone={(r) => {
            payer.close();
            feedback.success(
              'Paiement enregistré',
              `${r.allocations.map((x) => x.achatNumero).join(', ')} : le compte du fournisseur est à jour.`,
            );
          }}
        />
      )}
      {owner && retour.target !== null && retournable && (
        <RetourAchatDialog
          serviceId={serviceId}
          achat={a}
          onHide={retour.close}
          onDone={(r) => {
            retour.close();
            feedback.success(
              'Retour enregistré',
              `Le retour ${r.numero} est enregistré : le stock et la dette sont à jour.`,
            );
          }}
        />
      )}
    </div>
  );
}

/** /pages/approvisionnements-list/:id (owner; managers read only): a purchase and what followed it. */
export default function AchatDetailRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <AchatDetail key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
