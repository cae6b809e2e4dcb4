import type { SessionUser } from '@comptoir/shared';
import { IMAGE_HINT, ImageUpload } from '../../components/ImageUpload';

interface Props {
  user: SessionUser;
  busy: boolean;
  onUpload: (file: File) => void;
  onDelete: () => void;
  onTooLarge: () => void;
}

/** The profile photo: choose an image (5 Mo at most) or remove it. */
export function PhotoCard({ user, busy, onUpload, onDelete, onTooLarge }: Props) {
  return (
    <div className="flex flex-column align-items-center gap-3">
      <ImageUpload
        src={user.profileImage ?? null}
        alt="Photo de profil"
        emptyLabel="Aucune photo"
        emptyIcon="pi pi-user"
        size={128}
        round
        chooseLabel="Choisir une photo"
        removeLabel="Supprimer la photo"
        busy={busy}
        onPick={onUpload}
        onRemove={onDelete}
        onTooLarge={onTooLarge}
        testId="profile-photo"
      />
      <small className="text-color-secondary">{IMAGE_HINT}</small>
    </div>
  );
}
