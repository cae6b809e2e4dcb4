import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/**
 * The global banner slot of the shell, above the page content. A feature shows a banner by
 * rendering <LayoutBanner id="…">…</LayoutBanner> anywhere under the shell (a later issue shows
 * the subscription banner there).
 */
interface BannerRegistry {
  banners: ReadonlyMap<string, ReactNode>;
  set: (id: string, node: ReactNode | null) => void;
}

const BannerContext = createContext<BannerRegistry | null>(null);

export function BannerProvider({ children }: { children: ReactNode }) {
  const [banners, setBanners] = useState<ReadonlyMap<string, ReactNode>>(new Map());
  const set = useCallback((id: string, node: ReactNode | null) => {
    setBanners((previous) => {
      const next = new Map(previous);
      if (node === null) next.delete(id);
      else next.set(id, node);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ banners, set }), [banners, set]);
  return <BannerContext.Provider value={value}>{children}</BannerContext.Provider>;
}

/** Where the banners appear. */
export function BannerSlot() {
  const registry = useContext(BannerContext);
  const banners = [...(registry?.banners.entries() ?? [])];
  return (
    <div className="layout-banner" data-testid="layout-banner" hidden={banners.length === 0}>
      {banners.map(([id, node]) => (
        <div key={id} className="layout-banner-item">
          {node}
        </div>
      ))}
    </div>
  );
}

/** Puts its children in the banner slot while mounted. */
export function LayoutBanner({ id, children }: { id: string; children: ReactNode }) {
  const registry = useContext(BannerContext);
  const set = registry?.set;
  useEffect(() => {
    set?.(id, children);
    return () => set?.(id, null);
  }, [id, children, set]);
  return null;
}
