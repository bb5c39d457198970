import { formatRupees } from '../../../core/money';
import type { ProductDto } from '../../../core/schemas/product';
import { printedClass } from '../../components/print-sheet';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { BarcodeSvg } from './barcode-svg';
import classes from './labels.module.css';

export type LabelLayout = 'a4' | 'roll';
/** The printer's page for each layout: @page takes the label roll's size, or A4 with no printer margin (the sheet has its own). */
const PAGE: Record<LabelLayout, string> = { a4: 'size: A4; margin: 0', roll: 'size: 50mm 25mm; margin: 0' };
const PER_SHEET = 24;

/** One shelf label: names in English and Tamil, the price per unit, the MRP when higher, the barcode. */
function ShelfLabel({ p }: { p: ProductDto }) {
  const t = useT('shelf-labels');
  const u = useUnitText();
  const selling = p.isFree ? 0 : Math.max(0, p.shopPrice - p.discount);
  return (
    <div className={classes.label} data-testid="shelf-label" data-product={p._id}>
      <div className={classes.name}>{p.name}</div>
      {p.Tamil && <div className={classes.tamil}>{p.Tamil}</div>}
      <div className={classes.prices}>
        <span className={classes.price} data-testid="label-price">
          {p.isFree ? t('free') : formatRupees(selling)}
        </span>
        <span>{u.perUnitWords(p.unit)}</span>
        {p.price > selling && (
          <span className={classes.mrp}>
            {t('mrp')} <s>{formatRupees(p.price)}</s>
          </span>
        )}
      </div>
      <div className={classes.code}>{p.barcode && <BarcodeSvg code={p.barcode} />}</div>
    </div>
  );
}

/** The labels to print, one per copy: A4 pages of 24, or one roll label per printed page. */
export function LabelSheet({ labels, layout }: { labels: ProductDto[]; layout: LabelLayout }) {
  const pages: ProductDto[][] = [];
  for (let i = 0; i < labels.length; i += PER_SHEET) pages.push(labels.slice(i, i + PER_SHEET));
  return (
    <div className={classes.preview}>
      <div className={`${classes.sheet} ${printedClass}`} data-testid="label-sheet" data-layout={layout}>
        <style>{`@media print { @page { ${PAGE[layout]}; } }`}</style>
        {layout === 'a4' ? (
          pages.map((page, i) => (
            <div key={i} className={classes.page}>
              {page.map((p, j) => (
                <ShelfLabel key={j} p={p} />
              ))}
            </div>
          ))
        ) : (
          <div className={classes.roll}>
            {labels.map((p, i) => (
              <ShelfLabel key={i} p={p} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
