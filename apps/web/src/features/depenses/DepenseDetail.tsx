import {
  MODE_PAIEMENT_LABELS,
  PHOTO_MAX_BYTES,
  formatDateTime,
  formatMoney,
  type Depense,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useRef } from 'react';
import { formatDay } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { useDepense, useDepenseMutations } from './api';
import { DepenseHistorique } from './DepenseHistorique';
import { RECEIPT_ACCEPT, RECEIPT_HINT } from './DepenseForm';
import { Justificatif } from './Justificatif';

interface Props {
  serviceId: number;
  id: number;
  devise: string;
  owner: boolean;
  onEdit: (depense: Depense) => void;
  onHide: () => void;
}

/**
 * An expense: its content, its receipt and its history. Anyone who records attaches a first
 * receipt; the owner edits, deletes, replaces or removes the receipt (the server decides).
 */
export function DepenseDetail({ serviceId, id, devise, owner, onEdit, onHide }: Props) {
  const query = useDepense(serviceId, id);
  const m = useDepenseMutations(serviceId);
  const feedback = useFeedback();
  const picker = useRef<HTMLInputElement>(null);
  const d = query.data;
  const live = d && !d.suppression;

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES)
      return feedback.actionError('Justificatif refusé')(
        new Error('Le justificatif ne doit pas dépasser 5\u00A0Mo.'),
      );
    m.attach.mutate(
      { id, file },
      {
        onSuccess: () => feedback.success('Justificatif enregistré', 'Le justificatif est joint.'),
        onError: feedback.actionError('Justificatif refusé'),
      },
    );
  };
  const askDelete = (dep: Depense) =>
    confirmDialog({
      header: 'Supprimer la dépense',
      message: `Supprimer la dépense « ${dep.libelle} » ? Elle restera dans l’historique.`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: () =>
        m.remove.mutate(dep.id, {
          onSuccess: () => {
            feedback.success('Dépense supprimée', `« ${dep.libelle} » a été supprimée.`);
            onHide();
          },
          onError: feedback.actionError('Suppression impossible'),
        }),
    });

  const rows: [string, string][] = d
    ? [
        ['Catégorie', d.categorie.nom],
        ['Montant', formatMoney(d.montant, devise)],
        ['Date', formatDay(d.date)],
        ['Mode de paiement', MODE_PAIEMENT_LABELS[d.mode]],
        [
          'Enregistrée par',
          `${d.auteur.prenom} ${d.auteur.nom}, le ${formatDateTime(d.createdAt)}`,
        ],
      ]
    : [];
  return (
    <Dialog
      header={d ? d.libelle : 'Dépense'}
      visible
      onHide={onHide}
      modal
      draggable={false}
      style={{ width: '40rem', maxWidth: '96vw' }}
      blockScroll
    >
      {query.isError && <Message severity="error" text={errorMessage(query.error)} />}
      {d && (
        <>
          {d.suppression && (
            <Message
              severity="warn"
              className="w-full justify-content-start mb-3"
              text={`Dépense supprimée par ${d.suppression.par.prenom} ${d.suppression.par.nom}, le ${formatDateTime(d.suppression.le)}.`}
            />
          )}
          <dl className="grid m-0 mb-3">
            {rows.map(([label, value]) => (
              <div key={label} className="col-12 sm:col-6">
                <dt className="text-sm text-color-secondary">{label}</dt>
                <dd className="m-0">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-base mb-2">Justificatif</h3>
          <Justificatif serviceId={serviceId} depense={d} />
          {live && (!d.justificatif || owner) && (
            <div className="flex flex-wrap gap-2 mt-2 align-items-center">
              <input
                ref={picker}
                type="file"
                accept={RECEIPT_ACCEPT}
                hidden
                aria-label="Fichier du justificatif"
                data-testid="justificatif-input"
                onChange={(e) => {
                  pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button
                type="button"
                label={d.justificatif ? 'Remplacer le justificatif' : 'Joindre un justificatif'}
                icon="pi pi-paperclip"
                outlined
                loading={m.attach.isPending}
                onClick={() => picker.current?.click()}
              />
              {owner && d.justificatif && (
                <Button
                  type="button"
                  label="Retirer le justificatif"
                  icon="pi pi-times"
                  text
                  severity="danger"
                  onClick={() =>
                    m.detach.mutate(id, { onError: feedback.actionError('Retrait impossible') })
                  }
                />
              )}
              <small className="text-color-secondary">{RECEIPT_HINT}</small>
            </div>
          )}
          <h3 className="text-base mt-4 mb-2">Historique</h3>
          <DepenseHistorique historique={d.historique} devise={devise} />
          {owner && live && (
            <div className="flex justify-content-end gap-2 mt-4">
              <Button
                type="button"
                label="Supprimer"
                icon="pi pi-trash"
                severity="danger"
                outlined
                onClick={() => askDelete(d)}
              />
              <Button
                type="button"
                label="Modifier"
                icon="pi pi-pencil"
                onClick={() => onEdit(d)}
              />
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
