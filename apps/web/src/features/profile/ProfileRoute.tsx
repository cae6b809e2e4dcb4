import { useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { clearSession } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { useAccount } from '../../lib/account-queries';
import {
  useDeletePhoto,
  useRevokeAllSessions,
  useUpdatePassword,
  useUpdateProfile,
  useUploadPhoto,
} from './api';
import { PasswordForm } from './PasswordForm';
import { PhotoCard } from './PhotoCard';
import { ProfileForm } from './ProfileForm';
import { SessionsCard } from './SessionsCard';

/** /pages/users/user-profile: runs the queries and mutations, shows toasts, navigates. */
export default function ProfileRoute() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount();
  const profile = useUpdateProfile();
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const password = useUpdatePassword();
  const revokeAll = useRevokeAllSessions();

  /** The server closed every session, this one too: back to the login screen. */
  const signedOut = (summary: string, detail: string) => {
    toast({ severity: 'success', summary, detail });
    queryClient.clear();
    clearSession();
    void navigate('/auth/login', { replace: true });
  };

  const fail = (summary: string) => (error: unknown) => {
    // Field errors are shown under their fields; the rest in a toast.
    if (Object.keys(fieldErrorsOf(error)).length === 0)
      toast({ severity: 'error', summary, detail: errorMessage(error) });
  };

  if (account.isPending) return <p role="status">Chargement du profil…</p>;
  if (account.isError) return <Message severity="error" text={errorMessage(account.error)} />;
  const user = account.data;
  const photoBusy = upload.isPending || remove.isPending;

  return (
    <div className="grid">
      <div className="col-12">
        <h1 className="mt-0">Profil et paramètres</h1>
      </div>
      <section className="col-12 lg:col-4" aria-labelledby="photo-title">
        <div className="card-surface">
          <h2 id="photo-title" className="mt-0 text-xl">
            Photo
          </h2>
          <PhotoCard
            user={user}
            busy={photoBusy}
            onUpload={(file) =>
              upload.mutate(file, {
                onSuccess: () =>
                  toast({
                    severity: 'success',
                    summary: 'Photo enregistrée',
                    detail: 'Votre photo de profil a été mise à jour.',
                  }),
                onError: (error) =>
                  toast({
                    severity: 'error',
                    summary: 'Photo refusée',
                    detail: errorMessage(error),
                  }),
              })
            }
            onDelete={() =>
              remove.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    severity: 'success',
                    summary: 'Photo supprimée',
                    detail: 'Votre photo de profil a été supprimée.',
                  }),
                onError: fail('Suppression impossible'),
              })
            }
            onTooLarge={() =>
              toast({
                severity: 'error',
                summary: 'Photo refusée',
                detail: 'La photo ne doit pas dépasser 5 Mo.',
              })
            }
          />
        </div>
      </section>
      <section className="col-12 lg:col-8" aria-labelledby="identity-title">
        <div className="card-surface">
          <h2 id="identity-title" className="mt-0 text-xl">
            Informations personnelles
          </h2>
          <ProfileForm
            key={user.id}
            user={user}
            saving={profile.isPending}
            serverErrors={fieldErrorsOf(profile.error)}
            onSave={(body) =>
              profile.mutate(body, {
                onSuccess: () =>
                  toast({
                    severity: 'success',
                    summary: 'Profil enregistré',
                    detail: 'Vos informations ont été mises à jour.',
                  }),
                onError: fail('Enregistrement impossible'),
              })
            }
          />
        </div>
        <div className="card-surface">
          <h2 id="password-title" className="mt-0 text-xl">
            Mot de passe
          </h2>
          <p className="mt-0 text-color-secondary">
            Après le changement, toutes vos sessions sont fermées : vous devrez vous reconnecter.
          </p>
          <PasswordForm
            saving={password.isPending}
            serverErrors={fieldErrorsOf(password.error)}
            onSave={(body) =>
              password.mutate(body, {
                onSuccess: () =>
                  signedOut(
                    'Mot de passe modifié',
                    'Connectez-vous avec votre nouveau mot de passe.',
                  ),
                onError: fail('Changement impossible'),
              })
            }
          />
        </div>
        <div className="card-surface">
          <h2 id="sessions-title" className="mt-0 text-xl">
            Sessions
          </h2>
          <SessionsCard
            busy={revokeAll.isPending}
            onRevokeAll={() =>
              revokeAll.mutate(undefined, {
                onSuccess: () =>
                  signedOut(
                    'Sessions fermées',
                    'Toutes vos sessions sont fermées. Reconnectez-vous.',
                  ),
                onError: fail('Fermeture impossible'),
              })
            }
          />
        </div>
      </section>
    </div>
  );
}
