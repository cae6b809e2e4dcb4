import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy screens load their chunk on first use: on a busy machine that takes seconds (the POS's
// first screen took 7 s on a quiet machine and over 60 s at a load average of 20). Half the test
// timeout (vitest.config.ts), so that a findBy* that fails says what it did not find.
configure({ asyncUtilTimeout: 150_000 });

beforeEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom lacks matchMedia, used by PrimeReact and the layout.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom does not scroll.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
