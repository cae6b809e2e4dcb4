import { Link } from 'react-router';

/** Logo and name of Comptoir, linking home. */
export function Brand({ to = '/', size = 48 }: { to?: string; size?: number }) {
  return (
    <Link
      to={to}
      className="inline-flex align-items-center gap-2 text-color font-semibold text-2xl no-underline"
    >
      <img src="/logo.svg" alt="" width={size} height={size} />
      <span>Comptoir</span>
    </Link>
  );
}
