import type { Devis } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { downloadBlob } from '../../../lib/download';
import { useFeedback } from '../../../lib/use-feedback';
import { devisFileName, fetchDevisPdf, fetchFacturePdf, useDevisAction } from '../api';
import { ConversionDialog } from './ConversionDialog';

interface Props {
  serviceId: number;
  devis: Devis;
  /** After a conversion: the converted quote (its sale, and invoice when asked). */
  onConverti: (devis: Devis) => void;
}

/**
 * What can be done with a quote, by its state: PDF always; a draft is edited; « Envoyer par
 * e-mail » until it is decided; accept or refuse while it is open; duplicate always; convert once
 * accepted.
 */
export function DevisActions({ serviceId, devis, onConverti }: Props) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const action = useDevisAction(serviceId, devis.id);
  const [dialog, setDialog] = useState<'envoi' | 'conversion' | null>(null);
  const [message, setMessage] = useState('');
  const [pdf, setPdf] = useState(false);
  const [cleDuplication] = useState(newCleIdempotence);
  const s = devis.statut;
  const fail = feedback.actionError('Action impossible');

  const downloadPdf = async (facture?: { id: number; numero: string }) => {
    setPdf(true);
    try {
      if (facture)
        downloadBlob(await fetchFacturePdf(serviceId, facture.id), `facture-${facture.numero}.pdf`);
      else downloadBlob(await fetchDevisPdf(serviceId, devis.id), devisFileName(devis));
    } catch (error) {
      feedback.actionError('Téléchargement impossible')(error);
    } finally {
      setPdf(false);
    }
  };
  const decide = (type: 'acceptation' | 'refus') =>
    action.mutate(
      { type },
      {
        onSuccess: (d) =>
          feedback.success(
            type === 'acceptation' ? 'Devis accepté' : 'Devis refusé',
            `Le devis ${d.numero ?? ''} est ${type === 'acceptation' ? 'accepté' : 'refusé'}.`,
          ),
        onError: fail,
      },
    );
  const envoyer = (e: FormEvent) => {
    e.preventDefault();
    action.mutate(
      { type: 'envoi', message: message.trim() || null },
      {
        onSuccess: (d) => {
          setDialog(null);
          feedback.success(
            'Devis envoyé',
            `Le devis ${d.numero ?? ''} a été envoyé à ${d.client.email ?? 'son client'}.`,
          );
        },
        onError: fail,
      },
    );
  };
  const dupliquer = () =>
    action.mutate(
      { type: 'duplication', cleIdempotence: cleDuplication },
      { onSuccess: (d) => void navigate(`/pages/devis/${d.id}/edit`), onError: fail },
    );
  const busy = action.isPending;

  return (
    <>
      <Button
        type="button"
        label="PDF"
        icon="pi pi-file-pdf"
        outlined
        loading={pdf}
        onClick={() => void downloadPdf()}
      />
      {devis.facture && (
        <Button
          type="button"
          label={`Facture ${devis.facture.numero}`}
          icon="pi pi-file-pdf"
          outlined
          loading={pdf}
          onClick={() => void downloadPdf(devis.facture ?? undefined)}
        />
      )}
      {s === 'brouillon' && (
        <Button
          type="button"
          label="Modifier"
          icon="pi pi-pencil"
          outlined
          onClick={() => void navigate(`/pages/devis/${devis.id}/edit`)}
        />
      )}
      {['brouillon', 'envoye', 'accepte'].includes(s) && (
        <Button
          type="button"
          label="Envoyer par e-mail"
          icon="pi pi-send"
          outlined
          disabled={busy}
          onClick={() => setDialog('envoi')}
        />
      )}
      {['brouillon', 'envoye'].includes(s) && (
        <Button
          type="button"
          label="Accepter"
          icon="pi pi-check"
          severity="success"
          disabled={busy}
          onClick={() => decide('acceptation')}
        />
      )}
      {['brouillon', 'envoye', 'expire'].includes(s) && (
        <Button
          type="button"
          label="Refuser"
          icon="pi pi-times"
          severity="danger"
          outlined
          disabled={busy}
          onClick={() => decide('refus')}
        />
      )}
      <Button
        type="button"
        label="Dupliquer"
        icon="pi pi-copy"
        outlined
        disabled={busy}
        onClick={dupliquer}
      />
      {s === 'accepte' && (
        <Button
          type="button"
          label="Convertir en vente"
          icon="pi pi-shopping-cart"
          onClick={() => setDialog('conversion')}
        />
      )}
      {dialog === 'envoi' && (
        <FormDialog
          header="Envoyer le devis par e-mail"
          visible
          onHide={() => setDialog(null)}
          formId="devis-envoi"
          saving={busy}
        >
          <form id="devis-envoi" onSubmit={envoyer} noValidate aria-label="Envoi du devis">
            <p className="mt-0">
              {devis.client.email
                ? `Le PDF du devis sera envoyé à ${devis.client.email}.`
                : 'Ce client n’a pas d’adresse e-mail : complétez sa fiche avant l’envoi.'}
            </p>
            <FormField id="devis-message" label="Message (facultatif)">
              <InputTextarea
                id="devis-message"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                maxLength={2000}
                rows={4}
                className="w-full"
              />
            </FormField>
          </form>
        </FormDialog>
      )}
      {dialog === 'conversion' && (
        <ConversionDialog
          serviceId={serviceId}
          devis={devis}
          onHide={() => setDialog(null)}
          onDone={(d) => {
            setDialog(null);
            onConverti(d);
          }}
        />
      )}
    </>
  );
}
