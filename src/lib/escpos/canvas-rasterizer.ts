import type { ReceiptLine } from './receipt-doc';
import type { Bitmap, LineRasterizer } from './rasterizer';

/** The shipped Tamil font (src/app/tamil-font.css) first; the ₹ sign and Latin come from the system font. */
const FAMILY = '"Noto Sans Tamil", system-ui, sans-serif';
const SIZE = 24;
const BIG = 34;

/** Waits for Noto Sans Tamil (both weights), so the first bill is not drawn in a fallback font. */
export async function tamilFontLoaded(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  await Promise.all([document.fonts.load(`400 ${SIZE}px ${FAMILY}`, 'தமிழ்'), document.fonts.load(`700 ${SIZE}px ${FAMILY}`, 'தமிழ்')]).catch(
    () => undefined,
  );
}

type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function context(width: number, height: number): Ctx {
  if (typeof OffscreenCanvas !== 'undefined') {
    const c = new OffscreenCanvas(width, height).getContext('2d');
    if (c) return c;
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const c = canvas.getContext('2d');
  if (!c) throw new Error('canvas');
  return c;
}

/** Words that fit in `width` pixels, line by line (a word longer than a line keeps its own line). */
function wrap(ctx: Ctx, text: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && ctx.measureText(next).width > width) {
      out.push(cur);
      cur = word;
    } else cur = next;
  }
  out.push(cur);
  return out;
}

/** Draws a receipt line on a canvas, black on white, the roll's width; its height a multiple of 8 dots. */
export const canvasRasterizer: LineRasterizer = {
  draw(line: Exclude<ReceiptLine, { kind: 'rule' }>, width: number): Bitmap {
    const size = line.kind === 'text' && line.big ? BIG : SIZE;
    const font = `${line.bold ? 700 : 400} ${size}px ${FAMILY}`;
    // Tamil's vowel signs reach well above and below Latin letters: 1.5 lines of room
    const lineHeight = Math.ceil(size * 1.5);
    const measure = context(8, 8);
    measure.font = font;
    // rows of text, each on its own line of the image
    let rows: { text: string; x: number; align: CanvasTextAlign }[];
    let sharedLast = false;
    if (line.kind === 'pair') {
      const gap = SIZE;
      const leftWidth = measure.measureText(line.left).width;
      const rightWidth = measure.measureText(line.right).width;
      if (leftWidth + gap + rightWidth <= width) {
        // label and amount on one line
        rows = [
          { text: line.left, x: 0, align: 'left' },
          { text: line.right, x: width, align: 'right' },
        ];
        sharedLast = true;
      } else {
        // too long together: the label's lines, then the value's, right-aligned under it
        rows = [
          ...wrap(measure, line.left, width).map((text) => ({ text, x: 0, align: 'left' as const })),
          ...wrap(measure, line.right, width - gap).map((text) => ({ text, x: width, align: 'right' as const })),
        ];
      }
    } else {
      const center = line.align === 'center';
      rows = wrap(measure, line.text, width).map((text) => ({ text, x: center ? width / 2 : 0, align: center ? 'center' : 'left' }));
    }
    const count = sharedLast ? 1 : rows.length;
    const height = Math.ceil((count * lineHeight) / 8) * 8;
    const ctx = context(width, height);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#000';
    ctx.font = font;
    ctx.textBaseline = 'middle';
    rows.forEach((r, i) => {
      ctx.textAlign = r.align;
      ctx.fillText(r.text, r.x, (sharedLast ? 0 : i) * lineHeight + lineHeight / 2);
    });
    const img = ctx.getImageData(0, 0, width, height);
    return { width, height, data: img.data };
  },
};
