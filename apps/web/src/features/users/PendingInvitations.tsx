import { formatDate, formatDateTime, type InvitationItem } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { useCancelInvitation, useInvitations, useResendInvitation } from './invitations-api';

const SIZE = 10;

interface Props {
  /** The owner resends their invitations; the admin only sees and cancels. */
  canResend: boolean;
}

const shopsCell = (i: InvitationItem) => i.services.map((s) => s.nom).join(', ');
const ownerCell = (i: InvitationItem) => `${i.proprietaire.prenom} ${i.proprietaire.nom}`;

/**
 * « Invitations en attente »: addresses invited and not yet accepted, whatever accounts exist.
 * Annuler kills the link; Renvoyer mails a fresh one (the previous one stops working).
 */
export function PendingInvitations({ canResend }: Props) {
  const [page, setPage] = useState(1);
  const invitations = useInvitations({ page, size: SIZE, sort: 'created_at,desc' });
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const feedback = useFeedback();
  const total = invitations.data?.total ?? 0;

  const onResend = (i: InvitationItem) =>
    resend.mutate(i.id, {
      onSuccess: () =>
        feedback.success(
          'Invitation renvoyée',
          `Un nouveau lien a été envoyé à ${i.email} ; le précédent ne fonctionne plus.`,
        ),
      onError: feedback.actionError('Renvoi impossible'),
    });

  const onCancel = (i: InvitationItem) =>
    confirmDialog({
      header: "Annuler l'invitation",
      message: `Annuler l'invitation envoyée à ${i.email} ? Son lien ne fonctionnera plus.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: "Annuler l'invitation",
      rejectLabel: 'Garder',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        cancel.mutate(i.id, {
          onSuccess: () =>
            feedback.success('Invitation annulée', `${i.email} ne peut plus l'accepter.`),
          onError: feedback.actionError('Annulation impossible'),
        }),
    });

  const actions = (i: InvitationItem) => (
    <div className="flex gap-2 justify-content-end flex-wrap">
      {canResend && (
        <Button
          type="button"
          label="Renvoyer"
          icon="pi pi-send"
          size="small"
          outlined
          aria-label={`Renvoyer l'invitation à ${i.email}`}
          loading={resend.isPending && resend.variables === i.id}
          onClick={() => onResend(i)}
        />
      )}
      <Button
        type="button"
        label="Annuler"
        icon="pi pi-times"
        size="small"
        severity="danger"
        text
        aria-label={`Annuler l'invitation à ${i.email}`}
        onClick={() => onCancel(i)}
      />
    </div>
  );

  if (invitations.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(invitations.error)}
        className="w-full justify-content-start mt-4"
      />
    );
  if (total === 0) return null;
  return (
    <section className="mt-5" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="text-xl mb-3">
        Invitations en attente
      </h2>
      <DataTable
        value={invitations.data?.items ?? []}
        dataKey="id"
        loading={invitations.isFetching}
        stripedRows
        size="small"
        data-testid="invitations-table"
        lazy
        paginator={total > SIZE}
        rows={SIZE}
        first={(page - 1) * SIZE}
        totalRecords={total}
        onPage={(e: DataTableStateEvent) => setPage(Math.floor(e.first / SIZE) + 1)}
      >
        <Column header="Adresse e-mail" field="email" />
        <Column header="Boutiques" body={shopsCell} />
        {!canResend && <Column header="Propriétaire" body={ownerCell} />}
        <Column header="Envoyée le" body={(i: InvitationItem) => formatDateTime(i.sentAt)} />
        <Column header="Valable jusqu'au" body={(i: InvitationItem) => formatDate(i.expiresAt)} />
        <Column header="Actions" body={actions} headerClassName="text-right" />
      </DataTable>
    </section>
  );
}
