import { firstRoleLabel } from '@comptoir/shared';
import { Link } from 'react-router';
import { useSession } from '../lib/use-session';
import { LogoutButton } from './LogoutButton';

/** Avatar, full name, first role, settings and logout. */
export function UserPanel() {
  const { user } = useSession();
  const fullName = user ? `${user.prenom} ${user.nom}`.trim() : '';
  const roleLabel = firstRoleLabel(user?.roles.map((r) => r.nom) ?? []);
  return (
    <div className="layout-user-panel" data-testid="user-panel">
      {user?.profileImage ? (
        <img className="layout-user-avatar" src={user.profileImage} alt="" width={40} height={40} />
      ) : (
        <span className="layout-user-avatar layout-user-avatar-icon" aria-hidden="true">
          <i className="pi pi-user" />
        </span>
      )}
      <div className="layout-user-identity">
        <span className="layout-user-name" data-testid="user-name">
          {fullName}
        </span>
        <span className="layout-user-role" data-testid="user-role">
          {roleLabel}
        </span>
      </div>
      <Link
        to="/pages/users/user-profile"
        className="p-button p-button-text p-button-sm layout-user-action"
      >
        <i className="pi pi-cog mr-2" aria-hidden="true" />
        Paramètres
      </Link>
      <LogoutButton />
    </div>
  );
}
