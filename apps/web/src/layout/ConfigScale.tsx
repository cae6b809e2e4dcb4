import { LAYOUT_SCALES } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { classNames } from 'primereact/utils';

const MIN = Math.min(...LAYOUT_SCALES);
const MAX = Math.max(...LAYOUT_SCALES);

/** Scale steps 12 to 16: minus disabled at 12, plus disabled at 16 (docs/regles-metier.md). */
export function ConfigScale({
  scale,
  onChange,
}: {
  scale: number;
  onChange: (scale: number) => void;
}) {
  const index = LAYOUT_SCALES.findIndex((s) => s === scale);
  const step = (delta: number) => {
    const next = LAYOUT_SCALES[index + delta];
    if (next !== undefined) onChange(next);
  };
  return (
    <section className="layout-config-section" aria-labelledby="config-scale-title">
      <h3 id="config-scale-title">Échelle</h3>
      <div className="layout-config-scale">
        <Button
          type="button"
          icon="pi pi-minus"
          rounded
          text
          aria-label="Diminuer l'échelle"
          disabled={scale <= MIN}
          onClick={() => step(-1)}
        />
        <div className="layout-config-scale-steps" aria-hidden="true">
          {LAYOUT_SCALES.map((s) => (
            <i
              key={s}
              className={classNames('pi pi-circle-fill', {
                'layout-config-scale-current': s === scale,
              })}
            />
          ))}
        </div>
        <Button
          type="button"
          icon="pi pi-plus"
          rounded
          text
          aria-label="Augmenter l'échelle"
          disabled={scale >= MAX}
          onClick={() => step(1)}
        />
        <span className="layout-config-scale-value" aria-live="polite">
          <output data-testid="scale-value" aria-label="Échelle actuelle">
            {scale}
          </output>
          &nbsp;px
        </span>
      </div>
    </section>
  );
}
