import { Link } from 'react-router';
import { AuthCard } from './AuthCard';

/** /auth/access: the user is known but may not open that screen. */
export function AccessDeniedPage() {
  return (
    <AuthCard
      title="Accès refusé"
      subtitle="Vous n'avez pas les droits nécessaires pour accéder à cette ressource."
    >
      <div className="flex justify-content-center">
        <Link to="/" className="p-button no-underline">
          <i className="pi pi-home mr-2" aria-hidden="true" />
          Retour à l'accueil
        </Link>
      </div>
    </AuthCard>
  );
}
