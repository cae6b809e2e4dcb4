import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmPopup, confirmPopup } from 'primereact/confirmpopup';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../lib/http';
import { useToast } from '../lib/toast';

/** « Se Déconnecter »: confirm, then the server session revoked, the local storage cleared, toast, login screen. */
export function LogoutButton() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const ask = (event: MouseEvent<HTMLButtonElement>) => {
    confirmPopup({
      target: event.currentTarget,
      message: 'Voulez-vous vraiment vous déconnecter ?',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'accept',
      accept: async () => {
        await logout();
        toast({ severity: 'info', summary: 'Déconnecté', detail: 'Vous êtes déconnecté' });
        void navigate('/auth/login');
        queryClient.clear();
      },
      reject: () => toast({ severity: 'info', summary: 'Annulé', detail: 'Requête annulée' }),
    });
  };

  return (
    <>
      <ConfirmPopup />
      <Button
        type="button"
        label="Se Déconnecter"
        icon="pi pi-sign-out"
        severity="danger"
        text
        size="small"
        onClick={ask}
      />
    </>
  );
}
