import { Button } from 'primereact/button';
import { confirmPopup } from 'primereact/confirmpopup';
import type { MouseEvent } from 'react';

interface Props {
  busy: boolean;
  onRevokeAll: () => void;
}

/**
 * « Fermer toutes mes sessions »: after a confirmation, every device is signed out. The popup is
 * the shell's one (LogoutButton mounts it in the top bar).
 */
export function SessionsCard({ busy, onRevokeAll }: Props) {
  const ask = (event: MouseEvent<HTMLButtonElement>) => {
    confirmPopup({
      target: event.currentTarget,
      message:
        'Fermer toutes vos sessions, sur tous vos appareils ? Vous devrez vous reconnecter partout, ici compris.',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui, tout fermer',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: onRevokeAll,
    });
  };
  return (
    <>
      <p className="mt-0 text-color-secondary">
        Un téléphone perdu, un ordinateur partagé ? Fermez toutes les sessions ouvertes avec votre
        compte : chaque appareil devra se reconnecter avec votre mot de passe.
      </p>
      <Button
        type="button"
        label="Fermer toutes mes sessions"
        icon="pi pi-power-off"
        severity="danger"
        outlined
        loading={busy}
        onClick={ask}
      />
    </>
  );
}
