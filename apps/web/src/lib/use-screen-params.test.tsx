import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouterNavigator } from '../app/App';
import { useScreenParams } from './use-screen-params';

/** The setter of the list screen, kept as a pending search timer keeps it. */
let listSetter: ReturnType<typeof useScreenParams>[1] | undefined;

function List() {
  const [params, set] = useScreenParams();
  listSetter = set;
  const navigate = useNavigate();
  return (
    <>
      <h1>Liste {params.get('q')}</h1>
      <button type="button" onClick={() => void navigate('/liste/7')}>
        Ouvrir
      </button>
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <output>{pathname + search}</output>;
}

describe('useScreenParams', () => {
  it('écrit l’état de l’écran montré ; un écran quitté n’écrit plus (pas de retour à la liste)', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/liste']} useTransitions={false}>
        <RouterNavigator />
        <Where />
        <Routes>
          <Route path="/liste" element={<List />} />
          <Route path="/liste/:id" element={<h1>Fiche</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => listSetter!({ q: 'awa' }, true));
    expect(await screen.findByRole('heading', { name: 'Liste awa' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('/liste?q=awa');

    const stale = listSetter!;
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('heading', { name: 'Fiche' })).toBeInTheDocument();
    act(() => stale({ q: 'awa nd' }, true));
    expect(screen.getByRole('heading', { name: 'Fiche' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('/liste/7');
  });
});
