import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => {
    const created = createAppRouter();
    setNavigator((to) => void created.navigate(to));
    return created;
  });
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
