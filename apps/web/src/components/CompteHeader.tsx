import { Button } from 'primereact/button';
import { useState } from 'react';
import { downloadBlob } from '../lib/download';
import { useFeedback } from '../lib/use-feedback';
import { PageHeader } from './PageHeader';

interface Props {
  title: string;
  /** The party's name, in the statement's file name (`releve-<nom>.pdf`). */
  nom: string;
  /** Fetches the statement PDF. */
  releve: () => Promise<Blob>;
  /** The payment button (« Enregistrer un règlement », « Payer le fournisseur »). */
  payer: { label: string; disabled: boolean; onClick: () => void };
}

/**
 * The header of a party's account page (a customer's debts, a supplier): its title, « Relevé PDF »
 * (downloaded, an error told in a toast) and the payment button.
 */
export function CompteHeader({ title, nom, releve, payer }: Props) {
  const feedback = useFeedback();
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      downloadBlob(await releve(), `releve-${nom.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`);
    } catch (error) {
      feedback.actionError('Relevé indisponible')(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <PageHeader title={title}>
      <Button
        type="button"
        label="Relevé PDF"
        icon="pi pi-file-pdf"
        outlined
        loading={loading}
        onClick={() => void download()}
      />
      <Button
        type="button"
        label={payer.label}
        icon="pi pi-wallet"
        disabled={payer.disabled}
        onClick={payer.onClick}
      />
    </PageHeader>
  );
}
