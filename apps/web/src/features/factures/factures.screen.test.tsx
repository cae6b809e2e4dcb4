import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

beforeEach(() => queryClient.clear());

const item = (id: number, statut: string, credit: string, reste: number) => ({
  id,
  numero: `F-2026-00000${id}`,
  createdAt: '2026-11-10T10:00:00Z',
  echeance: '2026-12-10',
  client: { id: 5, nom: 'Société Alpha' },
  totalHt: 10_000,
  totalTtc: 11_800,
  montantAvoirs: credit === 'aucun' ? 0 : 1_180,
  reste,
  statut,
  credit,
});

const PAGE = {
  items: [item(1, 'en_retard', 'partiel', 5_000), item(2, 'payee', 'aucun', 0)],
  total: 2,
  page: 1,
  size: 8,
  totaux: { nombre: 2, totalHt: 20_000, totalTtc: 23_600, montantAvoirs: 1_180, reste: 5_000 },
};

describe('/pages/factures', () => {
  it('sends the filters of the URL to the API and shows derived statuses, credit and totals', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const urls: string[] = [];
    renderApp(
      '/pages/factures?du=2026-11-01&au=2026-11-30&statut=en_retard&clientId=5&sort=total_ttc,desc&q=alpha',
      (url) => {
        if (url.startsWith('/api/services/1/factures?')) {
          urls.push(url);
          return json(200, PAGE);
        }
        if (url === '/api/services/1/clients/5')
          return json(200, { id: 5, nom: 'Société Alpha', telephone: null });
        return undefined;
      },
    );
    const table = await screen.findByTestId('factures-table');
    const rows = within(table.querySelector('tbody')!);
    expect(await rows.findByRole('link', { name: 'F-2026-000001' })).toHaveAttribute(
      'href',
      '/pages/factures/1',
    );
    expect(rows.getByText('En retard')).toBeInTheDocument();
    expect(rows.getByText('Partiellement créditée')).toBeInTheDocument();
    expect(rows.getByText('Payée')).toBeInTheDocument();
    const totaux = screen.getByLabelText('Totaux des factures filtrées');
    expect(totaux.textContent?.replace(/\s/g, ' ')).toMatch(
      /Factures2Total HT20 000 FCFATotal TTC23 600 FCFAAvoirs1 180 FCFAReste à payer5 000 FCFA/,
    );
    const sent = new URL(urls.at(-1)!, 'http://x').searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      page: '1',
      size: '8',
      sort: 'total_ttc,desc',
      q: 'alpha',
      du: '2026-11-01',
      au: '2026-11-30',
      clientId: '5',
      statut: 'en_retard',
    });
  });
});
