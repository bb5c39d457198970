import { describe, expect, it } from 'vitest';
import type { BillData } from '../../../src/features/shop-order/bill-data';
import { billData } from '../../support/bill-builders';
import { thermalBill } from '../../../src/features/shop-order/thermal-bill';
import { encodeDrawerKick, encodeReceipt, padPair } from '../../../src/lib/escpos/encode-receipt';
import type { PaperWidth, ReceiptLine } from '../../../src/lib/escpos/receipt-doc';
import type { Bitmap, LineRasterizer } from '../../../src/lib/escpos/rasterizer';
import en from '../../../src/locales/en/receipt';
import ta from '../../../src/locales/ta/receipt';

/** The catalogue's text with its {params} filled, as src/lib/i18n does. */
const texts =
  (catalogue: Record<string, string>) =>
  (key: string, params: Record<string, string | number> = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

const bill = billData;

/** A fake canvas: every drawn line is a bitmap of known height, its top row black, the rest white. */
const HEIGHT = 36; // not a multiple of 8: the encoder pads it to 40
function fakeRasterizer() {
  const drawn: { line: ReceiptLine; width: number }[] = [];
  const r: LineRasterizer = {
    draw(line, width): Bitmap {
      drawn.push({ line, width });
      const data = new Uint8ClampedArray(width * HEIGHT * 4).fill(255);
      for (let x = 0; x < width; x++) data.fill(0, x * 4, x * 4 + 3);
      return { width, height: HEIGHT, data };
    },
  };
  return { r, drawn };
}

type Cmd =
  | { op: 'init' }
  | { op: 'text'; text: string }
  | { op: 'raster'; widthBytes: number; height: number; data: Uint8Array }
  | { op: 'cut' }
  | { op: 'pulse' }
  | { op: 'other'; bytes: number[] };

/** Walks an ESC/POS stream command by command (only the commands a receipt uses; anything else fails). */
function decode(b: Uint8Array): Cmd[] {
  const out: Cmd[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    // the encoder centres a line with spaces: the words are what counts
    if (text.trim()) out.push({ op: 'text', text: text.trim() });
    text = '';
  };
  while (i < b.length) {
    const c = b[i];
    if (c >= 0x20 && c <= 0x7e) {
      text += String.fromCharCode(c);
      i++;
      continue;
    }
    flush();
    const next = b[i + 1];
    const three = () => {
      out.push({ op: 'other', bytes: [...b.slice(i, i + 3)] });
      i += 3;
    };
    if (c === 0x0a || c === 0x0d) i++;
    else if (c === 0x1b && next === 0x40) {
      out.push({ op: 'init' });
      i += 2;
    } else if (c === 0x1b && next === 0x70) {
      // ESC p m t1 t2
      out.push({ op: 'pulse' });
      i += 5;
    } else if (c === 0x1b && [0x45, 0x4d, 0x74, 0x61, 0x21, 0x2d, 0x64, 0x4a, 0x33, 0x52].includes(next)) three();
    else if (c === 0x1b && next === 0x32) i += 2;
    else if (c === 0x1c && next === 0x2e) i += 2;
    else if (c === 0x1d && next === 0x21) three();
    else if (c === 0x1d && b[i + 1] === 0x76 && b[i + 2] === 0x30) {
      const widthBytes = b[i + 4] + 256 * b[i + 5];
      const height = b[i + 6] + 256 * b[i + 7];
      out.push({ op: 'raster', widthBytes, height, data: b.slice(i + 8, i + 8 + widthBytes * height) });
      i += 8 + widthBytes * height;
    } else if (c === 0x1d && b[i + 1] === 0x56) {
      out.push({ op: 'cut' });
      // GS V m, or GS V m n (m 65/66: feed n then cut)
      i += b[i + 2] >= 65 ? 4 : 3;
    } else throw new Error(`unknown byte 0x${c.toString(16)} at ${i}`);
  }
  flush();
  return out;
}

const printed = (paper: PaperWidth, lang: 'en' | 'ta', over: Partial<BillData> = {}) => {
  const { r, drawn } = fakeRasterizer();
  const t = texts(lang === 'ta' ? ta : en) as Parameters<typeof thermalBill>[1];
  const doc = thermalBill(bill(over), t, lang, () => '26 Nov 2026, 3:30 pm');
  return { cmds: decode(encodeReceipt(doc, paper, r)), drawn };
};

describe('a bill on an ESC/POS receipt printer', () => {
  it('a Tamil bill on 58 mm: initialise, raster lines 48 bytes (384 dots) wide, the cut, the drawer for cash', () => {
    const { cmds, drawn } = printed('58mm', 'ta');
    expect(cmds[0]).toEqual({ op: 'init' });
    const rasters = cmds.filter((c) => c.op === 'raster');
    // every Tamil line was drawn, at the roll's width, and sent as one raster block of its height (padded to 8)
    const tamil = drawn.filter((d) => JSON.stringify(d.line).match(/[\u0B80-\u0BFF]/));
    expect(tamil.map((d) => JSON.stringify(d.line))).toEqual(
      expect.arrayContaining([expect.stringContaining('பொன்னி அரிசி'), expect.stringContaining('மொத்தம்')]),
    );
    expect(drawn.every((d) => d.width === 384)).toBe(true);
    expect(rasters).toHaveLength(drawn.length);
    for (const r of rasters) {
      expect(r).toMatchObject({ widthBytes: 48, height: 40 });
      // the fake's black top row arrives as set bits; the rest of the image is white
      expect([...r.data.slice(0, 48)].every((v) => v === 0xff)).toBe(true);
      expect([...r.data.slice(48 * HEIGHT)].every((v) => v === 0)).toBe(true);
    }
    // ASCII lines stay text: the shop's name and address, its GSTIN, the tax by rate
    const text = cmds.flatMap((c) => (c.op === 'text' ? [c.text] : []));
    expect(text).toEqual(
      expect.arrayContaining(['Murugan Stores', '12 Car Street, Madurai', 'GSTIN 33ABCDE1234F1Z5', 'CGST 2.5% 3.24 SGST 2.5% 3.24']),
    );
    // the cut, then the drawer kick of a cash sale, and nothing after
    const cut = cmds.findIndex((c) => c.op === 'cut');
    expect(cut).toBeGreaterThan(0);
    expect(cmds.slice(cut + 1).map((c) => c.op)).toEqual(['pulse']);
  });

  it('the drawer opened without a sale: initialise and kick, nothing printed, no cut', () => {
    // the encoder's initialise also sets the font (ESC M, FS .): settings, not print
    const ops = decode(encodeDrawerKick()).map((c) => c.op);
    expect(ops.filter((op) => op !== 'other')).toEqual(['init', 'pulse']);
  });

  it('an English bill on 80 mm: text stays ASCII, only the total with its ₹ sign is raster, 72 bytes (576 dots) wide', () => {
    const { cmds, drawn } = printed('80mm', 'en');
    expect(cmds[0]).toEqual({ op: 'init' });
    expect(drawn.map((d) => d.line)).toEqual([{ kind: 'pair', left: 'Total', right: '₹136.00', bold: true }]);
    const rasters = cmds.filter((c) => c.op === 'raster');
    expect(rasters).toEqual([expect.objectContaining({ widthBytes: 72, height: 40 })]);
    const text = cmds.flatMap((c) => (c.op === 'text' ? [c.text] : []));
    expect(text).toContain('Ponni Rice');
    expect(text).toContain(padPair('Invoice no.', 'MS/26/000042', 48));
    expect(text).toContain(padPair('2 kg x 68.00 / kg 5%', '136.00', 48));
    expect(text.every((s) => s.length <= 48)).toBe(true);
    expect(cmds.some((c) => c.op === 'cut')).toBe(true);
    expect(cmds.some((c) => c.op === 'pulse')).toBe(true);
  });

  it("names the counter sale's cashier by their first name, in the bill's language", () => {
    const english = printed('80mm', 'en', { cashier: 'Arun' }).cmds.flatMap((c) => (c.op === 'text' ? [c.text] : []));
    expect(english).toContain('Cashier: Arun');
    const tamil = printed('80mm', 'ta', { cashier: 'Arun' }).drawn.map((d) => JSON.stringify(d.line));
    expect(tamil).toEqual(expect.arrayContaining([expect.stringContaining('காசாளர்: Arun')]));
    // a customer's order (no cashier) prints no such line
    const none = printed('80mm', 'en').cmds.flatMap((c) => (c.op === 'text' ? [c.text] : []));
    expect(none.some((s) => s.startsWith('Cashier'))).toBe(false);
  });

  it('no drawer kick for UPI, for an unpaid sale or for a voided one', () => {
    for (const over of [
      { paymentMethod: 'upi' as const },
      { paid: false, paymentMethod: null },
      { voided: { at: '2026-11-26T11:00:00.000Z', reason: 'wrong items' } },
    ]) {
      const { cmds } = printed('58mm', 'ta', over);
      expect(cmds.some((c) => c.op === 'cut')).toBe(true);
      expect(cmds.some((c) => c.op === 'pulse')).toBe(false);
    }
  });

  it('a sale paid in parts prints each part, and a cash part opens the drawer', () => {
    const payments = [
      { method: 'cash' as const, amountPaise: 10000 },
      { method: 'upi' as const, amountPaise: 3600 },
    ];
    const split = printed('80mm', 'en', { paymentMethod: null, payments });
    // the ₹ signs make it a drawn line
    expect(JSON.stringify(split.drawn.map((d) => d.line))).toContain('Cash ₹100.00 · UPI ₹36.00');
    expect(split.cmds.some((c) => c.op === 'pulse')).toBe(true);
    const noCash = printed('80mm', 'en', { paymentMethod: null, payments: [payments[1], { method: 'card', amountPaise: 10000 }] });
    expect(noCash.cmds.some((c) => c.op === 'pulse')).toBe(false);
  });

  it("a business buyer's bill for goods sent to Karnataka names its GSTIN and place of supply and prints IGST at the full rate", () => {
    const sent = bill().lines.map((l) => ({ ...l, cgstPaise: 0, sgstPaise: 0, igstPaise: 648, taxablePaise: 12952 }));
    const buyer = { name: 'Hotel Udupi', phone: '9845012303', gstin: '29AAFHS4321K1ZW', address: 'MG Road', stateCode: '29' };
    const { cmds } = printed('80mm', 'en', { buyer, placeOfSupply: '29', lines: sent, paymentMethod: 'upi' });
    const texts = cmds.filter((c) => c.op === 'text').map((c) => c.text);
    expect(texts.some((x) => x.includes('29AAFHS4321K1ZW'))).toBe(true);
    expect(texts.some((x) => x.includes('29-Karnataka'))).toBe(true);
    expect(texts).toContain('IGST 5% 6.48');
    expect(texts.some((x) => x.includes('CGST'))).toBe(false);
  });
});
