import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { ConfigPanel } from './ConfigPanel';
import { useLayout } from './LayoutContext';
import './auth.css';

/** Frame of the /auth screens: a centred card and the appearance panel in minimal mode. */
export function AuthLayout() {
  const location = useLocation();
  const { config } = useLayout();
  return (
    <div className={config.inputStyle === 'filled' ? 'auth-layout p-input-filled' : 'auth-layout'}>
      <main className="auth-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet key={location.key} />
        </Suspense>
      </main>
      <ConfigPanel />
    </div>
  );
}
