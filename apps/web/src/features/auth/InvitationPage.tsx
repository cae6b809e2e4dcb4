import type { InvitationDetail } from '@comptoir/shared';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { errorMessage } from '../../lib/errors';
import { lookupInvitation } from './api';
import { AuthCard } from './AuthCard';
import { InvitationAcceptForm } from './InvitationAcceptForm';

const TITLES: Record<InvitationDetail['mode'], string> = {
  creation: 'Créez votre compte',
  connexion: 'Rejoignez une équipe',
  'mot-de-passe': 'Choisissez votre mot de passe',
};

function Invalid({ text }: { text: string }) {
  return (
    <AuthCard title="Invitation">
      <Message
        severity="error"
        className="w-full justify-content-start mb-4"
        text={text}
        data-testid="invitation-error"
      />
      <div className="text-center">
        <Link to="/auth/login">Aller à la connexion</Link>
      </div>
    </AuthCard>
  );
}

/**
 * /auth/invitation?key=…: the page of an invitation's link. It says who invites to which shops,
 * then asks the password of the invitee's account, or their name and a new password.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  // The /auth screens live outside the shell's query client: one plain request.
  const [invitation, setInvitation] = useState<InvitationDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    let current = true;
    lookupInvitation(key).then(
      (found) => current && setInvitation(found),
      (error: unknown) => current && setFailure(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [key]);

  if (!key)
    return <Invalid text="Ce lien d'invitation est incomplet. Demandez une nouvelle invitation." />;
  if (failure) return <Invalid text={failure} />;
  if (!invitation) return <PageLoading />;
  const shops = invitation.services.map((s) => `« ${s} »`).join(', ');
  return (
    <AuthCard
      title={TITLES[invitation.mode]}
      subtitle={
        <>
          {invitation.proprietaire} vous invite à rejoindre son équipe comme gérant{' '}
          {invitation.services.length > 1 ? 'des boutiques' : 'de la boutique'} {shops}.
        </>
      }
    >
      <InvitationAcceptForm invitationKey={key} invitation={invitation} />
    </AuthCard>
  );
}
