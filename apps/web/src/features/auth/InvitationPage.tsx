import type { InvitationDetail } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
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
  const detail = useQuery({
    queryKey: ['invitation', key],
    queryFn: () => lookupInvitation(key),
    enabled: key !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (!key)
    return <Invalid text="Ce lien d'invitation est incomplet. Demandez une nouvelle invitation." />;
  if (detail.isError) return <Invalid text={errorMessage(detail.error)} />;
  if (!detail.data) return <PageLoading />;
  const invitation = detail.data;
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
