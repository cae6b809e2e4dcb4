import { formatDate, formatMoney, type TableauGerant } from '@comptoir/shared';
import { Link } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { useTableauAdmin, useTableauGerant } from './api';

/** The manager's day and week, and the admin's platform figures. */

function Fact({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="col-12 sm:col-6 xl:col-3">
      <div className="card-surface h-full">
        <div className="text-500 font-medium mb-2">{label}</div>
        <div className="text-900 font-bold text-2xl" data-testid={`figure-${id}`}>
          {value}
        </div>
      </div>
    </div>
  );
}

function GerantPeriode({
  p,
  devise,
  title,
  id,
}: {
  p: TableauGerant['semaine'];
  devise: string;
  title: string;
  id: string;
}) {
  const money = (n: number) => formatMoney(n, devise);
  return (
    <section className="mb-3" aria-label={title}>
      <h2 className="text-xl">
        <Link to={`/pages/ventes-list?periode=perso&du=${p.du}&au=${p.au}`}>{title}</Link>
      </h2>
      <div className="grid">
        <Fact
          id={`${id}-ventes`}
          label="Ventes de la boutique"
          value={`${p.nombreVentes} · ${money(p.caTtc)}`}
        />
        <Fact
          id={`${id}-miennes`}
          label="Mes ventes"
          value={`${p.mesVentes.nombre} · ${money(p.mesVentes.caTtc)}`}
        />
        <Fact id={`${id}-panier`} label="Panier moyen" value={money(p.panierMoyen)} />
        <Fact
          id={`${id}-reglements`}
          label="Dettes encaissées"
          value={money(p.reglements.montant)}
        />
        <Fact
          id={`${id}-depenses`}
          label="Dépenses"
          value={`${p.depenses.nombre} · ${money(p.depenses.montant)}`}
        />
      </div>
    </section>
  );
}

export function ManagerDashboard({ serviceId }: { serviceId: number }) {
  const { data } = useTableauGerant(serviceId);
  if (!data) return <PageLoading />;
  return (
    <>
      <GerantPeriode
        p={data.aujourdhui}
        devise={data.service.devise}
        title="Aujourd’hui"
        id="jour"
      />
      <GerantPeriode
        p={data.semaine}
        devise={data.service.devise}
        title="Cette semaine"
        id="semaine"
      />
      <div className="grid">
        <Fact
          id="stock"
          label="Stock bas · rupture"
          value={`${data.stock.sousSeuil} · ${data.stock.rupture}`}
        />
      </div>
    </>
  );
}

export function AdminDashboard() {
  const { data } = useTableauAdmin();
  if (!data) return <PageLoading />;
  return (
    <>
      <div className="grid">
        <Fact id="proprietaires" label="Propriétaires" value={String(data.proprietaires)} />
        <Fact id="boutiques" label="Boutiques" value={String(data.boutiques)} />
        <Fact id="utilisateurs" label="Utilisateurs actifs" value={String(data.utilisateurs)} />
        <Fact
          id="abonnements"
          label="Abonnements actifs · expirant sous 30 jours · expirés"
          value={`${data.abonnements.actifs} · ${data.abonnements.expirantSous30Jours} · ${data.abonnements.expires}`}
        />
      </div>
      <div className="grid">
        <div className="col-12 lg:col-6">
          <div className="card-surface">
            <h2 className="mt-0 text-xl">Revenus des abonnements par mois</h2>
            <table className="w-full">
              <tbody>
                {data.revenusParMois.map((r) => (
                  <tr key={`${r.mois}-${r.devise}`}>
                    <td>{r.mois}</td>
                    <td className="text-right">{formatMoney(r.montant, r.devise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <div className="col-12 lg:col-6">
          <div className="card-surface">
            <h2 className="mt-0 text-xl">Boutiques sans vente depuis 30 jours</h2>
            <table className="w-full">
              <tbody>
                {data.boutiquesSansVente.map((s) => (
                  <tr key={s.id}>
                    <td>{s.nom}</td>
                    <td>{s.proprietaire}</td>
                    <td className="text-right">
                      {s.derniereVente ? formatDate(s.derniereVente) : 'Jamais'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
}
