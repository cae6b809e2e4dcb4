import type { ReactNode } from 'react';

/** The card of an /auth screen: logo, title, subtitle, content. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-card">
      <div className="auth-brand">
        <img src="/logo.svg" alt="Comptoir" width={56} height={56} />
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
