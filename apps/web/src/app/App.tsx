import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { setNavigator, setShownPath } from '../lib/navigation';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * Lets code outside React (the HTTP layer, on an ended session) navigate with the router, and
 * tells lib/navigation which page is shown (useScreenParams reads it).
 */
export function RouterNavigator() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  useLayoutEffect(() => setShownPath(pathname), [pathname]);
  return null;
}

/** Navigations render at once, without a transition that keeps the old screen while the new one loads. */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter useTransitions={false}>
        <RouterNavigator />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
