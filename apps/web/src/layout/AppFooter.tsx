/** Footer credit line of the shell. */
export function AppFooter() {
  return (
    <footer className="layout-footer">
      <img src="/logo.svg" alt="" width={20} height={20} />
      <span>Comptoir — caisse et gestion de stock · ©&nbsp;{new Date().getFullYear()}</span>
    </footer>
  );
}
