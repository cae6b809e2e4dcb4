import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSession } from './RequireSession';
import { RootRoute } from './RootRoute';

const ShellRoute = lazy(() => import('./ShellRoute'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfileRoute = lazy(() => import('../features/profile/ProfileRoute'));
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const NotFoundPage = lazy(() => import('../features/notfound/NotFoundPage'));

// The /auth screens share one chunk.
const authChunk = () => import('./auth-chunk');
const AuthLayout = lazy(() => authChunk().then((m) => ({ default: m.AuthLayout })));
const LoginPage = lazy(() => authChunk().then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => authChunk().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => authChunk().then((m) => ({ default: m.ResetPasswordPage })));
const AccessDeniedPage = lazy(() => authChunk().then((m) => ({ default: m.AccessDeniedPage })));

const toNotFound = <Navigate to="/notfound" replace />;

/**
 * The root route table of the seed (§2). Screens of the menus that are not built yet fall to the
 * unknown-path rule: /notfound.
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
