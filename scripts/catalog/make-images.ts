/**
 * Writes one flat SVG illustration per seed product to web/public/images/products/<id>.svg.
 * Run from the repository root: npx tsx scripts/catalog/make-images.ts
 * Output is deterministic: the colours vary per product by a hash of the sku.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedProducts, type SeedProduct } from './products';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT_DIR = join(ROOT, 'web/public/images/products');
const MAX_BYTES = 2048;

interface Palette {
  bg: string;
  halo: string;
  shadow: string;
  main: string;
  dark: string;
  light: string;
  ink: string;
}

/** Base hue and saturation per category. */
const CATEGORY_HUES: Record<string, [hue: number, saturation: number]> = {
  Beverages: [200, 62],
  Snacks: [12, 72],
  Cleaning: [170, 55],
  'Paper Goods': [245, 45],
  Packaging: [30, 42],
  Office: [135, 40],
  'Personal Care': [300, 40],
  Kitchen: [348, 58],
  Pantry: [42, 62],
  Safety: [75, 60],
};

/** FNV-1a, for a stable per-product variation. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** An HSL colour as #rrggbb, which every SVG renderer understands. */
function hex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function palette(product: SeedProduct): Palette {
  const [base, sat] = CATEGORY_HUES[product.category] ?? [210, 20];
  const h = hash(product.sku);
  const hue = (base + (h % 31) - 15 + 360) % 360;
  const light = 50 + ((h >>> 8) % 9) - 4;
  const hsl = (s: number, l: number) => hex(hue, s, l);
  return {
    bg: hex(base, sat * 0.6, 95),
    halo: hex(base, sat * 0.6, 89),
    shadow: hex(base, sat * 0.3, 80),
    main: hsl(sat, light),
    dark: hsl(sat * 0.9, light - 16),
    light: hsl(sat, light + 22),
    ink: hsl(sat * 0.8, 24),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** Average glyph width of a semibold system font, in em. */
const EM = 0.6;

/** The brand as one or two centred lines fitting a width, around a vertical centre. */
function brandText(brand: string, cx: number, cy: number, width: number, fill: string): string {
  let lines = [brand];
  let size = Math.min(22, width / (brand.length * EM));
  const space = brand.indexOf(' ');
  if (size < 16 && space > 0) {
    // Break at the space nearest the middle.
    let best = space;
    for (let i = space; i >= 0; i = brand.indexOf(' ', i + 1)) {
      if (Math.abs(i - brand.length / 2) < Math.abs(best - brand.length / 2)) best = i;
    }
    lines = [brand.slice(0, best), brand.slice(best + 1)];
    size = Math.min(20, width / (Math.max(...lines.map((l) => l.length)) * EM));
  }
  const fs = Math.floor(size);
  const lead = Math.round(fs * 1.15);
  const first = cy + fs * 0.35 - ((lines.length - 1) * lead) / 2;
  const spans = lines
    .map((line, i) => `<tspan x="${cx}" y="${Math.round(first + i * lead)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="system-ui, sans-serif" font-size="${fs}" font-weight="600" text-anchor="middle" fill="${fill}">${spans}</text>`;
}

/** A white label with the brand on it. */
function label(x: number, y: number, w: number, h: number, brand: string, c: Palette, rx = 8): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="#fff"/>${brandText(brand, x + w / 2, y + h / 2, w - 14, c.ink)}`;
}

type Pictogram = (c: Palette, brand: string) => string;

const PICTOGRAMS: Record<string, Pictogram> = {
  // A bottle with a cap.
  Beverages: (c, b) =>
    `<rect x="176" y="58" width="48" height="30" rx="6" fill="${c.dark}"/>` +
    `<path d="M182 86h36v24c0 20 46 28 46 64v148a22 22 0 0 1-22 22h-84a22 22 0 0 1-22-22v-148c0-36 46-44 46-64z" fill="${c.main}"/>` +
    `<rect x="152" y="176" width="12" height="150" rx="6" fill="${c.light}"/>` +
    label(136, 206, 128, 76, b, c, 0),
  // A snack bag with crimped ends.
  Snacks: (c, b) =>
    `<path d="M120 100v-20${'l8-8 8 8'.repeat(10)}v20z" fill="${c.dark}"/>` +
    `<path d="M130 96h140c14 70 14 160 0 230h-140c-14-70-14-160 0-230z" fill="${c.main}"/>` +
    `<path d="M120 322v20${'l8 8 8-8'.repeat(10)}v-20z" fill="${c.dark}"/>` +
    `<circle cx="200" cy="158" r="36" fill="${c.light}"/><ellipse cx="192" cy="162" rx="18" ry="12" fill="${c.bg}"/>` +
    label(138, 212, 124, 70, b, c),
  // A trigger spray bottle.
  Cleaning: (c, b) =>
    `<rect x="132" y="74" width="44" height="16" rx="5" fill="${c.dark}"/>` +
    `<rect x="164" y="64" width="72" height="40" rx="10" fill="${c.dark}"/>` +
    `<path d="M180 100l-22 46h14l24-46z" fill="${c.dark}"/>` +
    `<rect x="184" y="102" width="32" height="26" fill="${c.light}"/>` +
    `<path d="M168 126h64c14 32 26 52 26 92v108a18 18 0 0 1-18 18h-80a18 18 0 0 1-18-18v-108c0-40 12-60 26-92z" fill="${c.main}"/>` +
    label(150, 222, 100, 84, b, c),
  // A roll of paper with a brand band.
  'Paper Goods': (c, b) =>
    `<path d="M124 104h152v210a76 24 0 0 1-152 0z" fill="#fff"/>` +
    `<rect x="244" y="104" width="18" height="228" fill="${c.light}" opacity=".5"/>` +
    `<ellipse cx="200" cy="104" rx="76" ry="24" fill="${c.light}"/>` +
    `<ellipse cx="200" cy="104" rx="24" ry="8" fill="${c.dark}"/>` +
    `<rect x="124" y="176" width="152" height="80" fill="${c.main}"/>` +
    brandText(b, 200, 216, 136, '#fff'),
  // A closed corrugated box with tape.
  Packaging: (c, b) =>
    `<path d="M104 160l96-42 96 42-96 42z" fill="${c.light}"/>` +
    `<path d="M104 160l96 42v136l-96-42z" fill="${c.main}"/>` +
    `<path d="M296 160l-96 42v136l96-42z" fill="${c.dark}"/>` +
    `<path d="M144 143l16-7 96 42-16 7z" fill="${c.bg}" opacity=".7"/>` +
    `<path d="M240 185l16-7v136l-16 7z" fill="${c.bg}" opacity=".45"/>` +
    `<g transform="matrix(1 .4375 0 1 0 0)">${label(112, 146, 80, 60, b, c, 4)}</g>`,
  // A folder with a pencil.
  Office: (c, b) =>
    `<path d="M90 110h74l16 18h130v196h-220z" fill="${c.dark}"/>` +
    `<rect x="108" y="124" width="170" height="150" fill="#fff" transform="rotate(-4 193 199)"/>` +
    `<path d="M84 164h232l-10 160h-212z" fill="${c.main}"/>` +
    label(132, 200, 136, 60, b, c) +
    `<g transform="rotate(-38 250 300)"><rect x="186" y="289" width="18" height="22" rx="3" fill="#f2a7b5"/><rect x="202" y="289" width="96" height="22" fill="#f5c233"/><path d="M298 289l26 11-26 11z" fill="#f1d2a4"/><path d="M316 296.5l8 3.5-8 3.5z" fill="#3b3b3b"/></g>`,
  // A pump bottle.
  'Personal Care': (c, b) =>
    `<rect x="140" y="70" width="60" height="12" rx="5" fill="${c.dark}"/>` +
    `<rect x="178" y="62" width="46" height="28" rx="6" fill="${c.dark}"/>` +
    `<rect x="194" y="88" width="14" height="28" fill="${c.light}"/>` +
    `<rect x="172" y="112" width="58" height="26" rx="5" fill="${c.dark}"/>` +
    `<rect x="140" y="134" width="122" height="210" rx="30" fill="${c.main}"/>` +
    `<rect x="154" y="152" width="10" height="170" rx="5" fill="${c.light}"/>` +
    label(164, 200, 86, 96, b, c),
  // A lidded stock pot.
  Kitchen: (c, b) =>
    `<rect x="186" y="94" width="28" height="16" rx="7" fill="${c.dark}"/>` +
    `<path d="M118 140c10-30 46-38 82-38s72 8 82 38z" fill="${c.dark}"/>` +
    `<rect x="84" y="170" width="44" height="18" rx="9" fill="${c.dark}"/><rect x="272" y="170" width="44" height="18" rx="9" fill="${c.dark}"/>` +
    `<path d="M116 146h168v146a44 44 0 0 1-44 44h-80a44 44 0 0 1-44-44z" fill="${c.main}"/>` +
    `<rect x="108" y="136" width="184" height="14" rx="7" fill="${c.dark}"/>` +
    label(142, 204, 116, 64, b, c),
  // A tied sack.
  Pantry: (c, b) =>
    `<path d="M154 118l-20-46c44 14 88 14 132 0l-20 46z" fill="${c.light}"/>` +
    `<path d="M152 124c-48 40-62 110-56 188q2 30 32 32h144q30-2 32-32c6-78-8-148-56-188z" fill="${c.main}"/>` +
    `<rect x="148" y="112" width="104" height="16" rx="8" fill="${c.dark}"/>` +
    label(132, 204, 136, 80, b, c, 6),
  // A hard hat.
  Safety: (c, b) =>
    `<path d="M108 282c0-92 40-146 92-146s92 54 92 146z" fill="${c.main}"/>` +
    `<rect x="188" y="132" width="24" height="58" rx="10" fill="${c.light}"/>` +
    `<rect x="76" y="276" width="248" height="28" rx="14" fill="${c.dark}"/>` +
    label(136, 196, 128, 56, b, c),
};

function svgFor(product: SeedProduct): string {
  const c = palette(product);
  const draw = PICTOGRAMS[product.category];
  if (!draw) throw new Error(`No pictogram for category ${product.category} (${product.sku})`);
  const shadowY = product.category === 'Safety' ? 318 : 350;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<title>${escapeXml(product.name)}</title>` +
    `<rect width="400" height="400" fill="${c.bg}"/>` +
    `<circle cx="200" cy="200" r="158" fill="${c.halo}"/>` +
    `<ellipse cx="200" cy="${shadowY}" rx="112" ry="13" fill="${c.shadow}"/>` +
    draw(c, product.brand) +
    `</svg>\n`
  );
}

mkdirSync(OUT_DIR, { recursive: true });
let largest = 0;
for (const product of seedProducts) {
  const svg = svgFor(product);
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_BYTES) throw new Error(`${product.id}.svg is ${bytes} bytes, over ${MAX_BYTES}`);
  largest = Math.max(largest, bytes);
  writeFileSync(join(OUT_DIR, `${product.id}.svg`), svg);
}
console.log(`Wrote ${seedProducts.length} images to ${OUT_DIR} (largest ${largest} bytes).`);
