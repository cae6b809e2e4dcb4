import './lib/zod-sans-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './app/global.css';
import { App } from './app/App';
import { installerCopieHorsLigne } from './app/copie-hors-ligne';

const container = document.getElementById('root');
if (!container) throw new Error('#root manquant dans index.html');
// The installable app: the shell and the point of sale open without the network (sw.js, built).
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () => installerCopieHorsLigne(navigator.serviceWorker));

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
