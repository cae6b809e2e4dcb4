import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { useScrollRestoration } from './scroll-restoration';

/** Anchor scrolling: after each navigation with a hash, bring the target into view. */
function useAnchorScrolling(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let frame = 0;
    // The target may belong to a page that is still loading: try for a few frames.
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (tries++ < 30) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

/** Top of the route tree: scroll restoration, anchor scrolling, lazy screens. */
export function RootRoute() {
  useScrollRestoration();
  useAnchorScrolling();
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
