import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

beforeEach(() => queryClient.clear());
afterEach(() => vi.useRealTimers());

const PAGE_VIDE = {
  items: [],
  total: 0,
  page: 1,
  size: 20,
  totaux: { nombre: 0, montant: 0, parCategorie: [] },
};

describe('Nouvelle dépense', () => {
  it('est datée du jour de la boutique, pas de celui de l’appareil', async () => {
    // 23:30 UTC: the device (Paris) is on the 25th, the shop (Dakar, SN) still on the 24th, and
    // the server refuses an expense dated after the shop's today.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T23:30:00Z') });
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/pages/depenses', (url) => {
      if (url.startsWith('/api/services/1/depenses')) return json(200, PAGE_VIDE);
      if (url.startsWith('/api/services/1/categories-depenses'))
        return json(200, [{ id: 4, nom: 'Loyer', nombreDepenses: 0 }]);
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle dépense' }));
    expect(await screen.findByLabelText('Date')).toHaveValue('24/11/2026');
  });
});
