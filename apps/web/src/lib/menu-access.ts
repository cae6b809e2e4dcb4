import { menuFor, menuLeaves, type Role } from '@comptoir/shared';

/**
 * The route guard reads the very table the side menu is drawn from: a screen is open to a role
 * when its menu lists the path (the server still decides on every call).
 */
export function menuAllows(role: Role | null, path: string): boolean {
  return menuLeaves(menuFor(role)).some((item) => item.to === path);
}
