import type { CaisseSessionDetail } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { rapportPdf } from './api';
import { RapportView } from './RapportView';

interface Props {
  serviceId: number;
  session: CaisseSessionDetail;
  devise: string;
  onClose: () => void;
}

/** An X or Z report with its PDF: receipt 80 or 58 mm, or A4. */
export function RapportDialog({ serviceId, session, devise, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const name = session.numeroZ ?? `rapport-x-${session.id}`;
  const print = async (format: '80' | '58' | 'a4') => {
    setError(null);
    try {
      downloadBlob(await rapportPdf(serviceId, session.id, format), `${name}-${format}.pdf`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog
      header={
        session.rapport.type === 'Z'
          ? `Caisse clôturée : ${session.numeroZ}`
          : `Rapport X — ${session.caisse.nom}`
      }
      visible
      onHide={onClose}
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '100vw' }}
      modal
    >
      <RapportView session={session} devise={devise} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-content-end gap-2 mt-3">
        <Button label="Ticket 80 mm" icon="pi pi-print" outlined onClick={() => void print('80')} />
        <Button label="Ticket 58 mm" icon="pi pi-print" outlined onClick={() => void print('58')} />
        <Button label="PDF A4" icon="pi pi-file-pdf" onClick={() => void print('a4')} />
      </div>
    </Dialog>
  );
}
