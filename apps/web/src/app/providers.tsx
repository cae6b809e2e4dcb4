import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { LayoutProvider } from '../layout/LayoutContext';
import { loadLayoutConfig } from '../layout/layout-config';
import { ToastProvider } from '../lib/toast';
import './primereact-locale';

/** App-wide providers: PrimeReact (ripple, input style, French), appearance, the one Toast. */
export function AppProviders({ children }: { children: ReactNode }) {
  const initial = loadLayoutConfig();
  return (
    <PrimeReactProvider
      value={{ ripple: initial.ripple, inputStyle: initial.inputStyle, locale: 'fr' }}
    >
      <LayoutProvider>
        <ToastProvider>{children}</ToastProvider>
      </LayoutProvider>
    </PrimeReactProvider>
  );
}
