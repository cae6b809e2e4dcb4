interface Props {
  /** Label and formatted value of each figure, in order. */
  items: ReadonlyArray<readonly [string, string]>;
  /** Accessible name (« Totaux des ventes filtrées »). */
  label: string;
  testId?: string;
}

/** Totals of a list's whole filtered set (not just the page), above its table or cards. */
export function ListTotaux({ items, label, testId }: Props) {
  return (
    <dl className="grid m-0 mb-3" aria-label={label} data-testid={testId}>
      {items.map(([name, value]) => (
        <div key={name} className="col-6 md:col">
          <div className="surface-100 border-round p-2">
            <dt className="text-sm text-color-secondary">{name}</dt>
            <dd className="m-0 text-lg font-semibold white-space-nowrap">{value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
