import './lib/zod-sans-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './app/global.css';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('#root manquant dans index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
