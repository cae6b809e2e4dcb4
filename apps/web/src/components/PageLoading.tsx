/** Shown while a screen's code loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>Chargement…</span>
    </div>
  );
}
