import { lazy, type ReactNode } from 'react';
import { MENU_SCREENS } from '@comptoir/shared';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RequireMenu } from './RequireMenu';
import { RequireSession } from './RequireSession';
import { RootRoute } from './RootRoute';

const ShellRoute = lazy(() => import('./ShellRoute'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfileRoute = lazy(() => import('../features/profile/ProfileRoute'));
const UsersRoute = lazy(() => import('../features/users/UsersRoute'));
const ServicesRoute = lazy(() => import('../features/services/ServicesRoute'));
const AbonnementsRoute = lazy(() => import('../features/abonnements/AbonnementsRoute'));
const UnitesRoute = lazy(() => import('../features/unites/UnitesRoute'));
const TypesVentesRoute = lazy(() => import('../features/types-ventes/TypesVentesRoute'));
const CategoriesRoute = lazy(() => import('../features/categories/CategoriesRoute'));
const MarquesRoute = lazy(() => import('../features/marques/MarquesRoute'));
const ProduitsRoute = lazy(() => import('../features/produits/ProduitsRoute'));
const ProduitFormRoute = lazy(() => import('../features/produits/ProduitFormRoute'));
const ProduitDetailRoute = lazy(() => import('../features/produits/ProduitDetailRoute'));
const ClientsRoute = lazy(() => import('../features/clients/ClientsRoute'));
const ClientDetailRoute = lazy(() => import('../features/clients/ClientDetailRoute'));
const VentesListRoute = lazy(() => import('../features/ventes/liste/VentesListRoute'));
const VenteDetailRoute = lazy(() => import('../features/ventes/liste/VenteDetailRoute'));
const VenteSaisieRoute = lazy(() => import('../features/ventes/saisie/VenteSaisieRoute'));
const DettesRoute = lazy(() => import('../features/dettes/DettesRoute'));
const InventairesRoute = lazy(() => import('../features/inventaires/InventairesRoute'));
const RapportsRoute = lazy(() => import('../features/rapports/RapportsRoute'));
const IntegriteRoute = lazy(() => import('../features/integrite/IntegriteRoute'));
const CaissesRoute = lazy(() => import('../features/caisses/CaissesRoute'));
const VentesEcarteesRoute = lazy(() => import('../features/caisses/VentesEcarteesRoute'));
const DetteClientRoute = lazy(() => import('../features/dettes/DetteClientRoute'));
const FournisseursRoute = lazy(() => import('../features/fournisseurs/FournisseursRoute'));
const PosRoute = lazy(() => import('../features/ventes/caisse/PosRoute'));
const DepensesRoute = lazy(() => import('../features/depenses/DepensesRoute'));
const DevisSaisieRoute = lazy(() => import('../features/devis/saisie/DevisSaisieRoute'));
const DevisListRoute = lazy(() => import('../features/devis/liste/DevisListRoute'));
const DevisDetailRoute = lazy(() => import('../features/devis/liste/DevisDetailRoute'));
const AchatSaisieRoute = lazy(() => import('../features/achats/saisie/AchatSaisieRoute'));
const AchatsListRoute = lazy(() => import('../features/achats/liste/AchatsListRoute'));
const AchatDetailRoute = lazy(() => import('../features/achats/liste/AchatDetailRoute'));
const CompteFournisseurRoute = lazy(
  () => import('../features/achats/fournisseurs/CompteFournisseurRoute'),
);
const FacturesRoute = lazy(() => import('../features/factures/FacturesRoute'));
const FactureDetailRoute = lazy(() => import('../features/factures/FactureDetailRoute'));
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const NotFoundPage = lazy(() => import('../features/notfound/NotFoundPage'));

// The /auth screens share one chunk; the password reset screens (and zod, for their checks) another.
const authChunk = () => import('./auth-chunk');
const resetChunk = () => import('./auth-reset-chunk');
const AuthLayout = lazy(() => authChunk().then((m) => ({ default: m.AuthLayout })));
const LoginPage = lazy(() => authChunk().then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  resetChunk().then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() => resetChunk().then((m) => ({ default: m.ResetPasswordPage })));
const InvitationPage = lazy(() => resetChunk().then((m) => ({ default: m.InvitationPage })));
const AccessDeniedPage = lazy(() => authChunk().then((m) => ({ default: m.AccessDeniedPage })));

const toNotFound = <Navigate to="/notfound" replace />;

/**
 * A screen of the menus at `path` (without the leading slash), guarded by the role's menu; a
 * screen reached from a list (a product's detail or form) is guarded by that list's entry `menu`.
 */
const menuScreen = (path: string, element: ReactNode, menu = `/${path}`): RouteObject => ({
  path,
  element: <RequireMenu path={menu}>{element}</RequireMenu>,
});

/**
 * The built screens of the menu table (MENU_SCREENS in packages/shared/src/menu.ts), by route:
 * each opens to the roles whose menu lists it. The table's other routes are not built yet.
 */
export const MENU_ELEMENTS: Readonly<Record<string, ReactNode>> = {
  '/pages/users': <UsersRoute />,
  '/pages/services': <ServicesRoute />,
  '/pages/abonnements': <AbonnementsRoute />,
  '/pages/unites': <UnitesRoute />,
  '/pages/types-ventes': <TypesVentesRoute />,
  '/pages/categories': <CategoriesRoute />,
  '/pages/marques': <MarquesRoute />,
  '/pages/produits': <ProduitsRoute />,
  '/pages/clients': <ClientsRoute />,
  '/pages/fournisseurs': <FournisseursRoute />,
  '/pages/ventes': <PosRoute />,
  '/pages/ventes-list': <VentesListRoute />,
  '/pages/ventes-oneline': <VenteSaisieRoute />,
  '/pages/dettes': <DettesRoute />,
  '/pages/rapports/inventaires': <InventairesRoute />,
  '/pages/rapports/produits': <RapportsRoute />,
  '/pages/caisses': <CaissesRoute />,
  '/pages/depenses': <DepensesRoute />,
  '/pages/devis/add': <DevisSaisieRoute />,
  '/pages/devis': <DevisListRoute />,
  '/pages/approvisionnements': <AchatSaisieRoute />,
  '/pages/approvisionnements-list': <AchatsListRoute />,
  '/pages/factures': <FacturesRoute />,
  '/pages/integrite': <IntegriteRoute />,
};
const menuRoutes = MENU_SCREENS.flatMap(({ route }) => {
  const element = MENU_ELEMENTS[route];
  return element ? [menuScreen(route.slice(1), element)] : [];
});

/**
 * The root route table (docs/regles-metier.md, « Coquille de l'application »). Screens of the menus
 * that are not built yet fall to the unknown-path rule: /notfound.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        path: '/',
        element: (
          <RequireSession>
            <ShellRoute />
          </RequireSession>
        ),
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'pages/users/user-profile', element: <ProfileRoute /> },
          ...menuRoutes,
          // Screens reached from a list, guarded by the list's entry (the manager creates and
          // edits products too: the products list opens the form).
          menuScreen('pages/produits/add', <ProduitFormRoute />, '/pages/produits'),
          menuScreen('pages/produits/:id', <ProduitDetailRoute />, '/pages/produits'),
          menuScreen('pages/produits/:id/edit', <ProduitFormRoute />, '/pages/produits'),
          menuScreen('pages/clients/:id', <ClientDetailRoute />, '/pages/clients'),
          menuScreen('pages/ventes-list/:id', <VenteDetailRoute />, '/pages/ventes-list'),
          menuScreen('pages/dettes/:clientId', <DetteClientRoute />, '/pages/dettes'),
          menuScreen('pages/devis/:id', <DevisDetailRoute />, '/pages/devis'),
          menuScreen('pages/devis/:id/edit', <DevisSaisieRoute />, '/pages/devis/add'),
          menuScreen(
            'pages/approvisionnements/:id',
            <AchatSaisieRoute />,
            '/pages/approvisionnements',
          ),
          menuScreen('pages/fournisseurs/:id', <CompteFournisseurRoute />, '/pages/fournisseurs'),
          menuScreen(
            'pages/approvisionnements-list/:id',
            <AchatDetailRoute />,
            '/pages/approvisionnements-list',
          ),
          menuScreen('pages/factures/:id', <FactureDetailRoute />, '/pages/factures'),
          menuScreen('pages/caisses/ventes-ecartees', <VentesEcarteesRoute />, '/pages/caisses'),
        ],
      },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'invitation', element: <InvitationPage /> },
          { path: 'access', element: <AccessDeniedPage /> },
          { path: '*', element: toNotFound },
        ],
      },
      { path: 'landing', element: <LandingPage /> },
      { path: 'notfound', element: <NotFoundPage /> },
      { path: '*', element: toNotFound },
    ],
  },
];

/**
 * The route table rendered by the router above it (a BrowserRouter in the app, a MemoryRouter in
 * tests). Declarative routing: the data router's loaders and actions, which no screen uses, were
 * a fifth of the login page's script.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
