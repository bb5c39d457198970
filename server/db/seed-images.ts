/**
 * Product pictures for the demo data, drawn in code at seed time: a simple flat drawing of the kind
 * of goods (a tomato, a bunch of greens, a rice sack, an oil bottle, a snack packet...) in the
 * product's own colours, encoded as PNG. Shapes are signed distance fields with one pixel of
 * anti-aliasing, so edges look clean without supersampling; a 256 px picture takes a few
 * milliseconds to draw and encode.
 */
import { deflateSync } from 'node:zlib';

export const IMAGE_SIZE = 256;

type RGB = readonly [number, number, number];
type Sdf = (x: number, y: number) => number;
/** A shape: its signed distance field and the box it lies in. */
interface Shape {
  d: Sdf;
  box: [number, number, number, number];
}
const len = (x: number, y: number) => Math.sqrt(x * x + y * y);

class Canvas {
  readonly px: Uint8Array;
  constructor(readonly size: number) {
    this.px = new Uint8Array(size * size * 3);
  }

  /** A vertical gradient from `top` to `bottom`. */
  background(top: RGB, bottom: RGB) {
    const n = this.size;
    for (let y = 0; y < n; y++) {
      const t = y / (n - 1);
      const r = Math.round(top[0] + (bottom[0] - top[0]) * t);
      const g = Math.round(top[1] + (bottom[1] - top[1]) * t);
      const b = Math.round(top[2] + (bottom[2] - top[2]) * t);
      for (let i = y * n * 3, end = i + n * 3; i < end; i += 3) {
        this.px[i] = r;
        this.px[i + 1] = g;
        this.px[i + 2] = b;
      }
    }
  }

  /** Fills where sdf < 0, blending one pixel of edge; `shade` darkens towards the lower right for roundness. */
  fill(shape: Shape, color: RGB, shade = 0) {
    const n = this.size;
    const sdf = shape.d;
    const [x0, y0, x1, y1] = shape.box.map((v, i) => Math.max(0, Math.min(n - 1, i < 2 ? Math.floor(v) - 1 : Math.ceil(v) + 1)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = sdf(x + 0.5, y + 0.5);
        const a = Math.max(0, Math.min(1, 0.5 - d));
        if (a <= 0) continue;
        const k = shade ? 1 - (shade * ((x - x0) / (x1 - x0 + 1) + (y - y0) / (y1 - y0 + 1))) / 2 : 1;
        const i = (y * n + x) * 3;
        const ka = k * a;
        const keep = 1 - a;
        this.px[i] = (this.px[i] * keep + color[0] * ka + 0.5) | 0;
        this.px[i + 1] = (this.px[i + 1] * keep + color[1] * ka + 0.5) | 0;
        this.px[i + 2] = (this.px[i + 2] * keep + color[2] * ka + 0.5) | 0;
      }
    }
  }

  png(): Buffer {
    const n = this.size;
    const raw = Buffer.alloc((n * 3 + 1) * n);
    for (let y = 0; y < n; y++) {
      raw[y * (n * 3 + 1)] = 0; // filter: none
      raw.set(this.px.subarray(y * n * 3, (y + 1) * n * 3), y * (n * 3 + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(n, 0);
    ihdr.writeUInt32BE(n, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 6 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf: Buffer): number {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([size, body, crc]);
}

// signed distance fields (negative inside)
const circle = (cx: number, cy: number, r: number): Shape => ({
  d: (x, y) => len(x - cx, y - cy) - r,
  box: [cx - r, cy - r, cx + r, cy + r],
});
const ellipse = (cx: number, cy: number, rx: number, ry: number, angle = 0): Shape => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const m = Math.max(rx, ry);
  return {
    d: (x, y) => {
      const dx = (x - cx) * c + (y - cy) * s;
      const dy = -(x - cx) * s + (y - cy) * c;
      const k = len(dx / rx, dy / ry);
      return ((k - 1) * Math.min(rx, ry)) / Math.max(k, 0.5);
    },
    box: [cx - m, cy - m, cx + m, cy + m],
  };
};
const roundRect = (cx: number, cy: number, hw: number, hh: number, r: number): Shape => ({
  d: (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  },
  box: [cx - hw, cy - hh, cx + hw, cy + hh],
});
const capsule = (ax: number, ay: number, bx: number, by: number, r: number): Shape => ({
  d: (x, y) => {
    const px = x - ax;
    const py = y - ay;
    const vx = bx - ax;
    const vy = by - ay;
    const h = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)));
    return len(px - vx * h, py - vy * h) - r;
  },
  box: [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
});

const hsl = (h: number, s: number, l: number): RGB => {
  s /= 100;
  l /= 100;
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
};
const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as unknown as RGB;
const WHITE: RGB = [255, 255, 255];
const LEAF: RGB = [60, 140, 60];
const STEM: RGB = [90, 110, 40];

/** A number from a text (the same name always draws the same picture). */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

export type PictureKind = 'round' | 'long' | 'greens' | 'bunch' | 'sack' | 'bottle' | 'packet' | 'box' | 'jar' | 'flower' | 'tube' | 'pot';

/** Colours of well-known goods, by a word of the name. */
const NAMED_COLOURS: Array<[RegExp, RGB]> = [
  [/oil/i, [226, 176, 38]],
  [/ghee|butter/i, [238, 196, 80]],
  [/tomato/i, [222, 48, 38]],
  [/carrot/i, [240, 120, 30]],
  [/brinjal|eggplant/i, [110, 45, 130]],
  [/onion|shallot/i, [190, 90, 120]],
  [/potato|yam|colocasia/i, [190, 150, 95]],
  [/beetroot/i, [140, 20, 60]],
  [/cabbage|cauliflower/i, [190, 220, 150]],
  [/pumpkin/i, [235, 140, 40]],
  [/lemon|banana|mango/i, [245, 205, 50]],
  [/apple|pomegranate/i, [200, 30, 45]],
  [/orange|papaya/i, [245, 150, 40]],
  [/grape/i, [110, 60, 130]],
  [/guava|cucumber|chilli|capsicum|beans|drumstick|lady|gourd|peas|ginger/i, [80, 160, 60]],
  [/coconut/i, [130, 90, 50]],
  [/garlic|radish/i, [235, 230, 215]],
];

/** Picture kind of a product, from its subcategory (and name for the odd ones). */
export function pictureKind(subcategory: string, name: string): PictureKind {
  const n = name.toLowerCase();
  if (/toothpaste/.test(n)) return 'tube';
  if (/oil|juice|sarbath|soda|cola|drink|shampoo|cleaner|liquid|water|milk/.test(n) && !/soap|dal|rice/.test(n)) return 'bottle';
  if (/ghee|honey|pickle|curd|kumkum|manjal|turmeric powder|horlicks|boost|jam|butter|paneer/.test(n)) return 'jar';
  switch (subcategory) {
    case 'Fresh Vegetables':
      return /carrot|beans|drumstick|lady|cucumber|chilli|radish|gourd|plantain|banana/.test(n) ? 'long' : 'round';
    case 'Fresh Fruits':
      return /banana/.test(n) ? 'long' : /grape/.test(n) ? 'bunch' : 'round';
    case 'Greens & Herbs':
      return 'greens';
    case 'Rice & Grains':
    case 'Dals & Pulses':
    case 'Flours & Rava':
      return 'sack';
    case 'Oils & Ghee':
    case 'Juices & Sarbath':
    case 'Soft Drinks':
    case 'Hair Care':
    case 'Floor & Toilet Cleaners':
      return 'bottle';
    case 'Milk & Curd':
    case 'Butter & Paneer':
    case 'Health Drinks':
    case 'Kumkum & Manjal':
    case 'Skin Care':
      return 'jar';
    case 'Flowers & Garlands':
      return 'flower';
    case 'Kitchenware':
      return 'pot';
    case 'Bath Soaps':
    case 'Traditional Sweets':
    case 'Agarbatti & Sambrani':
    case 'Camphor & Lamps':
    case 'Bread & Rusk':
    case 'Detergents':
    case 'Dishwash':
      return 'box';
    default:
      return 'packet';
  }
}

/** Draws a product picture and answers its PNG bytes. */
export function productPicture(name: string, subcategory: string): Buffer {
  const S = IMAGE_SIZE;
  const h = hash(name);
  const kind = pictureKind(subcategory, name);
  const hue = h % 360;
  const named = NAMED_COLOURS.find(([re]) => re.test(name))?.[1];
  const main: RGB = named ?? hsl(hue, 62, 48);
  const accent: RGB = hsl((hue + 150) % 360, 55, 42);
  const c = new Canvas(S);
  const back = (h >>> 9) % 360;
  c.background(hsl(back, 45, 95), hsl(back, 35, 86));
  const u = S / 100; // drawing units: a 100 x 100 square
  const light = mix(main, WHITE, 0.45);
  const dark = mix(main, [0, 0, 0], 0.25);
  // a soft shadow under everything
  c.fill(ellipse(50 * u, 88 * u, 30 * u, 5 * u), [0, 0, 0].map((_, i) => Math.round(c.px[(S * S - 1) * 3 + i] * 0.85)) as unknown as RGB);

  switch (kind) {
    case 'round': {
      const r = (25 + ((h >>> 18) % 8)) * u;
      c.fill(circle(50 * u, 56 * u, r), main, 0.35);
      c.fill(ellipse(40 * u, 45 * u, 8 * u, 5 * u, -0.6), light);
      c.fill(capsule(50 * u, 56 * u - r, 53 * u, 56 * u - r - 9 * u, 2.2 * u), STEM);
      c.fill(ellipse(60 * u, 56 * u - r - 5 * u, 9 * u, 4 * u, -0.4), LEAF);
      break;
    }
    case 'long': {
      for (let i = 0; i < 3; i++) {
        const dx = (i - 1) * 14 * u;
        c.fill(capsule(28 * u + dx, 78 * u, 70 * u + dx, 24 * u, (7 - i) * u), i === 1 ? main : dark, 0.2);
        c.fill(ellipse(72 * u + dx, 20 * u, 6 * u, 3 * u, -0.9), LEAF);
      }
      break;
    }
    case 'bunch': {
      for (let row = 0; row < 4; row++)
        for (let i = 0; i <= 3 - row; i++) c.fill(circle((50 + (i - (3 - row) / 2) * 13) * u, (40 + row * 11) * u, 7 * u), main, 0.3);
      c.fill(capsule(50 * u, 30 * u, 52 * u, 20 * u, 2 * u), STEM);
      break;
    }
    case 'greens': {
      const leaf = named ?? LEAF;
      for (let i = 0; i < 7; i++) {
        const a = -1.2 + i * 0.4;
        c.fill(
          ellipse((50 + Math.sin(a) * 22) * u, (42 - Math.cos(a) * 14) * u, 8 * u, 20 * u, a),
          mix(leaf, [20, 90, 30], (i % 3) * 0.2),
          0.2,
        );
      }
      c.fill(roundRect(50 * u, 74 * u, 7 * u, 14 * u, 3 * u), [150, 190, 90]);
      c.fill(roundRect(50 * u, 68 * u, 10 * u, 3 * u, 1.5 * u), [200, 60, 50]);
      break;
    }
    case 'sack': {
      c.fill(roundRect(50 * u, 58 * u, 28 * u, 30 * u, 9 * u), [226, 210, 170], 0.25);
      c.fill(roundRect(50 * u, 26 * u, 16 * u, 6 * u, 3 * u), [210, 190, 150]);
      c.fill(roundRect(50 * u, 32 * u, 12 * u, 2 * u, 1 * u), accent);
      c.fill(roundRect(50 * u, 60 * u, 20 * u, 13 * u, 3 * u), main);
      for (let i = 0; i < 5; i++) c.fill(circle((42 + i * 4) * u, 60 * u, 1.6 * u), WHITE);
      break;
    }
    case 'bottle': {
      c.fill(roundRect(50 * u, 60 * u, 18 * u, 28 * u, 7 * u), main, 0.3);
      c.fill(roundRect(50 * u, 27 * u, 8 * u, 8 * u, 3 * u), main, 0.2);
      c.fill(roundRect(50 * u, 16 * u, 9 * u, 4 * u, 1.5 * u), accent);
      c.fill(roundRect(50 * u, 62 * u, 18 * u, 11 * u, 1 * u), WHITE);
      c.fill(roundRect(50 * u, 62 * u, 12 * u, 3 * u, 1.5 * u), accent);
      c.fill(roundRect(40 * u, 50 * u, 2.5 * u, 10 * u, 1.2 * u), light);
      break;
    }
    case 'packet': {
      c.fill(roundRect(50 * u, 55 * u, 26 * u, 33 * u, 4 * u), main, 0.3);
      for (let i = 0; i < 9; i++) c.fill(circle((27 + i * 5.8) * u, 22 * u, 3 * u), main);
      c.fill(roundRect(50 * u, 26 * u, 26 * u, 2 * u, 1 * u), dark);
      c.fill(ellipse(50 * u, 58 * u, 16 * u, 13 * u), WHITE);
      c.fill(circle(50 * u, 58 * u, 8 * u), accent, 0.2);
      c.fill(roundRect(50 * u, 80 * u, 18 * u, 2.5 * u, 1.2 * u), light);
      break;
    }
    case 'box': {
      c.fill(roundRect(50 * u, 60 * u, 32 * u, 22 * u, 3 * u), main, 0.3);
      c.fill(roundRect(50 * u, 38 * u, 34 * u, 5 * u, 2 * u), dark);
      c.fill(roundRect(50 * u, 62 * u, 20 * u, 10 * u, 5 * u), WHITE);
      c.fill(roundRect(50 * u, 62 * u, 13 * u, 3 * u, 1.5 * u), accent);
      break;
    }
    case 'jar': {
      c.fill(roundRect(50 * u, 60 * u, 24 * u, 26 * u, 9 * u), main, 0.3);
      c.fill(roundRect(50 * u, 31 * u, 21 * u, 6 * u, 2 * u), accent, 0.2);
      c.fill(roundRect(50 * u, 62 * u, 24 * u, 10 * u, 1 * u), WHITE);
      c.fill(circle(50 * u, 62 * u, 6 * u), main);
      c.fill(roundRect(34 * u, 52 * u, 2.5 * u, 9 * u, 1.2 * u), light);
      break;
    }
    case 'flower': {
      for (let k = 0; k < 3; k++) {
        const cx = (32 + k * 18) * u;
        const cy = (k === 1 ? 44 : 60) * u;
        for (let i = 0; i < 6; i++) {
          const a = (i * Math.PI) / 3;
          c.fill(ellipse(cx + Math.cos(a) * 9 * u, cy + Math.sin(a) * 9 * u, 7 * u, 4.5 * u, a), mix(main, WHITE, k * 0.15));
        }
        c.fill(circle(cx, cy, 5 * u), [245, 200, 40]);
      }
      c.fill(capsule(20 * u, 80 * u, 80 * u, 80 * u, 2 * u), LEAF);
      break;
    }
    case 'tube': {
      c.fill(capsule(24 * u, 66 * u, 72 * u, 38 * u, 11 * u), main, 0.25);
      c.fill(capsule(38 * u, 58 * u, 60 * u, 45 * u, 5 * u), WHITE);
      c.fill(roundRect(80 * u, 33 * u, 6 * u, 6 * u, 2 * u), accent);
      break;
    }
    case 'pot': {
      c.fill(ellipse(50 * u, 60 * u, 32 * u, 22 * u), [175, 180, 190], 0.35);
      c.fill(roundRect(50 * u, 40 * u, 30 * u, 4 * u, 2 * u), [140, 145, 155]);
      c.fill(capsule(14 * u, 46 * u, 22 * u, 46 * u, 3 * u), [120, 125, 135]);
      c.fill(capsule(78 * u, 46 * u, 86 * u, 46 * u, 3 * u), [120, 125, 135]);
      c.fill(ellipse(38 * u, 56 * u, 6 * u, 10 * u, 0.3), [225, 228, 235]);
      break;
    }
  }
  return c.png();
}
