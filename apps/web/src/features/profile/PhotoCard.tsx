import { PHOTO_MAX_BYTES, type SessionUser } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { useRef } from 'react';

interface Props {
  user: SessionUser;
  busy: boolean;
  onUpload: (file: File) => void;
  onDelete: () => void;
  onTooLarge: () => void;
}

const MAX_MB = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));

/** The profile photo: choose an image (5 Mo at most) or remove it. */
export function PhotoCard({ user, busy, onUpload, onDelete, onTooLarge }: Props) {
  const upload = useRef<FileUpload>(null);
  const handle = (event: FileUploadHandlerEvent) => {
    const file = event.files[0];
    upload.current?.clear();
    if (file) onUpload(file);
  };
  return (
    <div className="flex flex-column align-items-center gap-3">
      {user.profileImage ? (
        <img src={user.profileImage} alt="Photo de profil" width={128} height={128} className="border-circle" style={{ objectFit: 'cover' }} data-testid="profile-photo" />
      ) : (
        <span className="inline-flex align-items-center justify-content-center border-circle surface-200" style={{ width: 128, height: 128 }} aria-label="Aucune photo" role="img">
          <i className="pi pi-user text-5xl text-color-secondary" aria-hidden="true" />
        </span>
      )}
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
        chooseLabel="Choisir une photo"
        chooseOptions={{ icon: 'pi pi-image' }}
        disabled={busy}
      />
      <small className="text-color-secondary">Image JPEG, PNG, WebP ou GIF, {MAX_MB}&nbsp;Mo au plus.</small>
      {user.profileImage && (
        <Button type="button" label="Supprimer la photo" icon="pi pi-trash" severity="danger" outlined size="small" onClick={onDelete} disabled={busy} />
      )}
    </div>
  );
}
