import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { LayoutProvider } from '../layout/LayoutContext';
import { loadLayoutConfig } from '../layout/layout-config';
import { ToastProvider } from '../lib/toast';
import './primereact-locale';

/**
 * App-wide providers: PrimeReact (ripple, input style, French), appearance, the one Toast.
 * `styleContainer` is where PrimeReact writes its component styles (the document's head by
 * default); the jsdom tests give a detached element, so that jsdom neither parses that CSS again
 * at each mounted component nor matches it in every getComputedStyle (seconds per test file).
 */
export function AppProviders({
  children,
  styleContainer,
}: {
  children: ReactNode;
  styleContainer?: HTMLElement;
}) {
  const initial = loadLayoutConfig();
  return (
    <PrimeReactProvider
      value={{
        ripple: initial.ripple,
        inputStyle: initial.inputStyle,
        locale: 'fr',
        ...(styleContainer && { styleContainer }),
      }}
    >
      <LayoutProvider>
        <ToastProvider>{children}</ToastProvider>
      </LayoutProvider>
    </PrimeReactProvider>
  );
}
