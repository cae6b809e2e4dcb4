import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAME_SCREEN } from '../lib/same-screen';
import { useScrollRestoration } from './scroll-restoration';

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <button type="button" onClick={() => void navigate('/b')}>
        Vers B
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Retour
      </button>
      <button type="button" onClick={() => void navigate('?page=2', { state: SAME_SCREEN })}>
        Page 2
      </button>
    </>
  );
}

function Shell() {
  useScrollRestoration();
  return (
    <Routes>
      <Route path="/a" element={<Page name="A" />} />
      <Route path="/b" element={<Page name="B" />} />
    </Routes>
  );
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrollRestoration', () => {
  afterEach(() => scrolledTo(0));

  it('ouvre une nouvelle page en haut et revient, par « Retour », où la page était', async () => {
    const user = userEvent.setup();
    const scrollTo = vi
      .spyOn(window, 'scrollTo')
      .mockImplementation(((_x: number, y: number) => scrolledTo(y)) as typeof window.scrollTo);
    render(
      <MemoryRouter initialEntries={['/', '/a']} initialIndex={1}>
        <Shell />
      </MemoryRouter>,
    );
    expect(window.history.scrollRestoration).toBe('manual');
    act(() => scrolledTo(640));
    await user.click(screen.getByRole('button', { name: 'Vers B' }));
    expect(await screen.findByRole('heading', { name: 'B' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.scrollY).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('heading', { name: 'A' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    expect(window.scrollY).toBe(640);

    // Paging, sorting, a search: the same screen keeps its scroll.
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'A' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(640);
  });
});
