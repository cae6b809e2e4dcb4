import { MENUS, menuLeaves } from '@comptoir/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { logIn, renderApp } from '../test/render';

describe('side menu', () => {
  it.each(['ROLE_GERANT', 'ROLE_PROPRIETAIRE', 'ROLE_ADMIN'] as const)(
    '%s: every leaf of the role menu, in order',
    async (role) => {
      logIn([role]);
      renderApp('/');
      const menu = await screen.findByTestId('layout-menu');
      const links = within(menu)
        .getAllByRole('link', { hidden: true })
        .map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual(menuLeaves(MENUS[role]).map((item) => [item.label, item.to]));
    },
  );

  it('uses the effective role when the user has several', async () => {
    logIn(['ROLE_ADMIN', 'ROLE_GERANT']);
    renderApp('/');
    const menu = await screen.findByTestId('layout-menu');
    expect(
      within(menu).getByRole('link', { name: 'Abonnements', hidden: true }),
    ).toBeInTheDocument();
  });

  it('marks the active route by exact path and expands groups on click', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/');
    const menu = await screen.findByTestId('layout-menu');
    expect(within(menu).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const group = within(menu).getByRole('button', { name: 'Produits' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the group of the active item', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/pages/users/user-profile');
    const menu = await screen.findByTestId('layout-menu');
    // The profile page is not in the menu: nothing is active, no group opens.
    expect(within(menu).queryByRole('link', { current: 'page', hidden: true })).toBeNull();
  });
});
