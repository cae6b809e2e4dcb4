import { PHOTO_MAX_BYTES } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { useRef } from 'react';

interface Props {
  logo: string | null;
  /** A new shop's logo, sent once the shop exists. */
  pending: File | null;
  busy: boolean;
  disabled: boolean;
  onPick: (file: File) => void;
  onRemove: (() => void) | null;
  onTooLarge: () => void;
}

const MAX_MB = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));

/** The shop's logo, printed on receipts and invoices: choose an image or remove it. */
export function ServiceLogoField({ logo, pending, busy, disabled, onPick, onRemove, onTooLarge }: Props) {
  const upload = useRef<FileUpload>(null);
  const handle = (event: FileUploadHandlerEvent) => {
    const file = event.files[0];
    upload.current?.clear();
    if (file) onPick(file);
  };
  return (
    <div className="field col-12">
      <span className="block mb-2">Logo</span>
      <div className="flex flex-wrap align-items-center gap-3">
        {logo ? (
          <img src={logo} alt="Logo de la boutique" width={72} height={72} style={{ objectFit: 'contain' }} data-testid="service-logo" />
        ) : (
          <span className="inline-flex align-items-center justify-content-center surface-200 border-round" style={{ width: 72, height: 72 }} role="img" aria-label="Aucun logo">
            <i className="pi pi-image text-3xl text-color-secondary" aria-hidden="true" />
          </span>
        )}
        {!disabled && (
          <FileUpload
            ref={upload}
            mode="basic"
            name="file"
            accept="image/*"
            maxFileSize={PHOTO_MAX_BYTES}
            customUpload
            auto
            uploadHandler={handle}
            onValidationFail={onTooLarge}
            chooseLabel="Choisir un logo"
            chooseOptions={{ icon: 'pi pi-image' }}
            disabled={busy}
          />
        )}
        {!disabled && logo && onRemove && (
          <Button type="button" label="Supprimer le logo" icon="pi pi-trash" severity="danger" outlined size="small" onClick={onRemove} disabled={busy} />
        )}
      </div>
      <small className="block mt-1 text-color-secondary">
        {pending ? `Logo choisi : ${pending.name}, envoyé à l'enregistrement.` : `Image JPEG, PNG, WebP ou GIF, ${MAX_MB} Mo au plus.`}
      </small>
    </div>
  );
}
