import { CURRENCIES, ROLE_LABELS } from '@comptoir/shared';
import { useShopSummary } from '../../lib/account-queries';
import { useSession } from '../../lib/use-session';
import { AdminDashboard, ManagerDashboard } from './OtherDashboards';
import { OwnerDashboard } from './OwnerDashboard';

const currencyName = (code: string): string => {
  const currency = CURRENCIES.find((c) => c.code === code);
  return currency ? `${currency.nom} (${code})` : code;
};

/**
 * Index of the shell (its own chunk, with Chart.js): who is connected, in which role, on which
 * shop; then the owner's figures of the shop or of all their shops, the manager's day and week,
 * the admin's platform.
 */
export default function DashboardPage() {
  const { user, role, service } = useSession();
  const shop = useShopSummary(service?.id).data;
  return (
    <div className="grid">
      <div className="col-12">
        <section className="card-surface" aria-labelledby="dashboard-title">
          <h1 id="dashboard-title" className="mt-0 mb-3 text-3xl" data-testid="dashboard-greeting">
            Bonjour, {user?.prenom} {user?.nom}
          </h1>
          <dl className="dashboard-facts">
            <div>
              <dt>Rôle</dt>
              <dd data-testid="dashboard-role">{role ? ROLE_LABELS[role] : '—'}</dd>
            </div>
            <div>
              <dt>Boutique</dt>
              <dd data-testid="dashboard-shop">{service?.nom ?? 'Aucune boutique'}</dd>
            </div>
            {shop && (
              <div>
                <dt>Devise</dt>
                <dd data-testid="dashboard-currency">{currencyName(shop.devise)}</dd>
              </div>
            )}
          </dl>
        </section>
      </div>
      <div className="col-12">
        {role === 'ROLE_PROPRIETAIRE' && service && <OwnerDashboard serviceId={service.id} />}
        {role === 'ROLE_GERANT' && service && <ManagerDashboard serviceId={service.id} />}
        {role === 'ROLE_ADMIN' && <AdminDashboard />}
      </div>
    </div>
  );
}
