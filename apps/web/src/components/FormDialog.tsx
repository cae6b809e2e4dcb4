import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';

interface Props {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** id of the <form> inside: the footer's Enregistrer submits it. */
  formId: string;
  saving: boolean;
  /** Read only: no Enregistrer, Annuler reads Fermer. */
  readOnly?: boolean;
  width?: string;
  /** The submit button's label (Enregistrer by default). */
  submitLabel?: string;
  children: ReactNode;
}

/** A dialog holding one form, with Annuler and Enregistrer at the bottom. */
export function FormDialog({
  header,
  visible,
  onHide,
  formId,
  saving,
  readOnly = false,
  width = '40rem',
  submitLabel = 'Enregistrer',
  children,
}: Props) {
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button
        type="button"
        label={readOnly ? 'Fermer' : 'Annuler'}
        icon="pi pi-times"
        text
        onClick={onHide}
      />
      {!readOnly && (
        <Button
          type="submit"
          form={formId}
          label={submitLabel}
          icon="pi pi-check"
          loading={saving}
        />
      )}
    </div>
  );
  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={onHide}
      footer={footer}
      modal
      draggable={false}
      style={{ width, maxWidth: '96vw' }}
      breakpoints={{ '640px': '100vw' }}
      blockScroll
    >
      {children}
    </Dialog>
  );
}
