import type { MenuItem, MenuSection } from '@comptoir/shared';

/** Key of the item at `path` (indexes from the section down), e.g. "1-0-2". */
export const itemKey = (path: readonly number[]): string => path.join('-');

/** Key of the leaf whose route is exactly `pathname`, or null (exact path match). */
export function activeKeyFor(sections: readonly MenuSection[], pathname: string): string | null {
  const walk = (items: readonly MenuItem[], path: number[]): string | null => {
    for (const [index, item] of items.entries()) {
      const here = [...path, index];
      if (item.items) {
        const found = walk(item.items, here);
        if (found) return found;
      } else if (item.to === pathname) return itemKey(here);
    }
    return null;
  };
  for (const [index, section] of sections.entries()) {
    const found = walk(section.items, [index]);
    if (found) return found;
  }
  return null;
}

/** A group is open when the open key is the group itself or one of its descendants. */
export const isOpen = (openKey: string | null, key: string): boolean =>
  openKey !== null && (openKey === key || openKey.startsWith(`${key}-`));

/** The key of the parent item ("1-0-2" → "1-0"). */
export const parentKey = (key: string): string => key.slice(0, Math.max(0, key.lastIndexOf('-')));
