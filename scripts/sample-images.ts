/**
 * Draws the sample company's images: the covers of the case studies, insights and services, the
 * home page's picture, the portraits of the sample people, the sample clients' logos and two
 * article diagrams, and writes their alt texts to scripts/sample-images/alt.json. Every picture is
 * drawn here as SVG by code and the covers and portraits are rendered to JPEG with sharp; nothing
 * is downloaded and no font is needed for them (they have no text). Rerun to regenerate them; the
 * output is the same byte for byte:
 *
 *   npx -y -p node@24 node scripts/sample-images.ts
 *
 * Arguments pick the files whose names contain them (`... sample-images.ts port logo`), to work
 * on a few; alt.json is always written whole.
 *
 * The covers share one style: a small isometric diorama on a slab, in the brand's colours, with
 * the warm beam colour as the one highlight. Each cover's motif is a function below. The portraits
 * (content/people/images/<id>.jpg, 800 x 800) are friendly flat illustrations of made-up people,
 * head and shoulders on a soft brand colour: each is a Look (skin, hair, clothes, glasses, beard)
 * drawn by portraitSvg. The tables COVERS, PORTRAITS and SVGS say which file shows what, with its
 * alt text.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const W = 1600;
const H = 900;
/** A cover must stay under this, and should stay well under 150 KB. */
const MAX_COVER_BYTES = 220 * 1024;

// ---------------------------------------------------------------------------------------------
// Colours

const C = {
  blue: '#0b4f6c',
  night: '#0d2236',
  night2: '#123049',
  beam: '#f2a541',
  ice: '#eaf3fa',
  mist: '#d9e0e8',
  paper: '#f4f6f9',
  teal: '#0f766e',
  cream: '#fff4e2',
  white: '#ffffff',
  sky: '#5aa9c9',
  steel: '#8ea3b6',
  slate: '#4d6b82',
  sea: '#1f6f8b',
  leaf: '#4f8a55',
  moss: '#6d9a52',
  olive: '#7d8a45',
  pine: '#2f6b4f',
  earth: '#c79a5b',
  sand: '#e3c48f',
  rust: '#b5523b',
  brick: '#a4543f',
  rose: '#d9738a',
  plum: '#7b4b8e',
  skin1: '#f0c6a0',
  skin2: '#c98e63',
  skin3: '#8d5a3b',
} as const;

function hex(c: string): [number, number, number] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** `a` moved towards `b` by `t` (0..1). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hex(a);
  const [r2, g2, b2] = hex(b);
  const ch = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(r1, r2)}${ch(g1, g2)}${ch(b1, b2)}`;
}

const light = (c: string, t: number) => mix(c, C.white, t);
const dark = (c: string, t: number) => mix(c, C.night, t);

/** A fixed-seed pseudo-random sequence (mulberry32), so the pictures are the same every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// SVG and isometric geometry

/** A number written short: one decimal at most. */
const n = (v: number): string => String(Math.round(v * 10) / 10);

type V3 = readonly [number, number, number];

/** An isometric projection: where (0, 0, 0) lands on the picture, and the scale. */
interface Iso {
  ox: number;
  oy: number;
  k: number;
}

const COS30 = Math.cos(Math.PI / 6);
/** The scale of the covers' scenes. */
const K = 1.15;

/** The projection that puts the middle of a `w` x `d` slab at (cx, cy). */
function isoFor(w: number, d: number, cx = 800, cy = 520, k = K): Iso {
  return { ox: cx - ((w - d) / 2) * COS30 * k, oy: cy - ((w + d) / 4) * k, k };
}

/** Where a point of the scene lands on the picture. x runs to the lower right, y to the lower left, z up. */
function at(iso: Iso, x: number, y: number, z = 0): [number, number] {
  return [iso.ox + (x - y) * COS30 * iso.k, iso.oy + ((x + y) / 2 - z) * iso.k];
}

function points(iso: Iso, pts: readonly V3[]): string {
  return pts.map(([x, y, z]) => at(iso, x, y, z).map(n).join(',')).join(' ');
}

function face(iso: Iso, pts: readonly V3[], fill: string, extra = ''): string {
  return `<polygon points="${points(iso, pts)}" fill="${fill}"${extra}/>`;
}

function polyline(iso: Iso, pts: readonly V3[], stroke: string, width: number, extra = ''): string {
  return `<polyline points="${points(iso, pts)}" fill="none" stroke="${stroke}" stroke-width="${n(width * iso.k)}" stroke-linejoin="round" stroke-linecap="round"${extra}/>`;
}

/** The three visible faces' colours of a solid. */
interface Tone {
  top: string;
  left: string;
  right: string;
}

function tone(c: string): Tone {
  return { top: light(c, 0.2), left: c, right: dark(c, 0.3) };
}

/** A box from (x, y, z) of w x d x h: the lit top, the left (+y) face and the darker right (+x) face. */
function box(iso: Iso, x: number, y: number, z: number, w: number, d: number, h: number, c: string | Tone): string {
  const t = typeof c === 'string' ? tone(c) : c;
  return (
    face(
      iso,
      [
        [x, y + d, z],
        [x + w, y + d, z],
        [x + w, y + d, z + h],
        [x, y + d, z + h],
      ],
      t.left,
    ) +
    face(
      iso,
      [
        [x + w, y, z],
        [x + w, y + d, z],
        [x + w, y + d, z + h],
        [x + w, y, z + h],
      ],
      t.right,
    ) +
    face(
      iso,
      [
        [x, y, z + h],
        [x + w, y, z + h],
        [x + w, y + d, z + h],
        [x, y + d, z + h],
      ],
      t.top,
    )
  );
}

/** A rectangle on the plane y = `y` (a left face): from x0 to x1, z0 to z1. */
function onLeft(iso: Iso, y: number, x0: number, x1: number, z0: number, z1: number, fill: string, extra = ''): string {
  return face(
    iso,
    [
      [x0, y, z0],
      [x1, y, z0],
      [x1, y, z1],
      [x0, y, z1],
    ],
    fill,
    extra,
  );
}

/** A rectangle on the plane x = `x` (a right face): from y0 to y1, z0 to z1. */
function onRight(
  iso: Iso,
  x: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  fill: string,
  extra = '',
): string {
  return face(
    iso,
    [
      [x, y0, z0],
      [x, y1, z0],
      [x, y1, z1],
      [x, y0, z1],
    ],
    fill,
    extra,
  );
}

/** A rectangle on the horizontal plane at height z. */
function onTop(iso: Iso, z: number, x0: number, y0: number, x1: number, y1: number, fill: string, extra = ''): string {
  return face(
    iso,
    [
      [x0, y0, z],
      [x1, y0, z],
      [x1, y1, z],
      [x0, y1, z],
    ],
    fill,
    extra,
  );
}

/** A grid of windows on a face of a box: `side` 'left' (plane y) or 'right' (plane x). */
function windows(
  iso: Iso,
  side: 'left' | 'right',
  plane: number,
  from: number,
  to: number,
  z0: number,
  z1: number,
  cols: number,
  rows: number,
  fill: string,
  lit?: { fill: string; share: number; seed: number },
): string {
  const random = lit ? seeded(lit.seed) : () => 1;
  const cw = (to - from) / cols;
  const rh = (z1 - z0) / rows;
  let out = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = from + c * cw + cw * 0.22;
      const b = from + (c + 1) * cw - cw * 0.22;
      const lo = z0 + r * rh + rh * 0.25;
      const hi = z0 + (r + 1) * rh - rh * 0.2;
      const color = lit && random() < lit.share ? lit.fill : fill;
      out += side === 'left' ? onLeft(iso, plane, a, b, lo, hi, color) : onRight(iso, plane, a, b, lo, hi, color);
    }
  }
  return out;
}

/** An upright cylinder standing at (x, y, z), radius r, height h, with a rounded shading. */
function cylinder(
  iso: Iso,
  x: number,
  y: number,
  z: number,
  r: number,
  h: number,
  c: string,
  topColor?: string,
): string {
  const [sx, yb] = at(iso, x, y, z);
  const [, yt] = at(iso, x, y, z + h);
  const rx = r * Math.SQRT2 * COS30 * iso.k;
  const ry = r * Math.SQRT1_2 * iso.k;
  const id = gradient('h', [
    [0, light(c, 0.12)],
    [0.45, c],
    [1, dark(c, 0.35)],
  ]);
  return (
    `<path d="M${n(sx - rx)},${n(yt)}V${n(yb)}A${n(rx)},${n(ry)} 0 0 0 ${n(sx + rx)},${n(yb)}V${n(yt)}Z" fill="url(#${id})"/>` +
    `<ellipse cx="${n(sx)}" cy="${n(yt)}" rx="${n(rx)}" ry="${n(ry)}" fill="${topColor ?? light(c, 0.22)}"/>`
  );
}

/** A flat disc (a circle on the ground or on a top face). */
function disc(iso: Iso, x: number, y: number, z: number, r: number, fill: string, extra = ''): string {
  const [sx, sy] = at(iso, x, y, z);
  return `<ellipse cx="${n(sx)}" cy="${n(sy)}" rx="${n(r * Math.SQRT2 * COS30 * iso.k)}" ry="${n(r * Math.SQRT1_2 * iso.k)}" fill="${fill}"${extra}/>`;
}

/** A soft shadow cast to the lower right of a footprint. */
function shadow(iso: Iso, x: number, y: number, w: number, d: number, h: number, z = 0, opacity = 0.28): string {
  const s = Math.min(h * 0.5, 90);
  return face(
    iso,
    [
      [x, y, z],
      [x + w + s, y - s * 0.2, z],
      [x + w + s, y + d, z],
      [x + w, y + d + s * 0.15, z],
      [x, y + d, z],
    ],
    C.night,
    ` opacity="${opacity}" filter="url(#soft)"`,
  );
}

/** A house whose ridge runs along y: the gable faces the left (+y) side, like a Dutch canal house. */
function gableHouse(
  iso: Iso,
  x: number,
  y: number,
  w: number,
  d: number,
  h: number,
  roofH: number,
  wall: string,
  roof: string,
): string {
  const t = tone(wall);
  const zr = h + roofH;
  return (
    face(
      iso,
      [
        [x, y, h],
        [x + w / 2, y, zr],
        [x + w / 2, y + d, zr],
        [x, y + d, h],
      ],
      dark(roof, 0.15),
    ) +
    face(
      iso,
      [
        [x, y + d, 0],
        [x + w, y + d, 0],
        [x + w, y + d, h],
        [x + w / 2, y + d, zr],
        [x, y + d, h],
      ],
      t.left,
    ) +
    onRight(iso, x + w, y, y + d, 0, h, t.right) +
    face(
      iso,
      [
        [x + w / 2, y, zr],
        [x + w, y, h],
        [x + w, y + d, h],
        [x + w / 2, y + d, zr],
      ],
      roof,
    )
  );
}

/** A round tree, drawn flat at its place on the ground. */
function tree(iso: Iso, x: number, y: number, size: number, c: string = C.leaf): string {
  const [sx, sy] = at(iso, x, y, 0);
  const s = size * iso.k * 1.35;
  return (
    `<ellipse cx="${n(sx + s * 0.25)}" cy="${n(sy)}" rx="${n(s * 0.7)}" ry="${n(s * 0.28)}" fill="${C.night}" opacity="0.22"/>` +
    `<rect x="${n(sx - s * 0.08)}" y="${n(sy - s * 1.1)}" width="${n(s * 0.16)}" height="${n(s * 1.1)}" rx="${n(s * 0.05)}" fill="${dark(C.earth, 0.45)}"/>` +
    `<circle cx="${n(sx)}" cy="${n(sy - s * 1.45)}" r="${n(s * 0.62)}" fill="${c}"/>` +
    `<path d="M${n(sx - s * 0.62)},${n(sy - s * 1.45)}a${n(s * 0.62)},${n(s * 0.62)} 0 0 0 ${n(s * 1.24)},0a${n(s * 0.62)},${n(s * 0.5)} 0 0 1 -${n(s * 1.24)},0Z" fill="${dark(c, 0.25)}"/>` +
    `<circle cx="${n(sx - s * 0.2)}" cy="${n(sy - s * 1.68)}" r="${n(s * 0.22)}" fill="${light(c, 0.22)}"/>`
  );
}

/** A pine tree, optionally with snow. */
function pine(iso: Iso, x: number, y: number, size: number, c: string = C.pine, snow = false): string {
  const [sx, sy] = at(iso, x, y, 0);
  const s = size * iso.k * 1.3;
  let out = `<ellipse cx="${n(sx + s * 0.25)}" cy="${n(sy)}" rx="${n(s * 0.55)}" ry="${n(s * 0.22)}" fill="${C.night}" opacity="0.22"/>`;
  out += `<rect x="${n(sx - s * 0.07)}" y="${n(sy - s * 0.45)}" width="${n(s * 0.14)}" height="${n(s * 0.45)}" fill="${dark(C.earth, 0.5)}"/>`;
  for (let i = 0; i < 3; i++) {
    const top = sy - s * (1.9 - i * 0.45);
    const base = sy - s * (0.35 + (2 - i) * 0.42);
    const half = s * (0.32 + i * 0.12);
    out += `<path d="M${n(sx)},${n(top)}L${n(sx + half)},${n(base)}H${n(sx - half)}Z" fill="${c}"/>`;
    out += `<path d="M${n(sx)},${n(top)}L${n(sx + half)},${n(base)}H${n(sx)}Z" fill="${dark(c, 0.25)}"/>`;
    if (snow) {
      out += `<path d="M${n(sx)},${n(top)}L${n(sx + half * 0.4)},${n(top + (base - top) * 0.4)}L${n(sx)},${n(top + (base - top) * 0.3)}L${n(sx - half * 0.4)},${n(top + (base - top) * 0.4)}Z" fill="${C.white}"/>`;
    }
  }
  return out;
}

/** A small person, standing at a point of the scene. */
function person(
  iso: Iso,
  x: number,
  y: number,
  z: number,
  shirt: string,
  skin: string = C.skin1,
  hair: string = C.night,
): string {
  const [sx, sy] = at(iso, x, y, z);
  const s = iso.k * 1.3;
  return (
    `<ellipse cx="${n(sx + 6 * s)}" cy="${n(sy)}" rx="${n(14 * s)}" ry="${n(5 * s)}" fill="${C.night}" opacity="0.25"/>` +
    `<rect x="${n(sx - 9 * s)}" y="${n(sy - 34 * s)}" width="${n(18 * s)}" height="${n(34 * s)}" rx="${n(8 * s)}" fill="${shirt}"/>` +
    `<rect x="${n(sx + 1 * s)}" y="${n(sy - 34 * s)}" width="${n(8 * s)}" height="${n(34 * s)}" rx="${n(4 * s)}" fill="${dark(shirt, 0.25)}"/>` +
    `<circle cx="${n(sx)}" cy="${n(sy - 43 * s)}" r="${n(7.5 * s)}" fill="${skin}"/>` +
    `<path d="M${n(sx - 7.5 * s)},${n(sy - 44 * s)}a${n(7.5 * s)},${n(7.5 * s)} 0 0 1 ${n(15 * s)},0q-${n(7.5 * s)},-${n(3 * s)} -${n(15 * s)},0Z" fill="${hair}"/>`
  );
}

/** A flat arrow lying on the plane z, from (x0, y0) to (x1, y1). */
function groundArrow(
  iso: Iso,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  z: number,
  fill: string,
  extra = '',
): string {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const px = -uy;
  const py = ux;
  const hw = width / 2;
  const head = width * 1.3;
  const bx = x1 - ux * head;
  const by = y1 - uy * head;
  return face(
    iso,
    [
      [x0 + px * hw, y0 + py * hw, z],
      [bx + px * hw, by + py * hw, z],
      [bx + px * hw * 2, by + py * hw * 2, z],
      [x1, y1, z],
      [bx - px * hw * 2, by - py * hw * 2, z],
      [bx - px * hw, by - py * hw, z],
      [x0 - px * hw, y0 - py * hw, z],
    ],
    fill,
    extra,
  );
}

// --- flat (screen-space) shapes ---

/** A soft cloud made of circles, centred at (cx, cy). */
function cloud(cx: number, cy: number, s: number, fill: string = C.white, shade: string = C.mist): string {
  const c = (x: number, y: number, r: number, f: string) =>
    `<circle cx="${n(cx + x * s)}" cy="${n(cy + y * s)}" r="${n(r * s)}" fill="${f}"/>`;
  return (
    `<rect x="${n(cx - 120 * s)}" y="${n(cy - 10 * s)}" width="${n(240 * s)}" height="${n(50 * s)}" rx="${n(25 * s)}" fill="${shade}"/>` +
    c(-70, 5, 42, shade) +
    c(0, -20, 62, shade) +
    c(70, 0, 46, shade) +
    `<rect x="${n(cx - 120 * s)}" y="${n(cy - 16 * s)}" width="${n(240 * s)}" height="${n(46 * s)}" rx="${n(23 * s)}" fill="${fill}"/>` +
    c(-70, 0, 40, fill) +
    c(0, -26, 58, fill) +
    c(70, -6, 43, fill)
  );
}

/** A line from (x0, y0) to (x1, y1) with a filled arrowhead at the end, along a quadratic curve through (qx, qy). */
function curveArrow(
  x0: number,
  y0: number,
  qx: number,
  qy: number,
  x1: number,
  y1: number,
  stroke: string,
  width: number,
  extra = '',
): string {
  const dx = x1 - qx;
  const dy = y1 - qy;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const head = width * 3.2;
  const bx = x1 - ux * head;
  const by = y1 - uy * head;
  return (
    `<path d="M${n(x0)},${n(y0)}Q${n(qx)},${n(qy)} ${n(bx)},${n(by)}" fill="none" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round"${extra}/>` +
    `<polygon points="${n(x1)},${n(y1)} ${n(bx - uy * head * 0.7)},${n(by + ux * head * 0.7)} ${n(bx + uy * head * 0.7)},${n(by - ux * head * 0.7)}" fill="${stroke}"/>`
  );
}

/** A round badge with a tick. */
function tick(cx: number, cy: number, r: number, fill: string = C.teal, mark: string = C.white): string {
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>` +
    `<path d="M${n(cx - r * 0.45)},${n(cy + r * 0.02)}L${n(cx - r * 0.12)},${n(cy + r * 0.35)}L${n(cx + r * 0.48)},${n(cy - r * 0.3)}" fill="none" stroke="${mark}" stroke-width="${n(r * 0.24)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A round badge with a cross. */
function cross(cx: number, cy: number, r: number, fill: string = C.rust, mark: string = C.white): string {
  const a = r * 0.36;
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>` +
    `<path d="M${n(cx - a)},${n(cy - a)}L${n(cx + a)},${n(cy + a)}M${n(cx + a)},${n(cy - a)}L${n(cx - a)},${n(cy + a)}" stroke="${mark}" stroke-width="${n(r * 0.24)}" stroke-linecap="round"/>`
  );
}

/** A speech bubble with lines of "text" (bars), its tail at the lower left. */
function bubble(x: number, y: number, w: number, h: number, fill: string, lineColor: string, lines = 3): string {
  let out = `<rect x="${n(x + 6)}" y="${n(y + 8)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.28)}" fill="${C.night}" opacity="0.18"/>`;
  out += `<path d="M${n(x + w * 0.18)},${n(y + h - 2)}l-${n(h * 0.12)},${n(h * 0.32)}l${n(h * 0.42)},-${n(h * 0.3)}Z" fill="${fill}"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.28)}" fill="${fill}"/>`;
  const pad = h * 0.26;
  const lh = (h - pad * 2) / lines;
  for (let i = 0; i < lines; i++) {
    const lw = (w - pad * 2) * (i === lines - 1 ? 0.55 : 1 - i * 0.08);
    out += `<rect x="${n(x + pad)}" y="${n(y + pad + i * lh + lh * 0.2)}" width="${n(lw)}" height="${n(lh * 0.45)}" rx="${n(lh * 0.22)}" fill="${lineColor}"/>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Gradients made by the scenes (collected per picture, written into its <defs>)

let sceneDefs: string[] = [];
let gradientCount = 0;

/** A gradient for the current picture; `dir` 'h' runs left to right, 'v' top to bottom. Returns its id. */
function gradient(dir: 'h' | 'v' | 'r', stops: readonly (readonly [number, string, number?])[]): string {
  const id = `g${gradientCount++}`;
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
  sceneDefs.push(
    dir === 'r'
      ? `<radialGradient id="${id}">${s}</radialGradient>`
      : `<linearGradient id="${id}" x1="0" y1="0" x2="${dir === 'h' ? 1 : 0}" y2="${dir === 'v' ? 1 : 0}">${s}</linearGradient>`,
  );
  return id;
}

// ---------------------------------------------------------------------------------------------
// The frame every cover shares: background, slab, beam

type Theme = 'dusk' | 'day';

interface Palette {
  /** Solids standing on the slab. */
  ink: string;
  /** The slab. */
  slab: Tone;
  /** The tiles drawn on the slab. */
  grid: string;
}

const PALETTES: Record<Theme, Palette> = {
  dusk: {
    ink: C.ice,
    slab: { top: '#1d5270', left: '#14405a', right: '#0f3147' },
    grid: '#2a6585',
  },
  day: {
    ink: C.blue,
    slab: { top: '#ffffff', left: '#cfdae4', right: '#a9bccc' },
    grid: '#e3ebf2',
  },
};

function background(theme: Theme): string {
  if (theme === 'dusk') {
    const bg = gradient('v', [
      [0, C.night],
      [0.6, C.night2],
      [1, '#0e3d57'],
    ]);
    const halo = gradient('r', [
      [0, '#2b7597', 0.55],
      [1, '#2b7597', 0],
    ]);
    return (
      `<rect width="${W}" height="${H}" fill="url(#${bg})"/>` +
      `<ellipse cx="800" cy="430" rx="760" ry="470" fill="url(#${halo})"/>` +
      rings(C.ice, 0.05)
    );
  }
  const bg = gradient('v', [
    [0, '#eef4f9'],
    [1, '#d3e4f0'],
  ]);
  const halo = gradient('r', [
    [0, C.white, 0.9],
    [1, C.white, 0],
  ]);
  return (
    `<rect width="${W}" height="${H}" fill="url(#${bg})"/>` +
    `<ellipse cx="800" cy="430" rx="720" ry="440" fill="url(#${halo})"/>` +
    rings(C.blue, 0.06)
  );
}

/** Large thin circles behind the scene: the editorial backdrop. */
function rings(stroke: string, opacity: number): string {
  return (
    `<g fill="none" stroke="${stroke}" opacity="${opacity}" stroke-width="2">` +
    `<circle cx="1320" cy="170" r="230"/><circle cx="1320" cy="170" r="330"/>` +
    `<circle cx="250" cy="760" r="200"/><circle cx="250" cy="760" r="290"/></g>`
  );
}

/** The warm beam falling from the upper right: the brand's signature, kept faint. */
function beam(opacity = 0.16): string {
  const g = gradient('h', [
    [0, C.beam, 0],
    [1, C.beam, opacity],
  ]);
  return `<polygon points="1660,-60 1660,110 420,820 230,400" fill="url(#${g})" filter="url(#wide)"/>`;
}

/** The slab the diorama stands on, with faint tiles. */
function slab(
  iso: Iso,
  w: number,
  d: number,
  theme: Theme,
  opts: { top?: string; tile?: number; depth?: number } = {},
): string {
  const p = PALETTES[theme];
  const depth = opts.depth ?? 26;
  const tile = opts.tile ?? 50;
  const top = opts.top ?? p.slab.top;
  let out = face(
    iso,
    [
      [0, 0, -depth],
      [w + 60, -10, -depth],
      [w + 60, d, -depth],
      [w, d + 25, -depth],
      [0, d, -depth],
    ],
    C.night,
    ` opacity="${theme === 'dusk' ? 0.45 : 0.16}" filter="url(#wide)"`,
  );
  out += box(iso, 0, 0, -depth, w, d, depth, { ...p.slab, top });
  if (tile > 0) {
    const lines: V3[][] = [];
    for (let x = tile; x < w; x += tile)
      lines.push([
        [x, 0, 0],
        [x, d, 0],
      ]);
    for (let y = tile; y < d; y += tile)
      lines.push([
        [0, y, 0],
        [w, y, 0],
      ]);
    const grid = opts.top ? mix(top, theme === 'dusk' ? C.white : C.blue, 0.08) : p.grid;
    out += `<g stroke="${grid}" stroke-width="1.5">${lines.map((l) => `<polyline points="${points(iso, l)}"/>`).join('')}</g>`;
  }
  // A light edge along the two front sides.
  out += polyline(
    iso,
    [
      [0, d, 0],
      [w, d, 0],
      [w, 0, 0],
    ],
    theme === 'dusk' ? light(p.slab.top, 0.25) : C.white,
    2,
  );
  return out;
}

/** A whole cover: background, optional beam, the scene, into a 1600 x 900 SVG. */
function cover(theme: Theme, scene: () => string, withBeam = true): string {
  sceneDefs = [];
  gradientCount = 0;
  const back = background(theme);
  const body = scene();
  const glow = withBeam ? beam(theme === 'dusk' ? 0.14 : 0.12) : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${FILTERS}${sceneDefs.join('')}</defs>${back}${glow}${body}</svg>`
  );
}

const FILTERS =
  '<filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="7"/></filter>' +
  '<filter id="wide" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="22"/></filter>' +
  '<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="16"/></filter>';

/** A warm glow around a point: the highlight of a scene. */
function glowAt(cx: number, cy: number, r: number, color: string = C.beam, opacity = 0.5): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${color}" opacity="${opacity}" filter="url(#glow)"/>`;
}

/** An upright prism over a convex footprint (x, y pairs), shading each visible side by where it faces. */
function prism(
  iso: Iso,
  foot: readonly (readonly [number, number])[],
  z: number,
  h: number,
  c: string,
  top?: string,
): string {
  const t = tone(c);
  const cx = foot.reduce((s, p) => s + p[0], 0) / foot.length;
  const cy = foot.reduce((s, p) => s + p[1], 0) / foot.length;
  let sides = '';
  foot.forEach((a, i) => {
    const b = foot[(i + 1) % foot.length] ?? a;
    let nx = b[1] - a[1];
    let ny = a[0] - b[0];
    const mx = (a[0] + b[0]) / 2 - cx;
    const my = (a[1] + b[1]) / 2 - cy;
    if (nx * mx + ny * my < 0) {
      nx = -nx;
      ny = -ny;
    }
    if (nx + ny <= 0) return;
    // Facing +y (left) is lit, facing +x (right) is in shade.
    const share = Math.max(0, Math.min(1, 0.5 + (nx - ny) / (2 * Math.hypot(nx, ny))));
    sides += face(
      iso,
      [
        [a[0], a[1], z],
        [b[0], b[1], z],
        [b[0], b[1], z + h],
        [a[0], a[1], z + h],
      ],
      mix(t.left, t.right, share),
    );
  });
  return (
    sides +
    face(
      iso,
      foot.map(([x, y]) => [x, y, z + h] as const),
      top ?? t.top,
    )
  );
}

/** A shipping container: a box with ribs on its two visible sides. */
function container(iso: Iso, x: number, y: number, z: number, w: number, d: number, h: number, c: string): string {
  let out = box(iso, x, y, z, w, d, h, c);
  const rib = dark(c, 0.18);
  const ribs = Math.max(3, Math.round(w / 9));
  for (let i = 1; i < ribs; i++) {
    const xi = x + (w * i) / ribs;
    out += polyline(
      iso,
      [
        [xi, y + d, z + 2],
        [xi, y + d, z + h - 2],
      ],
      rib,
      1.4,
    );
  }
  return out;
}

const CONTAINER_COLOURS = [C.sea, C.teal, C.rust, C.steel, '#3f7fa3', C.sand, C.mist];

// --- more shapes ---

/** A polygon on the plane y = `y` given as (x, z) pairs. */
function leftShape(iso: Iso, y: number, pts: readonly (readonly [number, number])[], fill: string, extra = ''): string {
  return face(
    iso,
    pts.map(([x, z]) => [x, y, z] as const),
    fill,
    extra,
  );
}

/** A circle on the plane y = `y`, centred at (x, z). */
function leftCircle(iso: Iso, y: number, x: number, z: number, r: number, fill: string, extra = ''): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < 28; i++)
    pts.push([x + r * Math.cos((i / 28) * Math.PI * 2), z + r * Math.sin((i / 28) * Math.PI * 2)]);
  return leftShape(iso, y, pts, fill, extra);
}

/** A pyramid roof over a w x d rectangle, apex `h` above z. */
function pyramid(iso: Iso, x: number, y: number, z: number, w: number, d: number, h: number, c: string): string {
  const t = tone(c);
  const apex: V3 = [x + w / 2, y + d / 2, z + h];
  return (
    face(iso, [[x, y + d, z], [x + w, y + d, z], apex], t.left) +
    face(iso, [[x + w, y, z], [x + w, y + d, z], apex], t.right)
  );
}

/** An upright sheet of paper facing the left, with lines of text drawn as bars. */
function sheet(
  iso: Iso,
  x: number,
  y: number,
  z: number,
  w: number,
  h: number,
  opts: { fill?: string; line?: string; lines?: number; accent?: string } = {},
): string {
  const fill = opts.fill ?? C.white;
  const line = opts.line ?? C.mist;
  let out = box(iso, x, y - 3, z, w, 3, h, { top: fill, left: fill, right: C.mist });
  const lines = opts.lines ?? 5;
  const pad = w * 0.14;
  const step = (h - pad * 2.4) / lines;
  for (let i = 0; i < lines; i++) {
    const top = z + h - pad * 1.4 - i * step;
    const end = x + w - pad - (i === lines - 1 ? w * 0.35 : (i % 3) * w * 0.08);
    const colour = opts.accent && i >= lines - 2 ? opts.accent : i === 0 ? dark(line, 0.25) : line;
    out += onLeft(iso, y, x + pad, end, top - step * 0.45, top, colour);
  }
  return out;
}

/** A map pin standing on (sx, sy). */
function pin(sx: number, sy: number, s: number, fill: string, dot: string = C.white): string {
  return (
    `<ellipse cx="${n(sx)}" cy="${n(sy)}" rx="${n(s * 0.5)}" ry="${n(s * 0.18)}" fill="${C.night}" opacity="0.3"/>` +
    `<path d="M${n(sx)},${n(sy)}C${n(sx - s * 0.3)},${n(sy - s * 0.7)} ${n(sx - s * 0.6)},${n(sy - s * 1)} ${n(sx - s * 0.6)},${n(sy - s * 1.35)}A${n(s * 0.6)},${n(s * 0.6)} 0 1 1 ${n(sx + s * 0.6)},${n(sy - s * 1.35)}C${n(sx + s * 0.6)},${n(sy - s * 1)} ${n(sx + s * 0.3)},${n(sy - s * 0.7)} ${n(sx)},${n(sy)}Z" fill="${fill}"/>` +
    `<circle cx="${n(sx)}" cy="${n(sy - s * 1.35)}" r="${n(s * 0.24)}" fill="${dot}"/>`
  );
}

/** A clock face. */
function clock(
  cx: number,
  cy: number,
  r: number,
  dial: string = C.white,
  hand: string = C.night,
  accent: string = C.beam,
  minutes = 10,
): string {
  let out = `<circle cx="${n(cx + 5)}" cy="${n(cy + 7)}" r="${n(r)}" fill="${C.night}" opacity="0.2"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${dial}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="none" stroke="${C.mist}" stroke-width="${n(r * 0.05)}"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    out += `<circle cx="${n(cx + Math.sin(a) * r * 0.72)}" cy="${n(cy - Math.cos(a) * r * 0.72)}" r="${n(r * (i % 3 === 0 ? 0.06 : 0.035))}" fill="${hand}"/>`;
  }
  const m = (minutes / 60) * Math.PI * 2;
  out += `<path d="M${n(cx)},${n(cy)}L${n(cx + Math.sin(m) * r * 0.62)},${n(cy - Math.cos(m) * r * 0.62)}" stroke="${accent}" stroke-width="${n(r * 0.09)}" stroke-linecap="round"/>`;
  out += `<path d="M${n(cx)},${n(cy)}L${n(cx + r * 0.02)},${n(cy - r * 0.45)}" stroke="${hand}" stroke-width="${n(r * 0.11)}" stroke-linecap="round"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.08)}" fill="${hand}"/>`;
  return out;
}

/** A lorry: trailer and cab, heading along +x. */
function truck(iso: Iso, x: number, y: number, cab: string = C.teal, trailer: string = C.white, s = 1): string {
  return (
    box(iso, x, y, 4 * s, 58 * s, 22 * s, 26 * s, trailer) +
    box(iso, x + 60 * s, y + s, 4 * s, 16 * s, 20 * s, 20 * s, cab) +
    onRight(iso, x + 76 * s, y + 4 * s, y + 18 * s, 14 * s, 22 * s, C.night2) +
    wheels(iso, y + 22 * s, [x + 10 * s, x + 44 * s, x + 68 * s], 5 * s)
  );
}

/** Wheels on the plane y = `y`, at the given x positions. */
function wheels(iso: Iso, y: number, xs: readonly number[], r: number): string {
  return xs
    .map((x) => leftCircle(iso, y + 0.5, x, r, r, C.night) + leftCircle(iso, y + 0.6, x, r, r * 0.4, C.steel))
    .join('');
}

/** Dashed flowing lines along a path: a faint base line with brighter packets on it. */
function flow(d: string, color: string, width: number, dash = '2 14', opacity = 1): string {
  return (
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width * 0.45)}" opacity="${n(opacity * 0.35)}"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-dasharray="${dash}" stroke-linecap="round" opacity="${n(opacity)}"/>`
  );
}

/** A server rack front on the plane y = `y`: stacked slots with small lights. */
function rackFront(iso: Iso, y: number, x0: number, x1: number, z0: number, z1: number, seed: number): string {
  const random = seeded(seed);
  let out = onLeft(iso, y, x0, x1, z0, z1, C.night2);
  const slots = Math.floor((z1 - z0) / 12);
  for (let i = 0; i < slots; i++) {
    const lo = z0 + 3 + i * 12;
    out += onLeft(iso, y, x0 + 3, x1 - 3, lo, lo + 8, '#1f4a66');
    const c = random();
    out += onLeft(iso, y, x1 - 10, x1 - 6, lo + 2, lo + 6, c < 0.5 ? C.sky : c < 0.8 ? '#4fd1b5' : C.beam);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Case-study scenes (dusk)

/** A port terminal: quay cranes over a container ship, a yard of stacked containers. Long: one scene, its shapes in the order they are painted, back to front. */
function portScene(withPlanning: boolean): string {
  const sw = 540;
  const sd = 500;
  const iso = isoFor(sw, sd, 800, 565, 1.05);
  const quay = 300;
  const random = seeded(11);
  let out = slab(iso, sw, sd, 'dusk', { tile: 0, top: '#33627c' });
  // Water over the front-left part of the slab, with its own sides.
  out += box(iso, 0, quay, -26, sw, sd - quay, 26, { top: '#14688c', left: '#115a7a', right: '#0d4560' });
  for (let i = 0; i < 9; i++) {
    const x = 30 + random() * 470;
    const y = quay + 30 + random() * 150;
    out += polyline(
      iso,
      [
        [x, y, 0.5],
        [x + 26, y, 0.5],
      ],
      '#3d8fb0',
      3,
    );
  }
  out += box(iso, 0, quay - 8, -2, sw, 8, 4, light(C.steel, 0.2));
  // Yard: stacks of containers.
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) {
      const x = 40 + col * 78;
      const y = 40 + row * 44;
      const high = 1 + Math.floor(random() * 3);
      for (let k = 0; k < high; k++) {
        const colour = CONTAINER_COLOURS[Math.floor(random() * CONTAINER_COLOURS.length)] ?? C.sea;
        out += container(iso, x, y, k * 24, 66, 32, 24, colour);
      }
    }
  }
  // Crane legs and portals (behind the ship).
  const cranes = [150, 330];
  for (const cx of cranes) {
    for (const ly of [236, 300]) {
      out += box(iso, cx, ly, 0, 9, 9, 190, C.ice);
      out += box(iso, cx + 46, ly, 0, 9, 9, 190, C.ice);
      out += box(iso, cx, ly, 150, 55, 9, 9, C.mist);
    }
    out += box(iso, cx, 236, 60, 9, 73, 8, C.mist);
    out += box(iso, cx + 46, 236, 60, 9, 73, 8, C.mist);
  }
  // The ship: hull, bridge, containers.
  const hull: [number, number][] = [
    [40, 352],
    [430, 352],
    [505, 392],
    [430, 432],
    [40, 432],
  ];
  out += prism(iso, hull, -6, 34, C.night2, '#27506b');
  out += onLeft(iso, 432.5, 40, 430, -6, 4, C.rust);
  out += box(iso, 50, 362, 28, 44, 60, 72, C.white);
  out += windows(iso, 'left', 422, 50, 94, 70, 96, 3, 1, C.night2);
  out += windows(iso, 'right', 94, 362, 422, 70, 96, 4, 1, C.night2);
  for (let i = 0; i < 6; i++) {
    for (let r = 0; r < 2; r++) {
      const high = i === 2 && r === 1 ? 1 : 2 - ((i + r) % 2);
      for (let k = 0; k < high; k++) {
        const colour = CONTAINER_COLOURS[Math.floor(random() * CONTAINER_COLOURS.length)] ?? C.sea;
        out += container(iso, 110 + i * 52, 360 + r * 36, 28 + k * 22, 48, 34, 22, colour);
      }
    }
  }
  // Booms, trolleys and the container being lifted (the highlight).
  cranes.forEach((cx, i) => {
    out += box(iso, cx + 18, 180, 190, 20, 300, 12, C.ice);
    out += box(iso, cx + 8, 200, 190, 40, 42, 26, C.mist);
    const ty = i === 0 ? 400 : 330;
    out += box(iso, cx + 16, ty, 184, 24, 18, 6, C.steel);
    const lift = i === 0 ? 120 : 100;
    const [ax, ay] = at(iso, cx + 22, ty + 9, 184);
    const [bx, by] = at(iso, cx + 22, ty + 9, lift + 22);
    const [cx2, cy2] = at(iso, cx + 34, ty + 9, 184);
    const [dx, dy] = at(iso, cx + 34, ty + 9, lift + 22);
    out += `<path d="M${n(ax)},${n(ay)}L${n(bx)},${n(by)}M${n(cx2)},${n(cy2)}L${n(dx)},${n(dy)}" stroke="${C.mist}" stroke-width="1.6"/>`;
    if (i === 0) {
      const [gx, gy] = at(iso, cx + 28, ty + 16, lift + 10);
      out += glowAt(gx, gy, 50, C.beam, 0.35);
    }
    out += container(iso, cx + 4, ty, lift, 50, 32, 22, i === 0 ? C.beam : C.teal);
  });
  if (withPlanning) out += planningOverlay(iso);
  return out;
}

/** Floating plan tiles above a terminal: the planning system, drawn as a translucent board. */
function planningOverlay(iso: Iso): string {
  let out = '';
  const z = 175;
  out += onTop(iso, z, 60, 30, 240, 200, C.sky, ' opacity="0.18"');
  out += polyline(
    iso,
    [
      [60, 30, z],
      [240, 30, z],
      [240, 200, z],
      [60, 200, z],
      [60, 30, z],
    ],
    C.sky,
    2,
    ' opacity="0.8"',
  );
  const slots = [
    [80, 50, 70, 30, C.sky],
    [160, 50, 60, 30, C.beam],
    [80, 100, 120, 30, C.sky],
    [80, 150, 50, 30, C.teal],
    [140, 150, 80, 30, C.sky],
  ] as const;
  for (const [x, y, w, d, c] of slots) out += onTop(iso, z, x, y, x + w, y + d, c, ' opacity="0.75"');
  return out;
}

/** A hospital block, a stack of drafted discharge letters and a doctor ticking one off. */
function hospitalScene(): string {
  const iso = isoFor(540, 480, 800, 565);
  let out = slab(iso, 540, 480, 'dusk');
  out += shadow(iso, 50, 50, 250, 170, 160);
  out += box(iso, 50, 50, 0, 250, 170, 160, C.ice);
  out += windows(iso, 'left', 220, 50, 300, 20, 150, 7, 4, '#9cc3d9', { fill: C.cream, share: 0.3, seed: 3 });
  out += windows(iso, 'right', 300, 50, 220, 20, 150, 5, 4, '#6f98b0', { fill: '#e9d7b0', share: 0.3, seed: 4 });
  // Roof sign with a cross.
  out += box(iso, 140, 120, 160, 70, 10, 60, C.white);
  const sign: [number, number][] = [
    [167, 172],
    [187, 172],
    [187, 185],
    [200, 185],
    [200, 198],
    [187, 198],
    [187, 211],
    [167, 211],
    [167, 198],
    [154, 198],
    [154, 185],
    [167, 185],
  ];
  out += leftShape(iso, 130, sign, C.teal);
  // Entrance wing.
  out += box(iso, 70, 220, 0, 170, 70, 60, C.mist);
  out += onLeft(iso, 290, 130, 180, 0, 42, '#2f5f7b');
  out += box(iso, 115, 290, 44, 80, 26, 6, C.white);
  out += windows(iso, 'left', 290, 70, 130, 10, 55, 2, 1, '#9cc3d9');
  out += windows(iso, 'left', 290, 180, 240, 10, 55, 2, 1, '#9cc3d9');
  out += tree(iso, 30, 330, 28) + tree(iso, 30, 420, 24, C.moss) + tree(iso, 250, 440, 22);
  // Letters being drafted, the front one highlighted.
  const [gx, gy] = at(iso, 420, 380, 150);
  out += glowAt(gx, gy, 120, C.beam, 0.22);
  out += sheet(iso, 360, 250, 90, 110, 150, { lines: 6 });
  out += sheet(iso, 385, 310, 60, 110, 150, { lines: 6 });
  out += sheet(iso, 410, 370, 30, 110, 150, { lines: 6, accent: C.beam });
  const [tx, ty] = at(iso, 520, 370, 170);
  out += tick(tx, ty, 26);
  out += person(iso, 330, 430, 0, C.white, C.skin2);
  out += polyline(
    iso,
    [
      [326, 436, 30],
      [326, 440, 22],
      [334, 440, 16],
    ],
    C.teal,
    2.5,
  );
  return out;
}

/** Rooftops of a street with smart meters, their readings flowing as lines into a data platform run by four people. */
function meterScene(): string {
  const iso = isoFor(560, 460, 800, 530);
  const random = seeded(21);
  let out = slab(iso, 560, 460, 'dusk');
  const walls = [C.brick, C.cream, C.sand, C.mist, C.rust, C.ice];
  const roofs = [C.night2, '#3b4a5c', C.slate];
  const roofTops: [number, number][] = [];
  for (const [row, y] of [
    [0, 40],
    [1, 190],
  ] as const) {
    for (let i = 0; i < 5; i++) {
      const x = 30 + i * 62 + row * 20;
      const h = 60 + Math.floor(random() * 3) * 12;
      out += shadow(iso, x, y, 56, 90, h + 30, 0, 0.2);
      out += gableHouse(
        iso,
        x,
        y,
        56,
        90,
        h,
        34,
        walls[(i + row * 2) % walls.length] ?? C.mist,
        roofs[i % roofs.length] ?? C.night2,
      );
      out += windows(iso, 'left', y + 90, x, x + 56, 8, h, 2, 2, '#2b4d66', {
        fill: C.cream,
        share: 0.4,
        seed: i + row * 7,
      });
      // The meter: a small glowing box by the door.
      out += onLeft(iso, y + 90.5, x + 40, x + 50, 6, 18, '#4fd1b5');
      const [rx, ry] = at(iso, x + 28, y + 45, h + 34);
      roofTops.push([rx, ry]);
    }
  }
  // The platform the readings land in.
  out += shadow(iso, 400, 300, 120, 120, 120);
  out += box(iso, 400, 300, 0, 120, 120, 36, C.blue);
  out += box(iso, 400, 300, 42, 120, 120, 36, C.sea);
  out += box(iso, 400, 300, 84, 120, 120, 36, { top: C.beam, left: C.teal, right: dark(C.teal, 0.3) });
  for (const z of [18, 60, 102]) out += onLeft(iso, 420.5, 412, 508, z - 3, z + 3, '#7fe3cf', ' opacity="0.7"');
  const [px, py] = at(iso, 460, 360, 120);
  out += glowAt(px, py, 80, C.beam, 0.3);
  // Readings flowing over the rooftops.
  roofTops.forEach(([x, y], i) => {
    const d = `M${n(x)},${n(y)}Q${n((x + px) / 2 + 40)},${n(Math.min(y, py) - 90 - (i % 3) * 25)} ${n(px)},${n(py)}`;
    out += flow(d, i % 4 === 1 ? C.beam : '#63d6c3', 4, '3 16', 0.9);
  });
  out += person(iso, 370, 440, 0, C.teal, C.skin1) + person(iso, 400, 455, 0, C.beam, C.skin3, C.night2);
  out += person(iso, 535, 350, 0, C.sky, C.skin2) + person(iso, 545, 390, 0, C.ice, C.skin1, C.earth);
  return out;
}

/** A city map with warehouses, lorries and one clear route from depot to destination. */
function routeScene(): string {
  const iso = isoFor(560, 480, 800, 520);
  let out = slab(iso, 560, 480, 'dusk', { top: '#234e68', tile: 0 });
  const road = '#3d7290';
  for (const y of [150, 330]) out += onTop(iso, 0.2, 0, y, 560, y + 26, road);
  for (const x of [170, 390]) out += onTop(iso, 0.3, x, 0, x + 26, 480, road);
  for (const y of [163, 343])
    out += polyline(
      iso,
      [
        [0, y, 0.5],
        [560, y, 0.5],
      ],
      C.mist,
      1.2,
      ' stroke-dasharray="8 10" opacity="0.5"',
    );
  // City blocks: warehouses and trees.
  const blocks: [number, number, number, number, number, string][] = [
    [20, 20, 130, 110, 46, C.mist],
    [216, 30, 150, 90, 60, C.steel],
    [420, 20, 120, 110, 40, C.ice],
    [30, 200, 110, 100, 34, C.steel],
    [420, 196, 110, 110, 54, C.mist],
    [216, 380, 150, 80, 40, C.ice],
    [430, 380, 110, 80, 30, C.steel],
  ];
  for (const [x, y, w, d, h, c] of blocks) {
    out += shadow(iso, x, y, w, d, h, 0.5, 0.22);
    out += box(iso, x, y, 0, w, d, h, c);
    out += windows(iso, 'left', y + d, x, x + w, 4, h - 6, Math.round(w / 30), 1, dark(c, 0.35));
  }
  out +=
    tree(iso, 240, 220, 22, C.moss) +
    tree(iso, 300, 260, 26) +
    tree(iso, 250, 290, 20) +
    tree(iso, 60, 400, 24) +
    tree(iso, 120, 430, 20, C.moss);
  // The route: depot, along the roads, to the destination.
  const route: V3[] = [
    [60, 163, 1],
    [183, 163, 1],
    [183, 343, 1],
    [403, 343, 1],
    [403, 450, 1],
  ];
  out += polyline(iso, route, C.beam, 14, ' opacity="0.25"');
  out += polyline(iso, route, C.beam, 6);
  out += truck(iso, 230, 332, C.teal);
  out += truck(iso, 430, 152, C.sky);
  const [sx, sy] = at(iso, 60, 163, 1);
  const [ex, ey] = at(iso, 403, 450, 1);
  out += pin(sx, sy, 44, C.teal) + glowAt(ex, ey - 60, 60, C.beam, 0.35) + pin(ex, ey, 56, C.beam, C.night);
  const [tx, ty] = at(iso, 330, 40, 150);
  out += bubble(tx - 90, ty - 40, 180, 84, C.ice, C.steel, 3) + tick(tx + 80, ty - 32, 22);
  return out;
}

/** Rows of solar panels on dry ground under a low sun, reporting to one monitoring cloud. Long: one scene, its shapes in the order they are painted, back to front. */
function solarScene(): string {
  const iso = isoFor(560, 480, 800, 540);
  let out = `<circle cx="1230" cy="240" r="160" fill="${C.beam}" opacity="0.25" filter="url(#wide)"/>`;
  const sun = gradient('v', [
    [0, '#ffd98a'],
    [1, C.beam],
  ]);
  out += `<circle cx="1230" cy="240" r="92" fill="url(#${sun})"/>`;
  out += slab(iso, 560, 480, 'dusk', { top: dark(C.earth, 0.5), tile: 0 });
  const panel = gradient('v', [
    [0, '#2f77b0'],
    [1, C.blue],
  ]);
  for (let i = 0; i < 5; i++) {
    const y = 40 + i * 78;
    const x0 = 40;
    const x1 = 400;
    for (const px of [x0 + 10, x1 - 14]) out += box(iso, px, y + 20, 0, 4, 4, 22, C.steel);
    out += face(
      iso,
      [
        [x0, y, 46],
        [x1, y, 46],
        [x1, y + 40, 18],
        [x0, y + 40, 18],
      ],
      `url(#${panel})`,
    );
    for (let c = 1; c < 12; c++) {
      const x = x0 + ((x1 - x0) * c) / 12;
      out += polyline(
        iso,
        [
          [x, y, 46],
          [x, y + 40, 18],
        ],
        '#6fb0d8',
        1.2,
        ' opacity="0.7"',
      );
    }
    out += polyline(
      iso,
      [
        [x0, y + 20, 32],
        [x1, y + 20, 32],
      ],
      '#6fb0d8',
      1.2,
      ' opacity="0.7"',
    );
    out += polyline(
      iso,
      [
        [x0, y + 40, 18],
        [x1, y + 40, 18],
        [x1, y, 46],
      ],
      C.ice,
      2,
    );
    // A sun glint along each row.
    out += face(
      iso,
      [
        [x1 - 90, y, 46],
        [x1 - 70, y, 46],
        [x1 - 90, y + 40, 18],
        [x1 - 110, y + 40, 18],
      ],
      C.white,
      ' opacity="0.18"',
    );
  }
  out +=
    tree(iso, 470, 40, 26, C.olive) +
    tree(iso, 500, 120, 22, C.olive) +
    tree(iso, 30, 450, 24, C.olive) +
    tree(iso, 120, 460, 20, C.olive);
  // The monitoring station and its mast.
  out += box(iso, 450, 330, 0, 70, 60, 44, C.ice);
  out += onLeft(iso, 390, 470, 500, 0, 30, C.night2);
  out += box(iso, 492, 340, 44, 6, 6, 130, C.mist);
  const [mx, my] = at(iso, 495, 343, 176);
  for (const r of [22, 40, 58])
    out += `<path d="M${n(mx - r)},${n(my - r * 0.3)}A${n(r)},${n(r)} 0 0 1 ${n(mx + r)},${n(my - r * 0.3)}" fill="none" stroke="${C.beam}" stroke-width="4" stroke-linecap="round" opacity="${n(1 - r / 90)}"/>`;
  out += flow(`M${n(mx)},${n(my - 20)}Q${n(mx - 150)},${n(my - 190)} 560,205`, C.ice, 4, '3 14', 0.8);
  out += cloud(500, 210, 0.95, C.ice, C.mist);
  [26, 40, 32, 52, 46].forEach((h, i) => {
    out += `<rect x="${n(430 + i * 28)}" y="${220 - h}" width="18" height="${h}" rx="3" fill="${i === 3 ? C.beam : C.teal}"/>`;
  });
  return out;
}

/** A heavy mainframe block, payments moving one at a time to small new ledger blocks. */
function ledgerScene(): string {
  const iso = isoFor(560, 480, 800, 585);
  let out = slab(iso, 560, 480, 'dusk');
  out += shadow(iso, 40, 60, 190, 170, 160);
  out += box(iso, 40, 60, 0, 190, 170, 160, { top: '#c3ced9', left: '#9aabbb', right: '#6d8296' });
  for (let i = 0; i < 5; i++) {
    const x = 52 + i * 36;
    out += onLeft(iso, 230.5, x, x + 28, 16, 146, '#7f93a6');
    for (let k = 0; k < 6; k++) {
      const lit = (i * 7 + k * 3) % 5;
      out += onLeft(
        iso,
        230.6,
        x + 6,
        x + 12,
        124 - k * 18,
        130 - k * 18,
        lit === 0 ? C.beam : lit < 3 ? '#4fd1b5' : '#56708a',
      );
    }
  }
  for (let i = 0; i < 4; i++) out += onRight(iso, 230.5, 75 + i * 38, 100 + i * 38, 20, 146, '#5e7388');
  // New ledger blocks: three done, one being filled.
  const blocks: [number, number, boolean][] = [
    [330, 240, false],
    [430, 240, false],
    [430, 140, false],
    [330, 140, true],
  ];
  for (const [x, y, active] of blocks.sort((a, b) => a[0] + a[1] - (b[0] + b[1]))) {
    out += shadow(iso, x, y, 70, 70, 70, 0, 0.25);
    out += box(iso, x, y, 0, 70, 70, 70, active ? { top: C.beam, left: C.teal, right: dark(C.teal, 0.3) } : C.teal);
    out += onLeft(iso, y + 70.5, x + 12, x + 58, 44, 50, '#7fe3cf', ' opacity="0.8"');
    out += onLeft(iso, y + 70.5, x + 12, x + 44, 30, 36, '#7fe3cf', ' opacity="0.6"');
    if (active) {
      const [gx, gy] = at(iso, x + 35, y + 35, 72);
      out += glowAt(gx, gy, 70, C.beam, 0.4);
    }
  }
  // Payments on their way: coins on an arc from the mainframe to the active block.
  const [ax, ay] = at(iso, 150, 150, 165);
  const [bx, by] = at(iso, 365, 175, 80);
  out += curveArrow(
    ax,
    ay,
    (ax + bx) / 2 + 30,
    Math.min(ay, by) - 150,
    bx,
    by - 14,
    C.beam,
    5,
    ' stroke-dasharray="12 10"',
  );
  for (const t of [0.3, 0.55, 0.8]) {
    const qx = (ax + bx) / 2 + 30;
    const qy = Math.min(ay, by) - 150;
    const x = (1 - t) ** 2 * ax + 2 * (1 - t) * t * qx + t * t * bx;
    const y = (1 - t) ** 2 * ay + 2 * (1 - t) * t * qy + t * t * by;
    out += `<ellipse cx="${n(x)}" cy="${n(y + 5)}" rx="22" ry="12" fill="#b8811f"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="22" ry="12" fill="#f6c463"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="12" ry="6" fill="none" stroke="#d99a2e" stroke-width="3"/>`;
  }
  return out;
}

/** A fashion shop with a striped awning, circled by a ring of frequent delivery arrows. Long: one drawing, its shapes in the order they are painted. */
function shopScene(): string {
  const iso = isoFor(540, 480, 800, 530);
  let out = slab(iso, 540, 480, 'dusk');
  /** The arrows of the ring in front of the shop (`front`) or behind it. */
  const ring = (front: boolean) => {
    let s = '';
    for (let i = 0; i < 10; i++) {
      const a0 = (i / 10) * Math.PI * 2 + 0.15;
      const a1 = a0 + 0.42;
      const mid = (a0 + a1) / 2;
      if (Math.sin(mid) + Math.cos(mid) > 0 !== front) continue;
      const pts: V3[] = [];
      for (let k = 0; k <= 8; k++) {
        const a = a0 + ((a1 - a0) * k) / 8;
        pts.push([270 + Math.cos(a) * 235, 240 + Math.sin(a) * 205, 18]);
      }
      const colour = i % 3 === 0 ? C.beam : '#63d6c3';
      s += polyline(iso, pts, colour, 7);
      const end = pts[pts.length - 1] ?? pts[0];
      const prev = pts[pts.length - 3] ?? pts[0];
      if (end && prev) {
        const [ex, ey] = at(iso, end[0], end[1], end[2]);
        const [qx, qy] = at(iso, prev[0], prev[1], prev[2]);
        s += curveArrow(qx, qy, (qx + ex) / 2, (qy + ey) / 2, ex + (ex - qx) * 0.6, ey + (ey - qy) * 0.6, colour, 7);
      }
    }
    return s;
  };
  out += tree(iso, 40, 60, 24) + tree(iso, 500, 40, 22, C.moss);
  out += ring(false);
  out += shadow(iso, 130, 110, 260, 160, 140);
  out += box(iso, 130, 110, 0, 260, 160, 140, C.cream);
  out += box(iso, 130, 110, 140, 260, 160, 14, { top: C.mist, left: C.rose, right: dark(C.rose, 0.3) });
  // Display window with clothes and a mannequin.
  out += onLeft(iso, 270.5, 150, 330, 10, 96, '#21435a');
  const dresses: [number, string][] = [
    [175, C.rose],
    [225, C.beam],
    [275, C.ice],
  ];
  for (const [x, c] of dresses) {
    out += leftShape(
      iso,
      271,
      [
        [x - 8, 80],
        [x + 8, 80],
        [x + 20, 24],
        [x - 20, 24],
      ],
      c,
    );
    out += leftShape(
      iso,
      271,
      [
        [x - 3, 88],
        [x + 3, 88],
        [x + 3, 80],
        [x - 3, 80],
      ],
      C.mist,
    );
  }
  out += leftShape(
    iso,
    270.8,
    [
      [150, 52],
      [330, 52],
      [330, 54],
      [150, 54],
    ],
    C.mist,
    ' opacity="0.4"',
  );
  out += onLeft(iso, 270.5, 345, 375, 0, 80, '#21435a');
  // Striped awning over the window.
  for (let i = 0; i < 9; i++) {
    const x = 146 + i * 21;
    out += face(
      iso,
      [
        [x, 271, 112],
        [x + 21, 271, 112],
        [x + 21, 300, 96],
        [x, 300, 96],
      ],
      i % 2 ? C.white : C.rose,
    );
  }
  out += windows(iso, 'right', 390, 110, 270, 30, 130, 3, 2, '#bfa98a');
  out += ring(true);
  // Parcels riding along the ring.
  out += box(iso, 470, 300, 0, 30, 30, 26, C.sand) + box(iso, 90, 420, 0, 30, 30, 26, C.sand);
  return out;
}

/** Two data centres lifting their workloads into one cloud, a heartbeat line running across it. */
function dataCentresScene(): string {
  const iso = isoFor(560, 480, 800, 560);
  let out = slab(iso, 560, 480, 'dusk');
  const centres: [number, number][] = [
    [40, 210],
    [320, 300],
  ];
  const roofs: [number, number][] = [];
  for (const [x, y] of centres) {
    out += shadow(iso, x, y, 170, 120, 90);
    out += box(iso, x, y, 0, 170, 120, 90, C.mist);
    for (let i = 0; i < 4; i++) out += rackFront(iso, y + 120.5, x + 12 + i * 40, x + 44 + i * 40, 8, 78, x + i);
    out += windows(iso, 'right', x + 170, y, y + 120, 40, 80, 3, 1, '#8196aa');
    out += box(iso, x + 20, y + 20, 90, 40, 30, 16, C.steel) + box(iso, x + 80, y + 20, 90, 40, 30, 16, C.steel);
    roofs.push(at(iso, x + 85, y + 60, 110));
  }
  out += tree(iso, 250, 120, 26) + tree(iso, 290, 160, 20, C.moss) + tree(iso, 60, 430, 24) + tree(iso, 520, 120, 22);
  const cx = 900;
  const cy = 255;
  roofs.forEach(([x, y], i) => {
    out += curveArrow(
      x,
      y - 10,
      x + (i ? 40 : 120),
      cy + 40,
      cx + (i ? 40 : -80),
      cy + 40,
      i ? C.beam : '#63d6c3',
      6,
      ' stroke-dasharray="14 10"',
    );
  });
  out += cloud(cx, cy, 1.25, C.ice, C.mist);
  out += `<polyline points="${[
    [cx - 120, cy + 8],
    [cx - 50, cy + 8],
    [cx - 35, cy - 22],
    [cx - 15, cy + 36],
    [cx + 5, cy - 40],
    [cx + 22, cy + 8],
    [cx + 120, cy + 8],
  ]
    .map((p) => p.join(','))
    .join(' ')}" fill="none" stroke="${C.teal}" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>`;
  out += tick(cx + 150, cy - 60, 28);
  return out;
}

/** A Dutch town hall with its clock tower, a form going from an old terminal to a new screen. */
function townHallScene(): string {
  const iso = isoFor(560, 480, 800, 550);
  let out = slab(iso, 560, 480, 'dusk');
  out += tree(iso, 40, 60, 26) + tree(iso, 60, 150, 22, C.moss);
  const x0 = 150;
  out += shadow(iso, x0, 40, 340, 130, 170);
  out += box(iso, x0, 40, 0, 340, 130, 100, C.sand);
  out += box(iso, x0, 40, 100, 340, 130, 8, light(C.sand, 0.3));
  out += windows(iso, 'left', 170, x0, x0 + 340, 16, 92, 9, 2, '#51677a', { fill: C.cream, share: 0.35, seed: 9 });
  out += windows(iso, 'right', x0 + 340, 40, 170, 16, 92, 3, 2, '#42576a');
  out += onLeft(iso, 170.5, x0 + 150, x0 + 190, 0, 44, C.night2);
  out += box(iso, x0 + 140, 80, 108, 60, 60, 100, light(C.sand, 0.15));
  out += leftCircle(iso, 140.5, x0 + 170, 170, 18, C.white);
  out += leftShape(
    iso,
    141,
    [
      [x0 + 169, 171],
      [x0 + 171, 171],
      [x0 + 171, 184],
      [x0 + 169, 184],
    ],
    C.night,
  );
  out += leftShape(
    iso,
    141,
    [
      [x0 + 170, 169],
      [x0 + 180, 169],
      [x0 + 180, 172],
      [x0 + 170, 172],
    ],
    C.night,
  );
  out += pyramid(iso, x0 + 136, 76, 208, 68, 68, 70, C.teal);
  out += box(iso, x0 + 140, 170, 0, 60, 20, 6, C.mist);
  out += tree(iso, 520, 230, 24) + tree(iso, 530, 300, 20, C.moss);
  // The old terminal from 2003.
  out += shadow(iso, 40, 330, 100, 90, 90);
  out += box(iso, 40, 330, 0, 100, 90, 22, '#d8cdb4');
  out += box(iso, 50, 336, 22, 80, 80, 80, '#e2d8bf');
  out += onLeft(iso, 416.5, 60, 120, 34, 92, '#1e3a2e');
  for (let i = 0; i < 3; i++) out += onLeft(iso, 416.8, 68, 108 - i * 8, 78 - i * 14, 83 - i * 14, '#7bd88f');
  // The new screen.
  out += box(iso, 430, 380, 0, 16, 16, 50, C.steel);
  out += box(iso, 380, 392, 50, 130, 6, 100, { top: C.steel, left: C.night2, right: C.steel });
  out += onLeft(iso, 398.5, 388, 502, 58, 142, C.ice);
  out += onLeft(iso, 398.8, 398, 470, 124, 132, C.teal);
  for (let i = 0; i < 3; i++) out += onLeft(iso, 398.8, 398, 490, 108 - i * 14, 113 - i * 14, C.mist);
  out += onLeft(iso, 398.8, 456, 492, 66, 80, C.beam);
  const [gx, gy] = at(iso, 445, 398, 100);
  out += glowAt(gx, gy, 90, C.beam, 0.2);
  // The form on its way, on an arc in front of the building.
  const [ax, ay] = at(iso, 90, 376, 120);
  const [bx, by] = at(iso, 400, 398, 160);
  out += curveArrow(
    ax + 20,
    ay - 10,
    (ax + bx) / 2,
    Math.min(ay, by) - 140,
    bx - 10,
    by - 30,
    C.beam,
    6,
    ' stroke-dasharray="14 10"',
  );
  const fx = (ax + bx) / 2 - 60;
  const fy = Math.min(ay, by) - 200;
  out += `<g transform="rotate(-8 ${n(fx)} ${n(fy)})"><rect x="${n(fx + 8)}" y="${n(fy + 10)}" width="112" height="144" rx="8" fill="${C.night}" opacity="0.3"/><rect x="${n(fx)}" y="${n(fy)}" width="112" height="144" rx="8" fill="${C.white}"/>`;
  for (let i = 0; i < 5; i++)
    out += `<rect x="${n(fx + 16)}" y="${n(fy + 22 + i * 19)}" width="${i === 4 ? 40 : 80}" height="8" rx="4" fill="${i === 0 ? C.slate : C.mist}"/>`;
  out += `<circle cx="${n(fx + 82)}" cy="${n(fy + 116)}" r="17" fill="none" stroke="${C.rust}" stroke-width="5"/></g>`;
  return out;
}

/** A raised platform where teams build services, one shipping off on a lorry, among snowy pines. */
function platformTeamsScene(): string {
  const iso = isoFor(560, 480, 800, 540);
  let out = slab(iso, 560, 480, 'dusk', { top: '#cfdde8', tile: 0 });
  out +=
    pine(iso, 30, 40, 34, C.pine, true) + pine(iso, 80, 30, 28, C.pine, true) + pine(iso, 520, 40, 30, C.pine, true);
  out += pine(iso, 30, 120, 26, C.pine, true) + pine(iso, 530, 110, 26, C.pine, true);
  out += shadow(iso, 90, 80, 320, 260, 60);
  out += box(iso, 90, 80, 0, 320, 260, 34, { top: C.blue, left: C.night2, right: dark(C.night2, 0.3) });
  out += box(iso, 90, 80, 34, 320, 260, 10, { top: '#14668a', left: C.sea, right: dark(C.sea, 0.3) });
  // Lanes on the platform leading to its front edge.
  for (const y of [130, 210, 290]) out += onTop(iso, 44.5, 110, y, 390, y + 22, '#1d7aa1');
  for (const y of [130, 210, 290])
    out += polyline(
      iso,
      [
        [120, y + 11, 45],
        [380, y + 11, 45],
      ],
      '#5fc1e0',
      2,
      ' stroke-dasharray="10 10"',
    );
  const blocks: [number, number, string][] = [
    [150, 120, C.ice],
    [260, 200, C.teal],
    [180, 280, C.ice],
  ];
  for (const [x, y, c] of blocks) out += box(iso, x, y, 44, 40, 40, 40, c);
  out += person(iso, 130, 170, 44, C.beam, C.skin1) + person(iso, 128, 200, 44, C.ice, C.skin3);
  out += person(iso, 240, 255, 44, C.sky, C.skin2) + person(iso, 160, 330, 44, C.teal, C.skin1, C.earth);
  out += person(iso, 330, 160, 44, C.rose, C.skin2, C.night2);
  // The new service leaves the platform on a lorry.
  out += groundArrow(iso, 390, 221, 540, 221, 22, 0.5, C.beam, ' opacity="0.9"');
  out += box(iso, 420, 360, 8, 90, 34, 10, C.steel) + box(iso, 512, 362, 8, 26, 30, 34, C.teal);
  out += onRight(iso, 538, 367, 387, 26, 38, C.night2);
  out += wheels(iso, 394, [436, 470, 525], 8);
  out += box(iso, 435, 365, 18, 50, 26, 40, { top: C.beam, left: '#e58f2a', right: '#b86f1d' });
  const [gx, gy] = at(iso, 460, 378, 40);
  out += glowAt(gx, gy, 60, C.beam, 0.35);
  out += pine(iso, 40, 430, 30, C.pine, true) + pine(iso, 100, 455, 24, C.pine, true);
  return out;
}

/** Claims arriving at a sorter in front of a tiled Lisbon facade, leaving on three lanes, a stopwatch above. */
function triageScene(): string {
  const iso = isoFor(560, 480, 800, 540);
  let out = slab(iso, 560, 480, 'dusk');
  // The tiled facade at the back.
  out += box(iso, 40, 30, 0, 300, 70, 120, C.white);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 10; c++) {
      const x = 40 + c * 30 + 15;
      const z = r * 30 + 15;
      out += leftShape(
        iso,
        100.5,
        [
          [x, z - 10],
          [x + 10, z],
          [x, z + 10],
          [x - 10, z],
        ],
        (r + c) % 2 ? '#2a6fb0' : '#7fb1dc',
      );
    }
  }
  out += windows(iso, 'left', 100.8, 40, 340, 40, 120, 5, 2, C.night2);
  out += box(iso, 40, 30, 120, 300, 70, 10, C.rust);
  // Incoming conveyor with claims.
  out += box(iso, 330, 200, 0, 220, 40, 16, C.steel);
  for (const x of [360, 430, 500]) out += sheet(iso, x, 226, 16, 34, 44, { lines: 3 });
  // The sorter.
  out += shadow(iso, 220, 170, 110, 110, 90);
  out += box(iso, 220, 170, 0, 110, 110, 90, C.ice);
  out += onLeft(iso, 280.5, 232, 318, 50, 62, C.teal);
  out += onRight(iso, 330.5, 182, 268, 50, 62, C.beam);
  // Three outgoing lanes, each ending at a tray.
  const lanes: [number, string][] = [
    [226, C.teal],
    [262, C.sky],
    [298, C.beam],
  ];
  for (const [x, c] of lanes) {
    out += box(iso, x, 280, 0, 26, 150, 12, C.steel);
    out += sheet(iso, x + 4, 350, 12, 20, 30, { lines: 2, fill: light(c, 0.6) });
  }
  for (const [x, c] of lanes) out += box(iso, x - 4, 430, 0, 34, 34, 22, c);
  const [sx, sy] = at(iso, 500, 150, 230);
  out += glowAt(sx, sy, 70, C.beam, 0.25);
  out += clock(sx, sy, 52, C.white, C.night, C.beam, 9);
  out += `<rect x="${n(sx - 10)}" y="${n(sy - 72)}" width="20" height="14" rx="4" fill="${C.white}"/>`;
  out += tree(iso, 470, 60, 24, C.olive) + tree(iso, 520, 120, 20, C.olive) + tree(iso, 60, 420, 22, C.olive);
  return out;
}

/** A garden centre's greenhouse with plants, an hourly bar chart and a clock above it. Long: one drawing, its shapes in the order they are painted. */
function gardenScene(): string {
  const iso = isoFor(560, 480, 800, 540);
  let out = slab(iso, 560, 480, 'dusk');
  // The hourly chart at the back right, its clock above.
  out += box(iso, 300, 50, 0, 230, 70, 10, C.night2);
  const heights = [50, 66, 60, 84, 92, 108, 124, 150];
  heights.forEach((h, i) => {
    out += box(iso, 312 + i * 27, 62, 10, 20, 44, h, i === heights.length - 1 ? C.beam : C.teal);
  });
  const [bx, by] = at(iso, 312 + 7 * 27 + 9, 84, 170);
  out += glowAt(bx, by, 50, C.beam, 0.3);
  const [cx, cy] = at(iso, 400, 40, 270);
  out += clock(cx, cy, 52, C.white, C.night, C.beam, 0);
  out += curveArrow(cx - 74, cy + 10, cx - 96, cy - 50, cx - 48, cy - 70, '#63d6c3', 5);
  out += tree(iso, 40, 40, 26) + tree(iso, 110, 30, 22, C.moss);
  // The greenhouse with its plants.
  const gx = 50;
  const gy = 170;
  const gw = 240;
  const gd = 190;
  out += shadow(iso, gx, gy, gw, gd, 120);
  const random = seeded(5);
  for (let i = 0; i < 15; i++) {
    const x = gx + 24 + (i % 5) * 44 + random() * 10;
    const y = gy + 24 + Math.floor(i / 5) * 55 + random() * 10;
    out += tree(iso, x, y, 16 + random() * 6, i % 3 ? C.leaf : C.moss);
  }
  const glass = '#bfe3f2';
  const ridge = gy + gd / 2;
  const yf = gy + gd;
  const xr = gx + gw;
  out += face(
    iso,
    [
      [gx, yf, 0],
      [xr, yf, 0],
      [xr, yf, 100],
      [gx, yf, 100],
    ],
    glass,
    ' opacity="0.32"',
  );
  out += face(
    iso,
    [
      [xr, gy, 0],
      [xr, yf, 0],
      [xr, yf, 100],
      [xr, ridge, 150],
      [xr, gy, 100],
    ],
    glass,
    ' opacity="0.22"',
  );
  out += face(
    iso,
    [
      [gx, ridge, 150],
      [xr, ridge, 150],
      [xr, yf, 100],
      [gx, yf, 100],
    ],
    glass,
    ' opacity="0.4"',
  );
  const frame = C.ice;
  for (let x = gx; x <= xr; x += gw / 5)
    out += polyline(
      iso,
      [
        [x, yf, 0],
        [x, yf, 100],
        [x, ridge, 150],
      ],
      frame,
      3,
    );
  out += polyline(
    iso,
    [
      [gx, ridge, 150],
      [xr, ridge, 150],
      [xr, gy, 100],
      [xr, gy, 0],
    ],
    frame,
    3,
  );
  out += polyline(
    iso,
    [
      [gx, yf, 100],
      [xr, yf, 100],
      [xr, yf, 0],
      [gx, yf, 0],
      [gx, yf, 100],
    ],
    frame,
    3,
  );
  out += polyline(
    iso,
    [
      [xr, yf, 100],
      [xr, ridge, 150],
    ],
    frame,
    3,
  );
  out += polyline(
    iso,
    [
      [xr, gy + 45, 0],
      [xr, gy + 45, 125],
      [xr, yf - 45, 125],
      [xr, yf - 45, 0],
    ],
    frame,
    2,
  );
  // Potted plants for sale outside.
  for (const [x, y] of [
    [360, 250],
    [410, 260],
    [460, 250],
    [380, 320],
    [430, 330],
  ] as const) {
    out += cylinder(iso, x, y, 0, 14, 20, '#c0673f');
    out += tree(iso, x, y + 1, 13, C.moss).replace(/<rect[^>]*>/, '');
  }
  out += tree(iso, 520, 420, 24) + tree(iso, 40, 440, 22);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Insight scenes (day)

/** A small group of connected service boxes: a dependency cluster. */
function cluster(iso: Iso, x: number, y: number, z: number, c: string, link: string, s = 1): string {
  const spots: [number, number][] = [
    [0, 0],
    [70 * s, 10 * s],
    [20 * s, 70 * s],
  ];
  let out = '';
  const [a, b, d] = spots.map(([dx, dy]) => [x + dx + 18 * s, y + dy + 18 * s] as const);
  if (a && b && d)
    out += polyline(
      iso,
      [
        [a[0], a[1], z + 1],
        [b[0], b[1], z + 1],
        [d[0], d[1], z + 1],
        [a[0], a[1], z + 1],
      ],
      link,
      5,
    );
  for (const [dx, dy] of spots) out += box(iso, x + dx, y + dy, z, 36 * s, 36 * s, 30 * s, c);
  return out;
}

/** Migration waves: one cluster still by the data centre, one rising, one landed on a platform in the cloud. */
function wavesScene(): string {
  const iso = isoFor(520, 440, 760, 600);
  let out = slab(iso, 520, 440, 'day');
  out += tree(iso, 40, 40, 22) + tree(iso, 120, 30, 18, C.moss);
  // Wave 1, landed on the cloud platform.
  const [px, py] = at(iso, 450, 80, 200);
  out += cloud(px - 10, py + 40, 1.9, C.white, '#c6d8e6');
  out += box(iso, 370, 20, 200, 150, 130, 12, { top: C.ice, left: '#bcd6e6', right: '#9fbfd4' });
  out += cluster(iso, 395, 40, 212, C.teal, '#0a5a54');
  // Wave 2, rising: its footprint on the ground, dashed lines up.
  out += onTop(iso, 0.3, 230, 150, 360, 260, '#e3edf5');
  for (const [dx, dy] of [
    [248, 168],
    [318, 178],
    [268, 238],
  ] as const)
    out += polyline(
      iso,
      [
        [dx, dy, 0],
        [dx, dy, 110],
      ],
      C.sky,
      2,
      ' stroke-dasharray="6 8"',
    );
  out += cluster(iso, 230, 150, 110, C.sky, C.blue);
  // The go/no-go signal between the waves.
  out += box(iso, 440, 250, 0, 8, 8, 120, C.night2);
  out += box(iso, 432, 244, 120, 24, 16, 56, C.night2);
  const [lx, ly] = at(iso, 444, 260, 160);
  out += `<circle cx="${n(lx)}" cy="${n(ly)}" r="9" fill="#2fbf71"/><circle cx="${n(lx)}" cy="${n(ly + 24)}" r="9" fill="#5b2a2a"/>`;
  out += glowAt(lx, ly, 26, '#2fbf71', 0.5);
  // The data centre and wave 3, waiting beside it.
  out += shadow(iso, 30, 270, 140, 120, 90, 0, 0.16);
  out += box(iso, 30, 270, 0, 140, 120, 90, C.mist);
  for (let i = 0; i < 3; i++) out += rackFront(iso, 390.5, 42 + i * 42, 74 + i * 42, 8, 78, 30 + i);
  out += shadow(iso, 220, 300, 130, 110, 40, 0, 0.16);
  out += cluster(iso, 220, 300, 0, C.steel, C.slate);
  const [ax, ay] = at(iso, 270, 330, 50);
  const [bx, by] = at(iso, 270, 190, 150);
  const [cx, cy] = at(iso, 420, 60, 230);
  out += curveArrow(ax - 20, ay - 20, ax - 60, by + 10, bx - 40, by + 10, C.beam, 5, ' stroke-dasharray="12 9"');
  out += curveArrow(bx + 40, by - 30, bx + 60, cy - 10, cx - 40, cy + 10, C.beam, 5, ' stroke-dasharray="12 9"');
  return out;
}

/** Green-bar printouts of a copybook turned into a clean, tested schema tree. */
function copybookScene(): string {
  const iso = isoFor(520, 440, 800, 540);
  let out = slab(iso, 520, 440, 'day');
  out += tree(iso, 40, 60, 20, C.moss);
  // Fan-fold printout stack.
  out += shadow(iso, 40, 200, 160, 150, 80, 0, 0.16);
  for (let i = 0; i < 8; i++) {
    const x = 40 + (i % 2) * 6;
    out += box(iso, x, 200, i * 10, 150, 150, 10, {
      top: C.cream,
      left: i % 2 ? '#dcefd8' : '#f7f3e6',
      right: '#e6dcc4',
    });
  }
  for (let k = 0; k < 6; k++) out += onTop(iso, 80, 46, 210 + k * 22, 196, 221 + k * 22, '#cfe8c9');
  for (let k = 0; k < 5; k++)
    out += onTop(iso, 80.2, 60, 214 + k * 22, 60 + 40 + ((k * 37) % 60), 218 + k * 22, C.slate);
  // Holes along the edges.
  for (let k = 0; k < 7; k++) {
    out += disc(iso, 50, 210 + k * 20, 80.4, 3, C.mist);
    out += disc(iso, 186, 210 + k * 20, 80.4, 3, C.mist);
  }
  // Arrow to the schema.
  out += groundArrow(iso, 230, 280, 320, 280, 26, 0.5, C.beam);
  // The schema: an upright board with a tree of fields.
  out += shadow(iso, 330, 120, 150, 20, 220, 0, 0.16);
  out += box(iso, 330, 120, 0, 170, 14, 230, { top: C.mist, left: C.white, right: C.mist });
  const y = 134.5;
  const node = (x: number, z: number, w: number, c: string) =>
    onLeft(iso, y, x, x + w, z, z + 26, c) +
    onLeft(iso, y + 0.1, x + 8, x + w * 0.7, z + 10, z + 16, C.white, ' opacity="0.85"');
  const link = (pts: [number, number][]) =>
    polyline(
      iso,
      pts.map(([x, z]) => [x, y, z] as const),
      C.steel,
      3,
    );
  out += link([
    [365, 180],
    [365, 40],
  ]);
  for (const z of [140, 100, 60])
    out += link([
      [365, z + 13],
      [390, z + 13],
    ]);
  out += link([
    [420, 60],
    [420, 40],
  ]);
  out += node(345, 186, 100, C.blue);
  out += node(390, 140, 90, C.teal);
  out += node(390, 100, 90, C.teal);
  out += node(390, 60, 90, C.sky);
  out += node(345, 14, 60, C.beam);
  const [tx, ty] = at(iso, 500, 128, 240);
  out += tick(tx, ty, 28);
  out += tree(iso, 470, 400, 22);
  return out;
}

/** Two teams' platforms joined by a data pipe, a one-page contract with a seal standing on it. */
function contractScene(): string {
  const iso = isoFor(520, 440, 800, 550);
  let out = slab(iso, 520, 440, 'day');
  // Consuming team (right): a dashboard on a platform.
  out += shadow(iso, 320, 30, 170, 160, 40, 0, 0.14);
  out += box(iso, 320, 30, 0, 170, 160, 24, C.mist);
  out += box(iso, 350, 80, 24, 120, 8, 110, { top: C.mist, left: C.night2, right: C.slate });
  out += onLeft(iso, 88.5, 358, 462, 32, 126, C.white);
  for (let i = 0; i < 5; i++)
    out += onLeft(iso, 88.6, 370 + i * 18, 382 + i * 18, 42, 62 + i * 12, i === 4 ? C.beam : C.teal);
  out += person(iso, 360, 150, 24, C.sky, C.skin3) + person(iso, 440, 160, 24, C.teal, C.skin1);
  // The pipe between them, with a CI check ring.
  out += box(iso, 170, 300, 6, 210, 22, 22, C.steel);
  out += box(iso, 380, 190, 6, 22, 120, 22, C.steel);
  out += box(iso, 384, 230, 2, 30, 16, 30, C.teal);
  // Producing team (left): a database on a platform.
  out += shadow(iso, 30, 240, 170, 170, 40, 0, 0.14);
  out += box(iso, 30, 240, 0, 170, 170, 24, C.mist);
  out += cylinder(iso, 100, 310, 24, 46, 100, C.blue);
  out += disc(iso, 100, 310, 70, 46, 'none', ` stroke="${C.sky}" stroke-width="3"`);
  out += person(iso, 170, 380, 24, C.teal, C.skin2) + person(iso, 60, 395, 24, C.beam, C.skin1, C.earth);
  // The contract: one page with a seal, standing on the pipe.
  const [gx, gy] = at(iso, 290, 330, 130);
  out += glowAt(gx, gy, 110, C.beam, 0.25);
  out += sheet(iso, 240, 330, 28, 110, 150, { lines: 6, line: C.mist });
  const [sx, sy] = at(iso, 330, 330, 60);
  out += `<path d="M${n(sx - 14)},${n(sy + 10)}l-8,34l14,-8l8,12l6,-34Z" fill="${C.rust}"/><path d="M${n(sx + 6)},${n(sy + 10)}l8,34l-14,-8l-8,12l-6,-34Z" fill="${dark(C.rust, 0.2)}"/>`;
  out += `<circle cx="${n(sx)}" cy="${n(sy)}" r="24" fill="${C.beam}"/><circle cx="${n(sx)}" cy="${n(sy)}" r="15" fill="none" stroke="${C.white}" stroke-width="3"/>`;
  const [tx, ty] = at(iso, 399, 238, 70);
  out += tick(tx + 30, ty - 20, 18);
  return out;
}

/** A stage with its curtains drawn back, four plain bars on it: the four delivery metrics. */
function doraScene(): string {
  const iso = isoFor(460, 380, 800, 560);
  let out = slab(iso, 460, 380, 'day', { top: '#f1e6d6', tile: 40 });
  const bars: [number, string][] = [
    [90, C.blue],
    [150, C.teal],
    [60, C.sky],
    [120, C.blue],
  ];
  bars.forEach(([h, c], i) => {
    const x = 80 + i * 80;
    out += shadow(iso, x, 150, 50, 50, h, 0, 0.16);
    out += box(iso, x, 150, 0, 50, 50, h, c);
    out += disc(iso, x + 25, 250, 0.5, 16, C.mist);
  });
  out += `<polyline points="${bars
    .map(([h], i) =>
      at(iso, 105 + i * 80, 175, h + 40)
        .map(n)
        .join(','),
    )
    .join(' ')}" fill="none" stroke="${C.beam}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
  bars.forEach(([h], i) => {
    const [px, py] = at(iso, 105 + i * 80, 175, h + 40);
    out += `<circle cx="${n(px)}" cy="${n(py)}" r="9" fill="${C.white}" stroke="${C.beam}" stroke-width="4"/>`;
  });
  // Curtains drawn back at both sides, and the valance.
  const red = '#9b2f3f';
  const curtain = (x: number, dir: 1 | -1) => {
    const out2: string[] = [];
    for (let i = 0; i < 4; i++) {
      const w = 36;
      const x0 = x + dir * i * 24;
      const x1 = x0 + dir * w;
      const tie = 560 + i * 10;
      out2.push(
        `<path d="M${n(x0)},120L${n(x1)},120C${n(x1 + dir * 30)},${tie - 140} ${n(x1 + dir * 60)},${tie - 30} ${n(x1 + dir * 30)},${tie}C${n(x1)},${tie + 60} ${n(x1 - dir * 20)},790 ${n(x1 - dir * 10)},800L${n(x0 - dir * 30)},800C${n(x0 - dir * 20)},700 ${n(x0 - dir * 10)},${tie + 40} ${n(x0)},${tie}Z" fill="${i % 2 ? dark(red, 0.2) : red}"/>`,
      );
    }
    return out2.reverse().join('');
  };
  out += curtain(330, -1) + curtain(1270, 1);
  out += `<rect x="200" y="96" width="1200" height="50" fill="${dark(red, 0.15)}"/>`;
  for (let i = 0; i < 12; i++) out += `<path d="M${200 + i * 100},146a50,30 0 0 0 100,0Z" fill="${dark(red, 0.15)}"/>`;
  out += `<rect x="200" y="96" width="1200" height="8" fill="${C.beam}"/>`;
  return out;
}

/** A rocket held on its pad while a board of evaluation results is checked, row by row. */
function evalScene(): string {
  const iso = isoFor(520, 440, 800, 570);
  let out = slab(iso, 520, 440, 'day');
  // The evaluation board.
  out += shadow(iso, 40, 120, 220, 16, 200, 0, 0.14);
  out += box(iso, 40, 120, 0, 230, 12, 210, { top: C.mist, left: C.white, right: C.mist });
  const marks = [true, true, false, true, true];
  marks.forEach((ok, i) => {
    const z = 176 - i * 36;
    out += onLeft(iso, 132.5, 60, 88, z, z + 22, C.ice);
    out += onLeft(iso, 132.6, 96, 200 - (i % 2) * 30, z + 6, z + 14, C.mist);
    const [mx, my] = at(iso, 232, 132.5, z + 11);
    out += ok ? tick(mx, my, 13) : cross(mx, my, 13);
  });
  out += person(iso, 150, 220, 0, C.teal, C.skin2);
  // The rocket on its pad, with a barrier in front.
  out += shadow(iso, 330, 150, 150, 150, 40, 0, 0.16);
  out += box(iso, 330, 150, 0, 150, 150, 20, C.mist);
  out += box(iso, 450, 160, 20, 12, 12, 220, C.steel);
  out += box(iso, 410, 200, 150, 40, 10, 8, C.steel);
  const [rx, ry] = at(iso, 405, 225, 20);
  const body = gradient('h', [
    [0, C.white],
    [1, C.mist],
  ]);
  out += `<path d="M${n(rx - 46)},${n(ry - 10)}l-24,34l26,-8Z" fill="${C.blue}"/><path d="M${n(rx + 46)},${n(ry - 10)}l24,34l-26,-8Z" fill="${C.blue}"/>`;
  out += `<path d="M${n(rx)},${n(ry - 270)}C${n(rx + 60)},${n(ry - 210)} ${n(rx + 48)},${n(ry - 90)} ${n(rx + 36)},${n(ry)}H${n(rx - 36)}C${n(rx - 48)},${n(ry - 90)} ${n(rx - 60)},${n(ry - 210)} ${n(rx)},${n(ry - 270)}Z" fill="url(#${body})"/>`;
  out += `<path d="M${n(rx)},${n(ry - 270)}C${n(rx + 26)},${n(ry - 244)} ${n(rx + 38)},${n(ry - 224)} ${n(rx + 44)},${n(ry - 200)}H${n(rx - 44)}C${n(rx - 38)},${n(ry - 224)} ${n(rx - 26)},${n(ry - 244)} ${n(rx)},${n(ry - 270)}Z" fill="${C.beam}"/>`;
  out += `<circle cx="${n(rx)}" cy="${n(ry - 150)}" r="18" fill="${C.blue}" stroke="${C.mist}" stroke-width="5"/>`;
  out += `<rect x="${n(rx - 10)}" y="${n(ry - 14)}" width="20" height="16" rx="4" fill="${C.night2}"/>`;
  // Barrier: down until the evaluation passes.
  const [bx, by] = at(iso, 350, 330, 0);
  out += `<rect x="${n(bx - 5)}" y="${n(by - 70)}" width="10" height="70" rx="4" fill="${C.night2}"/>`;
  out += `<path d="M${n(bx)},${n(by - 60)}L${n(bx + 200)},${n(by - 178)}" stroke="${C.rust}" stroke-width="12" stroke-linecap="round"/>`;
  out += `<path d="M${n(bx)},${n(by - 60)}L${n(bx + 200)},${n(by - 178)}" stroke="${C.white}" stroke-width="12" stroke-dasharray="16 16"/>`;
  out += bubble(930, 200, 170, 78, C.ice, C.steel, 3);
  out += tick(1090, 200, 22);
  out += tree(iso, 480, 400, 22) + tree(iso, 40, 400, 20, C.moss);
  return out;
}

/** Five steps rising to a flag: a new engineer's first week, from laptop to a first shipped change. */
function firstWeekScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  const tones = [C.mist, '#bcd6e6', C.sky, '#3c8fb3', C.blue];
  for (let i = 4; i >= 0; i--) {
    const x = 40 + i * 88;
    const h = 24 + i * 32;
    out += shadow(iso, x, 160 - i * 24, 84, 150, h, 0, 0.12);
  }
  for (let i = 0; i < 5; i++) {
    const x = 40 + i * 88;
    const y = 160 - i * 24;
    const h = 24 + i * 32;
    out += box(iso, x, y, 0, 84, 150, h, tones[i] ?? C.blue);
  }
  // A laptop on the first step, a person on the second, a small parcel (the first change) on the fourth.
  const z0 = 24;
  out +=
    box(iso, 60, 200, z0, 44, 32, 3, C.slate) +
    face(
      iso,
      [
        [60, 200, z0 + 3],
        [104, 200, z0 + 3],
        [104, 196, z0 + 33],
        [60, 196, z0 + 33],
      ],
      C.night2,
    );
  out += onLeft(iso, 199, 64, 100, z0 + 8, z0 + 28, C.sky, ' opacity="0.8"');
  out += person(iso, 170, 220, 56, C.beam, C.skin2);
  out += box(iso, 330, 130, 120, 40, 40, 34, C.sand);
  out += onLeft(iso, 170.5, 345, 355, 120, 154, '#c9a46f');
  const [fx, fy] = at(iso, 440, 120, 152);
  out += `<rect x="${n(fx - 3)}" y="${n(fy - 150)}" width="6" height="150" fill="${C.night2}"/><path d="M${n(fx + 3)},${n(fy - 148)}h80l-18,26l18,26h-80Z" fill="${C.beam}"/>`;
  out += glowAt(fx + 40, fy - 120, 60, C.beam, 0.35);
  out += curveArrow(fx - 420, fy + 90, fx - 260, fy - 200, fx - 60, fy - 120, C.teal, 5, ' stroke-dasharray="12 9"');
  out += tree(iso, 30, 400, 22) + tree(iso, 480, 400, 24, C.moss);
  return out;
}

/** A golden path winding through green land to a platform, an empty cage left open beside it. */
function goldenPathScene(): string {
  const iso = isoFor(520, 460, 800, 540);
  let out = slab(iso, 520, 460, 'day', { top: '#dcebd2', tile: 0 });
  // Other ways, still allowed: faint dashed trails.
  out += polyline(
    iso,
    [
      [20, 300, 0.3],
      [140, 260, 0.3],
      [200, 160, 0.3],
      [360, 120, 0.3],
    ],
    '#a9c29a',
    6,
    ' stroke-dasharray="4 14"',
  );
  out += polyline(
    iso,
    [
      [300, 440, 0.3],
      [380, 330, 0.3],
      [420, 200, 0.3],
    ],
    '#a9c29a',
    6,
    ' stroke-dasharray="4 14"',
  );
  // The golden path.
  const path_: V3[] = [
    [30, 440, 0.5],
    [120, 380, 0.5],
    [150, 300, 0.5],
    [260, 280, 0.5],
    [300, 200, 0.5],
    [380, 160, 0.5],
    [420, 110, 0.5],
  ];
  out += polyline(iso, path_, '#e8c98a', 40);
  out += polyline(iso, path_, C.beam, 26);
  out += polyline(iso, path_, '#ffd27f', 4, ' stroke-dasharray="10 16"');
  // The platform it leads to.
  out += shadow(iso, 380, 20, 120, 100, 50, 0, 0.14);
  out += box(iso, 380, 20, 0, 120, 100, 26, C.blue);
  out += box(iso, 400, 35, 26, 40, 40, 40, C.teal) + box(iso, 450, 45, 26, 36, 36, 30, C.ice);
  out += tree(iso, 60, 60, 26) + tree(iso, 240, 60, 22, C.moss) + tree(iso, 60, 250, 20);
  // The cage, open and empty.
  const [cx, cy] = at(iso, 160, 160, 0);
  out += `<ellipse cx="${n(cx + 20)}" cy="${n(cy + 6)}" rx="80" ry="22" fill="${C.night}" opacity="0.14"/>`;
  out += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="64" ry="20" fill="${C.mist}"/>`;
  let bars = '';
  for (let i = 0; i <= 8; i++) {
    const t = Math.PI * (i / 8);
    const bx = cx - Math.cos(t) * 64;
    if (i === 6 || i === 7) continue;
    bars += `<path d="M${n(bx)},${n(cy + Math.sin(t) * 20)}V${n(cy - 90)}Q${n(bx + (cx - bx) * 0.3)},${n(cy - 150)} ${n(cx)},${n(cy - 150)}" fill="none" stroke="${C.slate}" stroke-width="4"/>`;
  }
  out +=
    bars +
    `<path d="M${n(cx - 64)},${n(cy - 90)}A64,20 0 0 0 ${n(cx + 64)},${n(cy - 90)}" fill="none" stroke="${C.slate}" stroke-width="4"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy - 158)}" r="8" fill="none" stroke="${C.slate}" stroke-width="4"/>`;
  // Its door, swung open.
  out += `<path d="M${n(cx + 38)},${n(cy + 16)}l70,18v-104l-70,-22Z" fill="none" stroke="${C.slate}" stroke-width="4"/><path d="M${n(cx + 62)},${n(cy + 22)}v-98M${n(cx + 86)},${n(cy + 28)}v-92" stroke="${C.slate}" stroke-width="3"/>`;
  out += tree(iso, 470, 300, 26) + tree(iso, 250, 400, 22, C.moss);
  return out;
}

/** Layers of a warehouse table stacked up, a new slice lowered on top and a late row sliding in. */
function incrementalScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  const tones = ['#9fbfd4', '#7fa9c4', '#5f93b4', '#3f7da3', C.blue];
  out += tree(iso, 40, 60, 22) + tree(iso, 470, 60, 20, C.moss);
  out += shadow(iso, 140, 110, 220, 220, 120, 0, 0.16);
  tones.forEach((c, i) => {
    out += box(iso, 140, 110, i * 24, 220, 220, 20, c);
  });
  // The new slice, hovering above with arrows down.
  const z = 190;
  out += box(iso, 140, 110, z, 220, 220, 16, { top: '#ffe2b3', left: C.beam, right: '#d98a25' });
  for (const [x, y] of [
    [170, 330],
    [360, 140],
  ] as const) {
    const [ax, ay] = at(iso, x, y, z - 10);
    out += curveArrow(ax, ay, ax, ay + 20, ax, ay + 50, C.beam, 5);
  }
  // A late-arriving row with its clock.
  out += box(iso, 400, 250, 48, 90, 40, 20, C.teal);
  out += groundArrow(iso, 470, 270, 380, 270, 18, 40, C.teal);
  const [cx, cy] = at(iso, 460, 270, 150);
  out += clock(cx, cy, 40, C.white, C.night, C.teal, 45);
  const [tx, ty] = at(iso, 140, 330, 130);
  out += tick(tx - 40, ty, 28);
  out += tree(iso, 40, 400, 22, C.moss);
  return out;
}

/** A key, its bow at (x, y), pointing right. */
function key(x: number, y: number, s: number, fill: string): string {
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(22 * s)}" fill="none" stroke="${fill}" stroke-width="${n(12 * s)}"/>` +
    `<path d="M${n(x + 26 * s)},${n(y - 6 * s)}h${n(78 * s)}v${n(12 * s)}h-${n(10 * s)}v${n(16 * s)}h-${n(12 * s)}v-${n(16 * s)}h-${n(10 * s)}v${n(12 * s)}h-${n(12 * s)}v-${n(12 * s)}h-${n(34 * s)}Z" fill="${fill}"/>`
  );
}

/** A CI pipeline of stages, a short-lived key with a timer above it and a locked vault at its end. */
function secretsScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  out += tree(iso, 60, 60, 22);
  out += box(iso, 40, 230, 4, 400, 24, 20, C.steel);
  const stages = [C.sky, C.blue, C.teal];
  stages.forEach((c, i) => {
    const x = 50 + i * 120;
    out += shadow(iso, x, 200, 80, 80, 70, 0, 0.14);
    out += box(iso, x, 200, 0, 80, 80, 70, c);
    out += onLeft(iso, 280.5, x + 16, x + 64, 44, 52, C.white, ' opacity="0.7"');
    out += onLeft(iso, 280.5, x + 16, x + 46, 30, 38, C.white, ' opacity="0.5"');
  });
  // The vault at the end.
  out += shadow(iso, 410, 150, 90, 120, 120, 0, 0.16);
  out += box(iso, 410, 150, 0, 90, 120, 120, C.night2);
  out += leftCircle(iso, 270.5, 455, 62, 30, C.slate);
  out += leftCircle(iso, 270.6, 455, 62, 12, C.mist);
  out += onRight(iso, 500.5, 180, 240, 50, 80, C.slate);
  // The short-lived key.
  const [kx, ky] = at(iso, 230, 240, 250);
  out += `<circle cx="${n(kx)}" cy="${n(ky)}" r="80" fill="${C.white}" opacity="0.9"/>`;
  out += `<circle cx="${n(kx)}" cy="${n(ky)}" r="80" fill="none" stroke="${C.mist}" stroke-width="10"/>`;
  out += `<path d="M${n(kx)},${n(ky - 80)}A80,80 0 0 1 ${n(kx + 80)},${n(ky)}" fill="none" stroke="${C.beam}" stroke-width="10" stroke-linecap="round"/>`;
  out += key(kx - 46, ky, 0.9, C.beam);
  const [vx, vy] = at(iso, 440, 200, 130);
  out += curveArrow(kx + 90, ky + 10, vx - 40, ky - 20, vx - 10, vy - 20, C.teal, 5, ' stroke-dasharray="12 9"');
  // A shield on the vault.
  out += `<path d="M${n(vx + 40)},${n(vy - 90)}l40,14v30c0,26 -18,42 -40,50c-22,-8 -40,-24 -40,-50v-30Z" fill="${C.teal}"/>`;
  out += `<path d="M${n(vx + 24)},${n(vy - 54)}l12,12l22,-24" fill="none" stroke="${C.white}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  out += tree(iso, 40, 400, 22, C.moss) + tree(iso, 470, 400, 20);
  return out;
}

/** A shared cluster holding three teams' containers, with a stack of coins in each team's colour. */
function k8sCostScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  const hex: [number, number][] = [];
  out += tree(iso, 470, 40, 22);
  for (let i = 0; i < 6; i++)
    hex.push([190 + Math.cos((i / 6) * Math.PI * 2) * 150, 190 + Math.sin((i / 6) * Math.PI * 2) * 150]);
  out += shadow(iso, 40, 40, 300, 300, 40, 0, 0.14);
  out += prism(iso, hex, 0, 24, C.blue, '#dbe8f2');
  const teams: [string, [number, number][]][] = [
    [
      C.teal,
      [
        [120, 110],
        [170, 110],
        [120, 160],
      ],
    ],
    [
      C.beam,
      [
        [230, 120],
        [280, 170],
      ],
    ],
    [
      C.sky,
      [
        [140, 230],
        [190, 230],
        [190, 280],
        [240, 260],
      ],
    ],
  ];
  for (const [c, spots] of teams) for (const [x, y] of spots) out += box(iso, x, y, 24, 40, 40, 40, c);
  // Idle capacity: an empty, dashed slot.
  out += polyline(
    iso,
    [
      [270, 230, 25],
      [310, 230, 25],
      [310, 270, 25],
      [270, 270, 25],
      [270, 230, 25],
    ],
    C.slate,
    3,
    ' stroke-dasharray="8 7"',
  );
  // Coin stacks per team.
  const stacks: [number, number, string, number][] = [
    [400, 120, C.teal, 4],
    [430, 200, C.beam, 3],
    [410, 290, C.sky, 6],
  ];
  for (const [x, y, c, count] of stacks) {
    for (let i = 0; i < count; i++) out += cylinder(iso, x, y, i * 12, 24, 10, c, light(c, 0.35));
  }
  out += tree(iso, 40, 400, 22, C.moss) + tree(iso, 480, 410, 20);
  return out;
}

/** A platform team's roadmap board with a product manager, and the developers it serves asking for things. */
function pmScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  out += tree(iso, 470, 60, 24);
  out += shadow(iso, 60, 40, 280, 220, 40, 0, 0.14);
  out += box(iso, 60, 40, 0, 280, 220, 30, C.blue);
  // The roadmap board with three columns of notes.
  out += box(iso, 90, 80, 30, 220, 10, 150, { top: C.mist, left: C.white, right: C.mist });
  const notes = [C.beam, C.sky, C.teal, C.sand];
  for (let c = 0; c < 3; c++) {
    for (let r = 0; r < 3 - (c === 2 ? 1 : 0); r++) {
      const x = 105 + c * 68;
      const z = 150 - r * 38;
      out += onLeft(iso, 90.5, x, x + 50, z, z + 26, notes[(c + r) % notes.length] ?? C.sky);
    }
  }
  for (let c = 1; c < 3; c++) out += onLeft(iso, 90.6, 100 + c * 68 - 4, 100 + c * 68 - 2, 40, 176, C.mist);
  out += person(iso, 300, 180, 30, C.beam, C.skin2);
  out += person(iso, 130, 200, 30, C.teal, C.skin1);
  // Developers on the ground, with their requests.
  out +=
    person(iso, 380, 330, 0, C.sky, C.skin3) +
    person(iso, 420, 300, 0, C.ice, C.skin1, C.earth) +
    person(iso, 330, 390, 0, C.teal, C.skin2);
  const [bx, by] = at(iso, 400, 320, 90);
  out += bubble(bx, by - 80, 130, 60, C.white, C.mist, 2);
  const [b2x, b2y] = at(iso, 320, 400, 80);
  out += bubble(b2x - 150, b2y - 50, 120, 56, C.white, C.mist, 2);
  out += curveArrow(bx - 10, by - 90, bx - 60, by - 180, bx - 150, by - 170, C.beam, 5, ' stroke-dasharray="12 9"');
  out += tree(iso, 40, 380, 22, C.moss);
  return out;
}

/** A glowing model core inside walls; documents arrive at a checkpoint where one carrying a hidden hook is stopped. */
function injectionScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  // The walled zone.
  const wall = { top: C.mist, left: '#c5d2de', right: '#a9bbcb' };
  out += box(iso, 200, 60, 0, 280, 12, 40, wall);
  out += box(iso, 468, 60, 0, 12, 300, 40, wall);
  out += box(iso, 200, 60, 0, 12, 130, 40, wall);
  out += box(iso, 200, 250, 0, 12, 110, 40, wall);
  // Tools inside, each behind its own low fence.
  out += box(iso, 400, 100, 0, 50, 50, 40, C.slate) + box(iso, 400, 280, 0, 50, 50, 30, C.slate);
  // The model core.
  const [cx, cy] = at(iso, 330, 200, 100);
  out += glowAt(cx, cy, 110, C.sky, 0.35);
  out += box(iso, 300, 170, 0, 60, 60, 20, C.steel);
  out += box(iso, 305, 175, 50, 50, 50, 50, { top: '#8fd3f0', left: C.sky, right: C.blue });
  out += `<ellipse cx="${n(cx)}" cy="${n(cy - 10)}" rx="90" ry="30" fill="none" stroke="${C.sky}" stroke-width="3" stroke-dasharray="10 8"/>`;
  out += box(iso, 212, 350, 0, 268, 12, 40, wall);
  // Documents coming in from outside through the gap, a checkpoint at the gap.
  out += box(iso, 190, 190, 0, 30, 60, 70, C.teal);
  out += onLeft(iso, 250.5, 196, 214, 40, 60, '#7fe3cf');
  out += sheet(iso, 110, 226, 0, 64, 90, { lines: 4 });
  out += sheet(iso, 20, 260, 0, 70, 96, { lines: 4, accent: C.rust });
  const [hx, hy] = at(iso, 55, 260, 130);
  out += `<path d="M${n(hx)},${n(hy - 44)}v34a17,17 0 1 1 -28,12" fill="none" stroke="${C.rust}" stroke-width="9" stroke-linecap="round"/>`;
  out += cross(hx + 44, hy - 50, 22);
  const [px, py] = at(iso, 200, 190, 110);
  out += `<path d="M${n(px)},${n(py - 70)}l44,15v33c0,29 -20,46 -44,55c-24,-9 -44,-26 -44,-55v-33Z" fill="${C.teal}"/>`;
  out += `<path d="M${n(px - 18)},${n(py - 28)}l13,13l24,-26" fill="none" stroke="${C.white}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  out += tree(iso, 40, 410, 22) + tree(iso, 130, 420, 18, C.moss);
  return out;
}

/** Passages spread out as cards, a magnifier picking out the right three and lifting them to the model. */
function retrievalScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  const picked = new Set([6, 13, 17]);
  for (let i = 0; i < 20; i++) {
    const x = 40 + (i % 5) * 64;
    const y = 60 + Math.floor(i / 5) * 86;
    if (picked.has(i)) {
      out += onTop(iso, 0.3, x, y, x + 50, y + 70, C.ice);
      continue;
    }
    out += box(iso, x, y, 0, 50, 70, 7, { top: C.white, left: '#c3cfdb', right: '#a9bccc' });
    for (let k = 0; k < 4; k++)
      out += onTop(iso, 7.2, x + 8, y + 10 + k * 14, x + 42 - (k % 2) * 12, y + 15 + k * 14, C.mist);
  }
  // The three picked passages rise towards the model.
  const lifted: [number, number, number][] = [
    [360, 80, 120],
    [380, 170, 160],
    [360, 260, 120],
  ];
  for (const [x, y, z] of lifted) {
    out += shadow(iso, x, y, 50, 70, 30, 0, 0.12);
    out += box(iso, x, y, z, 60, 80, 8, { top: '#ffd9a0', left: C.beam, right: '#d98a25' });
    for (let k = 0; k < 4; k++)
      out += onTop(iso, z + 8.2, x + 10, y + 12 + k * 16, x + 50 - (k % 2) * 14, y + 18 + k * 16, '#c9761a');
  }
  // The model, small: the point is what it is given.
  out += box(iso, 460, 160, 0, 50, 50, 50, C.teal);
  const [mx, my] = at(iso, 485, 185, 60);
  for (const [x, y, z] of lifted) {
    const [sx, sy] = at(iso, x + 25, y + 35, z);
    out += `<path d="M${n(sx)},${n(sy)}Q${n((sx + mx) / 2)},${n(Math.min(sy, my) - 40)} ${n(mx)},${n(my)}" fill="none" stroke="${C.teal}" stroke-width="3" stroke-dasharray="6 8"/>`;
  }
  // The magnifier.
  const [gx, gy] = at(iso, 190, 200, 140);
  out += `<path d="M${n(gx + 66)},${n(gy + 66)}L${n(gx + 140)},${n(gy + 140)}" stroke="${C.night2}" stroke-width="26" stroke-linecap="round"/>`;
  out += `<circle cx="${n(gx)}" cy="${n(gy)}" r="95" fill="${C.sky}" opacity="0.2"/>`;
  out += `<circle cx="${n(gx)}" cy="${n(gy)}" r="95" fill="none" stroke="${C.blue}" stroke-width="16"/>`;
  out += `<path d="M${n(gx - 60)},${n(gy - 30)}A66,66 0 0 1 ${n(gx - 20)},${n(gy - 64)}" fill="none" stroke="${C.white}" stroke-width="8" stroke-linecap="round"/>`;
  return out;
}

/** Parcels with their bills of materials riding through a scanning arch; one carries a verified seal. */
function sbomScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  out += tree(iso, 440, 50, 22);
  out += box(iso, 20, 200, 0, 480, 60, 18, C.steel);
  for (let x = 30; x < 500; x += 30)
    out += polyline(
      iso,
      [
        [x, 200, 18.3],
        [x, 260, 18.3],
      ],
      '#7890a6',
      2,
    );
  // The arch behind the belt.
  out += box(iso, 250, 186, 0, 20, 14, 150, C.blue);
  out += box(iso, 250, 186, 150, 20, 88, 16, C.blue);
  const parcels: [number, boolean][] = [
    [50, false],
    [160, false],
    [300, true],
    [410, true],
  ];
  for (const [x, checked] of parcels) {
    out += box(iso, x, 210, 18, 60, 40, 44, C.sand);
    out += onLeft(iso, 250.5, x + 26, x + 34, 18, 62, '#c9a46f');
    // The label: a little list.
    out += onLeft(iso, 250.6, x + 6, x + 22, 26, 54, C.white);
    for (let k = 0; k < 3; k++) out += onLeft(iso, 250.7, x + 8, x + 20, 48 - k * 8, 50 - k * 8, C.slate);
    if (checked) {
      const [tx, ty] = at(iso, x + 48, 250, 78);
      out += tick(tx, ty, 16);
    }
  }
  // The front pillar of the arch and its scanning light.
  out += face(
    iso,
    [
      [255, 200, 150],
      [265, 200, 150],
      [265, 270, 18],
      [255, 270, 18],
    ],
    C.sky,
    ' opacity="0.25"',
  );
  out += box(iso, 250, 260, 0, 20, 14, 166, C.blue);
  // A shield with the seal, and a list of components above.
  const [sx, sy] = at(iso, 380, 140, 220);
  out += `<path d="M${n(sx)},${n(sy - 70)}l56,20v42c0,37 -26,60 -56,72c-30,-12 -56,-35 -56,-72v-42Z" fill="${C.teal}"/>`;
  out += `<path d="M${n(sx - 22)},${n(sy + 4)}l16,16l30,-32" fill="none" stroke="${C.white}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;
  const [lx, ly] = at(iso, 110, 130, 150);
  out += `<rect x="${n(lx - 70)}" y="${n(ly - 70)}" width="150" height="150" rx="12" fill="${C.white}"/><rect x="${n(lx - 70)}" y="${n(ly - 70)}" width="150" height="30" rx="12" fill="${C.blue}"/>`;
  for (let k = 0; k < 4; k++) {
    out += `<rect x="${n(lx - 52)}" y="${n(ly - 20 + k * 24)}" width="14" height="14" rx="3" fill="${k === 2 ? C.beam : C.teal}"/><rect x="${n(lx - 28)}" y="${n(ly - 16 + k * 24)}" width="${80 - (k % 2) * 20}" height="7" rx="3" fill="${C.mist}"/>`;
  }
  out += tree(iso, 470, 400, 22, C.moss) + tree(iso, 60, 400, 20);
  return out;
}

/** An old column-fronted building overgrown by a fig's vines, new modules rising beside it and taking over. */
function stranglerScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  // The legacy building.
  const stone = '#c9c2b4';
  out += shadow(iso, 60, 80, 230, 180, 150, 0, 0.16);
  out += box(iso, 60, 80, 0, 230, 180, 16, stone);
  out += box(iso, 70, 90, 16, 210, 150, 110, light(stone, 0.2));
  for (let i = 0; i < 6; i++) out += box(iso, 78 + i * 38, 246, 16, 14, 14, 110, C.paper);
  out += box(iso, 60, 80, 126, 230, 180, 14, stone);
  out += face(
    iso,
    [
      [60, 260, 140],
      [290, 260, 140],
      [175, 260, 200],
    ],
    light(stone, 0.3),
  );
  out += face(
    iso,
    [
      [290, 80, 140],
      [290, 260, 140],
      [175, 260, 200],
      [175, 80, 200],
    ],
    dark(stone, 0.25),
  );
  out += face(
    iso,
    [
      [60, 80, 140],
      [175, 80, 200],
      [175, 260, 200],
      [60, 260, 140],
    ],
    dark(stone, 0.05),
  );
  // New modules growing beside it.
  const mods: [number, number, number, string][] = [
    [320, 90, 0, C.teal],
    [320, 170, 0, C.teal],
    [320, 90, 60, C.sky],
    [400, 120, 0, C.blue],
    [320, 170, 60, C.beam],
  ];
  for (const [x, y, z, c] of mods) {
    if (z === 0) out += shadow(iso, x, y, 70, 70, 60, 0, 0.14);
    out += box(iso, x, y, z, 70, 70, 58, c);
    out += onLeft(iso, y + 70.5, x + 14, x + 56, z + 24, z + 34, C.white, ' opacity="0.5"');
  }
  // The fig's vines, curling over the old facade.
  const vine = '#3f8f4f';
  const vines = [
    'M300,0c-40,-60 -20,-130 -80,-170s-90,-40 -120,-110',
    'M330,0c-10,-80 60,-120 30,-190s-100,-60 -90,-120',
    'M270,0c-60,-30 -120,-40 -140,-110',
  ];
  const [vx, vy] = at(iso, 200, 260, 0);
  for (const d of vines) {
    out += `<path d="${d.replace(/^M(\d+),(\d+)/, (_m, a: string, b: string) => `M${n(vx - 300 + Number(a))},${n(vy + Number(b))}`)}" fill="none" stroke="${vine}" stroke-width="7" stroke-linecap="round"/>`;
  }
  const random = seeded(17);
  for (let i = 0; i < 26; i++) {
    const lx = vx - 210 + random() * 240;
    const ly = vy - 30 - random() * 250;
    const a = Math.round(random() * 360);
    out += `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="13" ry="7" fill="${i % 3 ? '#4fa35e' : '#2f7a43'}" transform="rotate(${a} ${n(lx)} ${n(ly)})"/>`;
  }
  out += tree(iso, 470, 380, 24) + tree(iso, 40, 400, 22, C.moss);
  return out;
}

/** Two databases joined by a row of small reversible steps, each checked, the writes switching to the new one. */
function cutoverScene(): string {
  const iso = isoFor(520, 440, 800, 560);
  let out = slab(iso, 520, 440, 'day');
  const [ox, oy] = [110, 340];
  const [nx, ny] = [400, 100];
  out += shadow(iso, ox - 55, oy - 55, 110, 110, 140, 0, 0.16);
  out += cylinder(iso, ox, oy, 0, 55, 130, C.steel);
  for (const z of [45, 90]) out += disc(iso, ox, oy, z, 55, 'none', ` stroke="${C.mist}" stroke-width="3"`);
  // The steps between them, each a reversible move with a check.
  const steps = 4;
  for (let i = 0; i < steps; i++) {
    const t = (i + 0.5) / steps;
    const x = ox + (nx - ox) * (0.22 + t * 0.56) - 22 + 30;
    const y = oy + (ny - oy) * (0.22 + t * 0.56) - 22 + 30;
    out += box(iso, x, y, 0, 44, 44, 14 + i * 6, i === steps - 1 ? C.beam : C.sky);
    const [tx, ty] = at(iso, x + 22, y + 22, 14 + i * 6);
    out += tick(tx, ty - 34, 15, i === steps - 1 ? C.beam : C.teal);
  }
  out += shadow(iso, nx - 55, ny - 55, 110, 110, 140, 0, 0.16);
  out += cylinder(iso, nx, ny, 0, 55, 130, C.teal);
  for (const z of [45, 90]) out += disc(iso, nx, ny, z, 55, 'none', ` stroke="#4fb3a7" stroke-width="3"`);
  // Writes going over, a way back kept open.
  const [ax, ay] = at(iso, ox, oy, 150);
  const [bx, by] = at(iso, nx, ny, 150);
  out += curveArrow(ax + 30, ay - 10, (ax + bx) / 2, ay - 130, bx - 10, by - 20, C.beam, 7);
  out += curveArrow(bx - 40, by + 30, (ax + bx) / 2, by + 10, ax + 40, ay + 40, C.slate, 4, ' stroke-dasharray="10 9"');
  out += tree(iso, 470, 400, 22, C.moss) + tree(iso, 420, 430, 18);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Service scenes (dusk)

/** A model core on a pedestal, fenced by guardrails, documents going in and checked answers coming out. */
function aiScene(): string {
  const iso = isoFor(540, 460, 800, 560);
  let out = slab(iso, 540, 460, 'dusk');
  const [cx, cy] = at(iso, 270, 230, 130);
  // A network of nodes above the core.
  const random = seeded(41);
  const nodes: [number, number][] = [];
  for (let i = 0; i < 9; i++) nodes.push([cx - 220 + random() * 440, cy - 250 + random() * 120]);
  for (const [x, y] of nodes)
    out += `<path d="M${n(x)},${n(y)}L${n(cx)},${n(cy - 60)}" stroke="#63d6c3" stroke-width="2" opacity="0.5"/>`;
  for (let i = 0; i < nodes.length - 1; i++) {
    const a = nodes[i];
    const b = nodes[i + 1];
    if (a && b && i % 2 === 0)
      out += `<path d="M${n(a[0])},${n(a[1])}L${n(b[0])},${n(b[1])}" stroke="#63d6c3" stroke-width="2" opacity="0.35"/>`;
  }
  for (const [x, y] of nodes) out += `<circle cx="${n(x)}" cy="${n(y)}" r="9" fill="${C.ice}"/>`;
  // Guardrail posts around the pedestal.
  const ring: V3[] = [];
  for (let i = 0; i <= 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    ring.push([270 + Math.cos(a) * 150, 230 + Math.sin(a) * 150, 40]);
  }
  const back = ring.filter(([x, y]) => x + y < 500);
  out += polyline(iso, back, C.beam, 5);
  out += shadow(iso, 200, 160, 140, 140, 80);
  out += box(iso, 200, 160, 0, 140, 140, 40, C.slate);
  out += glowAt(cx, cy, 140, C.beam, 0.35);
  out += box(iso, 225, 185, 40, 90, 90, 90, { top: '#ffd27f', left: C.beam, right: '#c97f1e' });
  out += onLeft(iso, 275.5, 245, 295, 70, 100, '#fff0cc', ' opacity="0.6"');
  for (let i = 0; i < 24; i += 2) {
    const p = ring[i];
    if (p) out += box(iso, p[0] - 4, p[1] - 4, 0, 8, 8, 44, C.mist);
  }
  out += polyline(
    iso,
    ring.filter(([x, y]) => x + y >= 500),
    C.beam,
    5,
  );
  // Documents entering from the left, answers leaving to the right.
  out += sheet(iso, 30, 330, 0, 50, 66, { lines: 4 }) + sheet(iso, 70, 400, 0, 50, 66, { lines: 4 });
  const [bx, by] = at(iso, 470, 120, 160);
  out += bubble(bx - 40, by - 60, 170, 74, C.ice, C.steel, 3) + tick(bx + 120, by - 56, 22);
  return out;
}

/** A data centre whose workloads lift off in three waves towards a cloud. */
function cloudMoveScene(): string {
  const iso = isoFor(540, 460, 760, 600);
  let out = slab(iso, 540, 460, 'dusk');
  out += shadow(iso, 40, 200, 200, 170, 110);
  out += box(iso, 40, 200, 0, 200, 170, 110, C.mist);
  for (let i = 0; i < 5; i++) out += rackFront(iso, 370.5, 54 + i * 36, 82 + i * 36, 8, 96, 50 + i);
  out += box(iso, 60, 230, 110, 50, 40, 18, C.steel) + box(iso, 140, 230, 110, 50, 40, 18, C.steel);
  out += tree(iso, 330, 420, 24) + tree(iso, 420, 380, 20, C.moss) + tree(iso, 480, 140, 24);
  // Three waves of blocks on their way up.
  const waves: [number, number, number, string][] = [
    [320, 240, 60, C.sky],
    [380, 140, 150, C.teal],
    [440, 40, 240, C.beam],
  ];
  for (const [x, y, z, c] of waves) {
    out += disc(iso, x + 30, y + 30, 0.5, 30, C.night, ' opacity="0.25"');
    out +=
      box(iso, x, y, z, 36, 36, 30, c) +
      box(iso, x + 44, y + 10, z, 30, 30, 26, c) +
      box(iso, x + 10, y + 46, z, 30, 30, 24, c);
  }
  const [ax, ay] = at(iso, 140, 285, 130);
  const [bx, by] = at(iso, 470, 60, 300);
  out += curveArrow(ax, ay - 20, ax + 120, by + 20, bx - 40, by - 50, C.beam, 5, ' stroke-dasharray="14 10"');
  out += cloud(1110, 250, 1.3, C.ice, C.mist);
  return out;
}

/** Sources, pipes, a warehouse and a dashboard: data moving to the people who use it. */
function dataPlatformScene(): string {
  const iso = isoFor(540, 460, 800, 560);
  let out = slab(iso, 540, 460, 'dusk');
  // Sources at the back left.
  const sources: [number, number, string][] = [
    [70, 70, C.sky],
    [70, 190, C.teal],
    [70, 310, C.steel],
  ];
  // Pipes first: they run along the ground behind the solids.
  for (const [, y] of sources) out += box(iso, 100, y - 8, 4, 130, 16, 14, C.slate);
  out += box(iso, 230, 62, 4, 16, 264, 14, C.slate);
  for (const [x, y, c] of sources) {
    out += shadow(iso, x - 40, y - 40, 80, 80, 70);
    out += cylinder(iso, x, y, 0, 40, 70, c);
  }
  // Flow packets on the pipes.
  for (const [, y] of sources) for (const x of [130, 180]) out += box(iso, x, y - 6, 18, 14, 12, 6, C.beam);
  // The warehouse.
  out += box(iso, 246, 180, 4, 70, 16, 14, C.slate);
  out += shadow(iso, 300, 130, 120, 120, 120);
  out += box(iso, 300, 130, 0, 120, 120, 40, C.blue);
  out += box(iso, 300, 130, 44, 120, 120, 40, C.sea);
  out += box(iso, 300, 130, 88, 120, 120, 20, { top: '#8fd3f0', left: C.sky, right: C.blue });
  for (const z of [20, 64]) out += onLeft(iso, 250.5, 316, 404, z - 3, z + 3, '#7fe3cf', ' opacity="0.7"');
  // The dashboard.
  out += box(iso, 420, 300, 0, 12, 12, 60, C.steel);
  out += box(iso, 360, 312, 60, 140, 8, 110, { top: C.steel, left: C.night2, right: C.steel });
  out += onLeft(iso, 320.5, 368, 492, 68, 162, C.ice);
  const bars = [30, 46, 38, 60, 72];
  bars.forEach((h, i) => {
    out += onLeft(iso, 320.7, 378 + i * 22, 392 + i * 22, 76, 76 + h, i === bars.length - 1 ? C.beam : C.teal);
  });
  out += person(iso, 440, 400, 0, C.beam, C.skin1) + person(iso, 380, 420, 0, C.ice, C.skin3);
  return out;
}

/** A team at a table with laptops, a coach at a board whose line rises. */
function coachingScene(): string {
  const iso = isoFor(540, 460, 800, 560);
  let out = slab(iso, 540, 460, 'dusk');
  // The board at the back.
  out += box(iso, 120, 60, 0, 240, 12, 160, { top: C.mist, left: C.white, right: C.mist });
  const chart: V3[] = [
    [140, 72.5, 40],
    [180, 72.5, 60],
    [220, 72.5, 52],
    [260, 72.5, 90],
    [300, 72.5, 110],
    [340, 72.5, 140],
  ];
  out += polyline(iso, chart, C.teal, 6);
  const last = chart[chart.length - 1];
  if (last) {
    const [lx, ly] = at(iso, last[0], last[1], last[2]);
    out += `<circle cx="${n(lx)}" cy="${n(ly)}" r="10" fill="${C.beam}"/>`;
  }
  for (let i = 0; i < 3; i++) out += onLeft(iso, 72.5, 140, 200 - i * 14, 140 - i * 14, 146 - i * 14, C.mist);
  out += person(iso, 390, 90, 0, C.beam, C.skin2);
  // The table with laptops and the team around it.
  out += person(iso, 200, 180, 0, C.sky, C.skin1) + person(iso, 290, 180, 0, C.teal, C.skin3);
  out += shadow(iso, 150, 210, 220, 120, 40);
  out += box(iso, 160, 220, 40, 200, 100, 8, '#b68a5c');
  for (const [x, y] of [
    [160, 240],
    [350, 240],
    [160, 310],
    [350, 310],
  ] as const)
    out += box(iso, x, y, 0, 8, 8, 40, dark('#b68a5c', 0.3));
  for (const [x, y] of [
    [190, 240],
    [280, 240],
  ] as const) {
    out +=
      box(iso, x, y, 48, 48, 32, 3, C.slate) +
      face(
        iso,
        [
          [x, y, 51],
          [x + 48, y, 51],
          [x + 48, y - 4, 80],
          [x, y - 4, 80],
        ],
        C.night2,
      );
  }
  out += person(iso, 230, 360, 0, C.ice, C.skin2, C.earth) + person(iso, 320, 360, 0, C.rose, C.skin1);
  out += tree(iso, 40, 60, 26) + tree(iso, 480, 420, 24, C.moss) + tree(iso, 40, 420, 22);
  return out;
}

/** An old brick building half rebuilt in new modules, a crane lowering the next module in place. */
function legacyScene(): string {
  const iso = isoFor(540, 460, 800, 560);
  let out = slab(iso, 540, 460, 'dusk');
  // Old part.
  out += shadow(iso, 60, 120, 160, 200, 130);
  out += box(iso, 60, 120, 0, 160, 200, 130, C.brick);
  out += windows(iso, 'left', 320, 60, 220, 14, 120, 4, 3, '#3b2a2a', { fill: '#e9c98f', share: 0.3, seed: 12 });
  out += box(iso, 60, 120, 130, 160, 200, 8, dark(C.brick, 0.2));
  // New part: modules, one still missing.
  const mods: [number, number, number][] = [
    [220, 120, 0],
    [220, 220, 0],
    [320, 120, 0],
    [220, 220, 66],
  ];
  for (const [x, y, z] of mods) {
    out += box(iso, x, y, z, 100, 100, 64, C.teal);
    out += windows(iso, 'left', y + 100.5, x, x + 100, z + 6, z + 60, 3, 1, '#7fe3cf');
  }
  // The crane's mast, in front of the modules' right side.
  out += box(iso, 450, 162, 0, 16, 16, 250, C.beam);
  for (let z = 20; z < 250; z += 30)
    out += polyline(
      iso,
      [
        [450, 178, z],
        [466, 178, z + 30],
      ],
      '#c97f1e',
      2,
    );
  // The module being lowered onto its slot, hanging from the jib.
  const [hx, hy] = at(iso, 270, 170, 250);
  const [mx, my] = at(iso, 270, 170, 220);
  out += glowAt(mx, my + 40, 70, C.beam, 0.3);
  out += box(iso, 220, 120, 160, 100, 100, 60, { top: '#a6f0e0', left: C.teal, right: dark(C.teal, 0.3) });
  out += windows(iso, 'left', 220.5, 220, 320, 166, 216, 3, 1, '#ffd27f');
  out += `<path d="M${n(hx)},${n(hy)}L${n(mx)},${n(my)}" stroke="${C.mist}" stroke-width="3"/>`;
  out += box(iso, 200, 164, 250, 320, 12, 14, C.beam);
  out += box(iso, 262, 162, 244, 16, 16, 6, C.steel);
  out += box(iso, 466, 158, 234, 40, 24, 30, C.ice);
  out += tree(iso, 40, 400, 24) + tree(iso, 480, 420, 22, C.moss) + tree(iso, 470, 300, 20);
  return out;
}

/** A platform in layers, paved lanes on top leading services out, and teams working on it. */
function platformScene(): string {
  const iso = isoFor(540, 460, 800, 570);
  let out = slab(iso, 540, 460, 'dusk');
  out += shadow(iso, 80, 70, 360, 320, 90);
  out += box(iso, 80, 70, 0, 360, 320, 30, C.night2);
  out += box(iso, 90, 80, 30, 340, 300, 26, C.blue);
  out += box(iso, 100, 90, 56, 320, 280, 18, { top: '#2a86ad', left: C.sea, right: dark(C.sea, 0.3) });
  const top = 74;
  for (const y of [130, 220, 310]) {
    out += onTop(iso, top + 0.3, 110, y, 410, y + 26, '#4ba3c7');
    out += polyline(
      iso,
      [
        [120, y + 13, top + 0.5],
        [400, y + 13, top + 0.5],
      ],
      C.ice,
      2,
      ' stroke-dasharray="10 10"',
    );
    out += groundArrow(iso, 380, y + 13, 440, y + 13, 16, top + 0.6, C.beam);
  }
  const services: [number, number, string][] = [
    [140, 100, C.ice],
    [230, 112, C.teal],
    [170, 196, C.teal],
    [300, 200, C.ice],
    [200, 290, C.ice],
  ];
  for (const [x, y, c] of services) out += box(iso, x, y, top, 44, 44, 44, c);
  out += person(iso, 130, 180, top, C.beam, C.skin1) + person(iso, 280, 180, top, C.sky, C.skin3);
  out += person(iso, 160, 270, top, C.rose, C.skin2) + person(iso, 340, 290, top, C.ice, C.skin1, C.earth);
  out +=
    tree(iso, 40, 40, 24) + tree(iso, 500, 40, 22, C.moss) + tree(iso, 40, 430, 22, C.moss) + tree(iso, 490, 430, 24);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The home page's picture (flat, layered)

/** A harbour city at dusk: a cable-stayed bridge, towers, cranes, and a lighthouse beam across the water. Long: one drawing, its shapes in the order they are painted. */
function homeScene(): string {
  const random = seeded(2024);
  const horizon = 610;
  const sky = gradient('v', [
    [0, C.night],
    [0.45, C.night2],
    [0.8, '#1c4d6b'],
    [1, '#3f6f86'],
  ]);
  const water = gradient('v', [
    [0, '#143d57'],
    [1, C.night],
  ]);
  let out = `<rect width="${W}" height="${horizon + 1}" fill="url(#${sky})"/>`;
  out += `<ellipse cx="760" cy="${horizon}" rx="760" ry="130" fill="${C.beam}" opacity="0.16" filter="url(#wide)"/>`;
  for (let i = 0; i < 40; i++) {
    out += `<circle cx="${n(random() * W)}" cy="${n(random() * 330)}" r="${n(1 + random() * 1.4)}" fill="${C.ice}" opacity="${n(0.25 + random() * 0.45)}"/>`;
  }
  // Far skyline.
  const far = '#24566f';
  let x = 0;
  while (x < W) {
    const w = 40 + random() * 70;
    const h = 40 + random() * 110;
    out += `<rect x="${n(x)}" y="${n(horizon - h)}" width="${n(w + 1)}" height="${n(h)}" fill="${far}"/>`;
    x += w;
  }
  // The tower with the disc (a lookout tower), far left.
  out += `<rect x="286" y="300" width="14" height="${horizon - 300}" fill="${far}"/><ellipse cx="293" cy="372" rx="34" ry="9" fill="${far}"/><rect x="291" y="250" width="4" height="50" fill="${far}"/>`;
  // Middle skyline with lit windows, and the stacked towers.
  const mid = '#163f59';
  const towers: [number, number, number][] = [
    [180, 110, 200],
    [330, 80, 150],
    [420, 120, 250],
    [1010, 70, 180],
    [1090, 140, 300],
    [1240, 90, 210],
    [1340, 120, 160],
    [1470, 100, 230],
  ];
  const tops: [number, number][] = [];
  for (const [tx, tw, th] of towers) {
    const top = horizon - th;
    out += `<rect x="${tx}" y="${top}" width="${tw}" height="${th}" fill="${mid}"/>`;
    out += `<rect x="${tx + tw * 0.62}" y="${top}" width="${n(tw * 0.38)}" height="${th}" fill="${dark(mid, 0.35)}"/>`;
    for (let wy = top + 18; wy < horizon - 14; wy += 22) {
      for (let wx = tx + 10; wx < tx + tw * 0.58; wx += 18) {
        if (random() < 0.28)
          out += `<rect x="${n(wx)}" y="${n(wy)}" width="8" height="10" fill="${random() < 0.3 ? C.beam : C.cream}" opacity="${n(0.45 + random() * 0.4)}"/>`;
      }
    }
    tops.push([tx + tw / 2, top]);
  }
  // The stacked, offset blocks of the tallest tower.
  out += `<rect x="1100" y="250" width="110" height="70" fill="${mid}"/><rect x="1120" y="200" width="110" height="60" fill="${mid}"/><rect x="1190" y="200" width="40" height="60" fill="${dark(mid, 0.35)}"/>`;
  tops.push([1175, 200]);
  // Faint links between the towers: the connected systems.
  const sorted = tops.sort((a, b) => a[0] - b[0]);
  let links = '';
  sorted.forEach(([ax, ay], i) => {
    const b = sorted[i + 1];
    if (b)
      links += `<path d="M${n(ax)},${n(ay)}Q${n((ax + b[0]) / 2)},${n(Math.min(ay, b[1]) - 60)} ${n(b[0])},${n(b[1])}" fill="none" stroke="${C.sky}" stroke-width="2" stroke-dasharray="3 9" stroke-linecap="round" opacity="0.55"/>`;
  });
  out += links;
  for (const [tx, ty] of sorted) out += `<circle cx="${n(tx)}" cy="${n(ty)}" r="5" fill="${C.ice}" opacity="0.85"/>`;
  // Harbour cranes on the left quay, and containers.
  for (const cx of [560, 660]) {
    out += `<path d="M${cx},${horizon}V${horizon - 150}M${cx + 50},${horizon}V${horizon - 150}M${cx - 10},${horizon - 150}H${cx + 60}M${cx},${horizon - 70}H${cx + 50}" stroke="#3f7c9a" stroke-width="8"/>`;
    out += `<path d="M${cx - 70},${horizon - 160}H${cx + 120}" stroke="#3f7c9a" stroke-width="10"/><rect x="${cx + 10}" y="${horizon - 180}" width="34" height="22" fill="#3f7c9a"/>`;
  }
  const boxes = [C.rust, C.sea, C.teal, C.steel, C.sand];
  for (let i = 0; i < 12; i++) {
    const bx = 500 + (i % 6) * 36;
    const by = horizon - 18 - Math.floor(i / 6) * 18;
    out += `<rect x="${bx}" y="${by}" width="34" height="17" fill="${dark(boxes[i % boxes.length] ?? C.sea, 0.45)}"/>`;
  }
  // The cable-stayed bridge with its bent white pylon.
  const deck = horizon - 46;
  out += `<rect x="700" y="${deck}" width="${W - 700}" height="12" fill="${C.mist}"/><rect x="700" y="${deck + 12}" width="${W - 700}" height="6" fill="#8ea3b6"/>`;
  for (const px of [780, 1320, 1500])
    out += `<rect x="${px}" y="${deck + 18}" width="14" height="${horizon - deck - 18}" fill="#8ea3b6"/>`;
  const top = [900, 330] as const;
  let cables = '';
  for (let i = 0; i < 8; i++) {
    cables += `M${top[0] - 6 - i * 2},${top[1] + 20 + i * 14}L${760 + i * 16},${deck}`;
    cables += `M${top[0] + 4},${top[1] + 14 + i * 16}L${990 + i * 44},${deck}`;
  }
  out += `<path d="${cables}" stroke="${C.ice}" stroke-width="2" opacity="0.9"/>`;
  out += `<path d="M868,${deck}L884,${deck - 90}L903,${top[1]}L916,${top[1] + 4}L906,${deck - 90}L930,${deck}L914,${deck}L896,${deck - 70}L884,${deck}Z" fill="${C.white}"/>`;
  // The water with reflections, and the quay.
  out += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#${water})"/>`;
  out += `<rect y="${horizon - 2}" width="740" height="16" fill="#1e4a63"/><rect y="${horizon + 14}" width="740" height="5" fill="${C.night2}"/>`;
  for (let i = 0; i < 70; i++) {
    const ry = horizon + 8 + random() * 270;
    const rx = random() * W;
    const len = 20 + random() * 60;
    out += `<rect x="${n(rx)}" y="${n(ry)}" width="${n(len)}" height="3" rx="1.5" fill="${random() < 0.2 ? C.beam : C.sky}" opacity="${n(0.12 + random() * 0.2)}"/>`;
  }
  out += `<rect x="700" y="${horizon + 8}" width="${W - 700}" height="4" fill="${C.mist}" opacity="0.25"/>`;
  // The lighthouse on its pier, and its beam across the sky and water.
  const lx = 1260;
  const ly = 470;
  const base = horizon + 70;
  const beamFill = gradient('h', [
    [0, C.beam, 0],
    [1, C.beam, 0.55],
  ]);
  out += `<polygon points="${lx},${ly - 8} ${lx},${ly + 8} 150,560 150,250" fill="url(#${beamFill})" filter="url(#soft)"/>`;
  out += `<polygon points="${lx},${ly - 4} ${lx},${ly + 4} 300,470 300,350" fill="url(#${beamFill})" opacity="0.8"/>`;
  out += glowAt(lx, ly, 60, C.beam, 0.8);
  out += `<ellipse cx="${lx}" cy="${base + 40}" rx="200" ry="16" fill="${C.beam}" opacity="0.16" filter="url(#soft)"/>`;
  out += `<rect x="1170" y="${base}" width="190" height="24" fill="#2a5f7c"/><rect x="1170" y="${base + 24}" width="190" height="8" fill="${C.night2}"/><rect x="1150" y="${base + 10}" width="30" height="22" fill="#24566f"/>`;
  out += `<path d="M1236,${base}L1247,${ly + 24}H1273L1284,${base}Z" fill="${C.white}"/><path d="M1260,${base}V${ly + 24}H1273L1284,${base}Z" fill="${C.mist}"/>`;
  out += `<path d="M1239,${base - 40}H1281L1279,${base - 18}H1241ZM1244,${base - 110}H1276L1274,${base - 88}H1246Z" fill="${C.rust}"/>`;
  out += `<rect x="1244" y="${ly - 16}" width="32" height="40" rx="4" fill="${C.night2}"/><rect x="1249" y="${ly - 10}" width="22" height="22" fill="${C.beam}"/>`;
  out += `<path d="M1238,${ly - 16}L1260,${ly - 40}L1282,${ly - 16}Z" fill="${C.night2}"/>`;
  // The beam's reflection on the water.
  const glint = gradient('h', [
    [0, C.beam, 0],
    [1, C.beam, 0.3],
  ]);
  out += `<polygon points="${lx},${base + 44} ${lx},${base + 52} 200,${horizon + 150} 200,${horizon + 40}" fill="url(#${glint})" filter="url(#soft)"/>`;
  return out;
}

/** The home picture's SVG: its own sky instead of a cover's background. */
function homeSvg(): string {
  sceneDefs = [];
  gradientCount = 0;
  const body = homeScene();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${FILTERS}${sceneDefs.join('')}</defs>${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// What to draw

interface Cover {
  file: string;
  /** The cover's background and slab; 'none' for a picture that draws its whole frame. */
  theme: Theme | 'none';
  alt: string;
  draw: () => string;
}

const CS = 'content/case-studies/images/';
/** The clients' logos, beside the clients (content/clients/<id>.mdx); each one's alt text is the client's name. */
const CLIENTS = 'content/clients/images/';
const INS = 'content/insights/images/';
const SRV = 'content/services/images/';

const COVERS: Cover[] = [
  {
    file: 'content/images/home.jpg',
    theme: 'none',
    alt: 'A harbour city at dusk: towers linked by faint dotted lines, a white cable-stayed bridge and cranes, and a lighthouse casting a warm beam across the sky and water.',
    draw: homeSvg,
  },
  {
    file: `${CS}dutch-hospital-discharge-summaries.jpg`,
    theme: 'dusk',
    alt: 'A hospital building beside a stack of drafted discharge letters, a doctor in a white coat next to them and a tick showing the letter is checked.',
    draw: hospitalScene,
  },
  {
    file: `${CS}gridwise-smart-meter-pipeline.jpg`,
    theme: 'dusk',
    alt: 'Two rows of houses with smart meters, their readings flowing as lines over the rooftops into one data platform, with four people standing by it.',
    draw: meterScene,
  },
  {
    file: `${CS}havenline-freight-route-data.jpg`,
    theme: 'dusk',
    alt: 'A city map with warehouses and lorries, one clear route highlighted from a depot pin to a destination pin, and a confirmed note above.',
    draw: routeScene,
  },
  {
    file: `${CS}iberian-solar-scada-cloud.jpg`,
    theme: 'dusk',
    alt: 'Rows of solar panels on dry ground under a low sun, a monitoring mast sending their readings to a single cloud dashboard.',
    draw: solarScene,
  },
  {
    file: `${CS}kestrel-bank-core-ledger.jpg`,
    theme: 'dusk',
    alt: 'A large grey mainframe block with coins moving along an arrow to four small new ledger blocks, one of them lit up as the next to receive them.',
    draw: ledgerScene,
  },
  {
    file: `${CS}lumo-fashion-delivery-teams.jpg`,
    theme: 'dusk',
    alt: 'A fashion shop with a striped awning and dresses in the window, circled by a ring of many small arrows standing for frequent releases.',
    draw: shopScene,
  },
  {
    file: `${CS}medora-clinics-cloud-migration.jpg`,
    theme: 'dusk',
    alt: 'Two data centre buildings sending their workloads along dashed lines into one cloud, with a steady heartbeat line and a tick on the cloud.',
    draw: dataCentresScene,
  },
  {
    file: `${CS}municipal-permits-modernisation.jpg`,
    theme: 'dusk',
    alt: 'A Dutch town hall with a clock tower, and a permit form travelling from an old beige computer terminal to a modern screen.',
    draw: townHallScene,
  },
  {
    file: `${CS}nordic-logistics-developer-platform.jpg`,
    theme: 'dusk',
    alt: 'Teams working on a raised platform among snowy pine trees, with a new service leaving the platform on a lorry along a bright arrow.',
    draw: platformTeamsScene,
  },
  {
    file: `${CS}north-sea-port-terminal-modernisation.jpg`,
    theme: 'dusk',
    alt: 'Quay cranes at a port terminal lifting containers onto a ship, with a translucent planning board floating above the container yard.',
    draw: () => portScene(true),
  },
  {
    file: `${CS}portuguese-insurer-claims-triage.jpg`,
    theme: 'dusk',
    alt: 'Claim forms on a conveyor entering a sorting machine in front of a tiled Lisbon facade and leaving on three lanes, with a stopwatch above.',
    draw: triageScene,
  },
  {
    file: `${CS}verdant-retail-data-platform.jpg`,
    theme: 'dusk',
    alt: 'A garden centre greenhouse full of plants beside a bar chart whose bars grow hour by hour, with a clock above the chart.',
    draw: gardenScene,
  },
  {
    file: `${INS}cloud-migration-wave-planning.jpg`,
    theme: 'day',
    alt: 'Three groups of connected service boxes moving to the cloud in waves: one still beside the data centre, one rising, one landed, past a traffic light on green.',
    draw: wavesScene,
  },
  {
    file: `${INS}cobol-copybooks-to-schemas.jpg`,
    theme: 'day',
    alt: 'A stack of green-bar mainframe printouts with an arrow to a board showing the same data as a neat tree of typed fields, marked with a tick.',
    draw: copybookScene,
  },
  {
    file: `${INS}data-contracts-between-teams.jpg`,
    theme: 'day',
    alt: 'Two teams on their own platforms, one with a database and one with a dashboard, joined by a pipe with a sealed one-page contract standing on it.',
    draw: contractScene,
  },
  {
    file: `${INS}dora-metrics-without-the-theatre.jpg`,
    theme: 'day',
    alt: 'Red theatre curtains drawn back to show a plain stage with four bars, one for each delivery metric, and a simple trend line over them.',
    draw: doraScene,
  },
  {
    file: `${INS}evaluating-llm-features-before-launch.jpg`,
    theme: 'day',
    alt: 'A board of test results with ticks and one cross beside a rocket held on its launch pad behind a lowered barrier until the checks pass.',
    draw: evalScene,
  },
  {
    file: `${INS}first-week-for-new-engineers.jpg`,
    theme: 'day',
    alt: 'Five steps rising from a laptop on the first to an orange flag on the fifth, with a new engineer climbing them: the first week, day by day.',
    draw: firstWeekScene,
  },
  {
    file: `${INS}golden-paths-not-golden-cages.jpg`,
    theme: 'day',
    alt: 'A golden path winding across green land to a platform, with fainter side trails still open and an empty birdcage standing with its door open.',
    draw: goldenPathScene,
  },
  {
    file: `${INS}incremental-models-without-surprises.jpg`,
    theme: 'day',
    alt: 'A stack of blue data layers with a new orange slice being lowered on top and a late-arriving row, marked by a clock, sliding in from the side.',
    draw: incrementalScene,
  },
  {
    file: `${INS}keeping-secrets-out-of-ci.jpg`,
    theme: 'day',
    alt: 'Pipeline stages on a belt leading to a locked vault with a shield, and above them a key inside a running timer ring: a token that expires.',
    draw: secretsScene,
  },
  {
    file: `${INS}kubernetes-cost-visibility.jpg`,
    theme: 'day',
    alt: 'A hexagonal shared cluster holding containers in three team colours and one empty dashed slot, with a stack of coins in each team colour beside it.',
    draw: k8sCostScene,
  },
  {
    file: `${INS}platform-team-product-manager.jpg`,
    theme: 'day',
    alt: 'A product manager beside a roadmap board of coloured notes on a platform, while developers on the ground send up their requests in speech bubbles.',
    draw: pmScene,
  },
  {
    file: `${INS}prompt-injection-threat-model.jpg`,
    theme: 'day',
    alt: 'A glowing model core inside low walls; documents arrive at a shielded checkpoint, where one carrying a hidden hook is stopped with a cross.',
    draw: injectionScene,
  },
  {
    file: `${INS}retrieval-quality-before-model-choice.jpg`,
    theme: 'day',
    alt: 'Rows of passage cards under a magnifying glass, three of them highlighted in orange and lifted towards a small model block.',
    draw: retrievalScene,
  },
  {
    file: `${INS}software-supply-chain-sboms.jpg`,
    theme: 'day',
    alt: 'Parcels with component labels riding a conveyor through a scanning arch, the scanned ones ticked, with a component list and a seal above.',
    draw: sbomScene,
  },
  {
    file: `${INS}strangler-fig-in-practice.jpg`,
    theme: 'day',
    alt: 'An old column-fronted building overgrown by green fig vines, with new coloured modules built up beside it, gradually taking its place.',
    draw: stranglerScene,
  },
  {
    file: `${INS}zero-downtime-database-cutover.jpg`,
    theme: 'day',
    alt: 'An old grey database and a new teal one joined by four small checked steps, an arrow carrying writes to the new one and a dashed way back.',
    draw: cutoverScene,
  },
  {
    file: `${SRV}ai-llm-integration.jpg`,
    theme: 'dusk',
    alt: 'A glowing model block on a pedestal inside a ring of guardrails, a network of nodes above it, documents going in and a checked answer coming out.',
    draw: aiScene,
  },
  {
    file: `${SRV}cloud-migration.jpg`,
    theme: 'dusk',
    alt: 'A data centre whose workloads lift off in three waves of small blocks along a dashed line towards a cloud.',
    draw: cloudMoveScene,
  },
  {
    file: `${SRV}data-engineering.jpg`,
    theme: 'dusk',
    alt: 'Three source databases feeding pipes into a layered warehouse, and a dashboard of bar charts in front of it read by two people.',
    draw: dataPlatformScene,
  },
  {
    file: `${SRV}engineering-team-coaching.jpg`,
    theme: 'dusk',
    alt: 'A team around a table with laptops and a coach standing by a board whose line chart rises to an orange point.',
    draw: coachingScene,
  },
  {
    file: `${SRV}legacy-modernisation.jpg`,
    theme: 'dusk',
    alt: 'An old brick building being replaced piece by piece with new teal modules, a crane lowering the next module into place.',
    draw: legacyScene,
  },
  {
    file: `${SRV}platform-engineering.jpg`,
    theme: 'dusk',
    alt: 'A layered platform with paved lanes leading services off its edge, and engineers working among the service blocks on top.',
    draw: platformScene,
  },
];

// ---------------------------------------------------------------------------------------------
// Portraits: the sample people, head and shoulders (content/people/images/<id>.jpg)

const PEOPLE = 'content/people/images/';
/** A portrait is this many pixels square. */
const PS = 800;
/** A portrait must stay under this. */
const MAX_PORTRAIT_BYTES = 90 * 1024;

/** Skin tones, fair to deep. */
const SKIN = {
  fair: '#f7dcc6',
  light: C.skin1,
  warm: '#e4b48c',
  olive: '#d4a276',
  golden: '#c8946a',
  tan: C.skin2,
  brown: '#a86d47',
  deep: C.skin3,
} as const;

type HairStyle = 'swept' | 'crop' | 'bald' | 'curls' | 'lowTail' | 'waves' | 'short' | 'bob' | 'quiff' | 'pixie';
type Top = 'crew' | 'shirt' | 'blazer' | 'overshirt' | 'cardigan' | 'hoodie' | 'field';
type Texture = 'stripes' | 'cord' | 'knit' | 'check';

/** How a person looks: each portrait is one of these, drawn by `portraitSvg`. */
interface Look {
  skin: string;
  hair: string;
  style: HairStyle;
  /** Grey hair at the temples. */
  temples?: string;
  top: Top;
  clothes: string;
  texture?: Texture;
  /** What shows under a jacket or cardigan, or a shirt's collar. */
  under?: string;
  underTexture?: Texture;
  /** The soft background. */
  back: string;
  glasses?: { shape: 'round' | 'square'; color: string; weight: number; mottle?: string };
  beard?: 'full' | 'short' | 'trim';
  beardColor?: string;
  /** The colour of small stud earrings. */
  earrings?: string;
  freckles?: boolean;
  /** A small flick of lashes at the outer corner of each eye. */
  lashes?: boolean;
  wideSmile?: boolean;
  /** The width of the lower face: 1 is average. */
  jaw?: number;
  /** Faint lines at the eyes and mouth, for the older faces. */
  lines?: boolean;
  /** Which way a parting or fringe falls: 1 to the picture's right, -1 to its left. */
  side?: 1 | -1;
}

/** Shapes mirrored about the portrait's middle. */
const mirrored = (svg: string): string => `<g transform="matrix(-1 0 0 1 ${PS} 0)">${svg}</g>`;
/** A shape and its mirror image. */
const both = (svg: string): string => svg + mirrored(svg);
/** Skin in shadow. */
const shade = (skin: string, t = 0.2): string => mix(skin, '#5e301f', t);

/** The head's outline, chin at y 526; `jaw` narrows or widens the lower half. */
function headPath(jaw: number): string {
  const j = (d: number) => n(400 + d * jaw);
  const low = n(440 + 8 * jaw);
  return `M400,205C478,205 528,262 528,352C528,${low} ${j(80)},522 400,526C${j(-80)},522 272,${low} 272,352C272,262 322,205 400,205Z`;
}

const BODY = 'M92,800C96,690 160,630 290,612C330,606 365,602 400,602C435,602 470,606 510,612C640,630 704,690 708,800Z';

/** A cloth's pattern for the current picture, in `sceneDefs`; returns its id. */
function pattern(texture: Texture, c: string): string {
  const id = `p${gradientCount++}`;
  const tiles: Record<Texture, [number, number, string]> = {
    stripes: [40, 40, `<rect y="22" width="40" height="18" fill="${C.white}"/>`],
    cord: [12, 12, `<rect width="5" height="12" fill="${dark(c, 0.25)}" opacity="0.45"/>`],
    knit: [22, 18, `<path d="M2,3L11,14L20,3" fill="none" stroke="${dark(c, 0.22)}" stroke-width="3" opacity="0.6"/>`],
    check: [
      36,
      36,
      `<rect width="12" height="36" fill="${C.rust}" opacity="0.4"/><rect width="36" height="12" fill="${C.rust}" opacity="0.4"/>`,
    ],
  };
  const [w, h, tile] = tiles[texture];
  sceneDefs.push(`<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${tile}</pattern>`);
  return id;
}

/** A piece of clothing: the shape `d` in colour `c`, patterned if it has a texture. */
function cloth(d: string, c: string, texture?: Texture): string {
  return `<path d="${d}" fill="${c}"/>` + (texture ? `<path d="${d}" fill="url(#${pattern(texture, c)})"/>` : '');
}

function backdrop(back: string): string {
  return (
    `<rect width="${PS}" height="${PS}" fill="${back}"/>` +
    `<circle cx="400" cy="380" r="300" fill="${light(back, 0.35)}"/>` +
    `<g fill="none" stroke="${dark(back, 0.5)}" opacity="0.1" stroke-width="2">` +
    `<circle cx="690" cy="120" r="150"/><circle cx="690" cy="120" r="220"/><circle cx="90" cy="700" r="170"/></g>`
  );
}

/** A strand of light across the hair. */
function sheen(d: string, hair: string): string {
  return `<path d="${d}" fill="none" stroke="${light(hair, 0.25)}" stroke-width="7" stroke-linecap="round" opacity="0.6"/>`;
}

/** Hair that falls behind the head and shoulders. */
function hairBehind(p: Look): string {
  const h = dark(p.hair, 0.2);
  switch (p.style) {
    case 'waves': {
      let d = 'M400,178C556,178 592,290 586,400';
      for (let y = 400, i = 0; y < 640; y += 60, i++)
        d += `Q${i % 2 ? 574 : 612},${y + 30} ${596 + (i % 2) * 6},${y + 60}`;
      d += 'Q400,700 204,640';
      for (let y = 640, i = 0; y > 400; y -= 60, i++)
        d += `Q${i % 2 ? 226 : 188},${y - 30} ${208 - (i % 2) * 6},${y - 60}`;
      return `<path d="${d}C208,290 244,178 400,178Z" fill="${h}"/>`;
    }
    case 'bob':
      return `<path d="M400,184C540,184 580,280 576,390C574,460 580,510 566,546Q400,566 234,546C220,510 226,460 224,390C220,280 260,184 400,184Z" fill="${h}"/>`;
    case 'lowTail':
      return `<path d="M400,190C520,190 548,280 540,380C534,460 500,520 460,540H340C300,520 266,460 260,380C252,280 280,190 400,190Z" fill="${h}"/>`;
    case 'curls': {
      let out = '';
      for (let i = 0; i <= 12; i++) {
        const a = Math.PI * (0.92 + (i / 12) * 1.16);
        out += `<circle cx="${n(400 + Math.cos(a) * 148)}" cy="${n(326 + Math.sin(a) * 150)}" r="40" fill="${h}"/>`;
      }
      return out;
    }
    default:
      return '';
  }
}

/** A low ponytail falling forward over the shoulder, in front of the clothes and behind the head. */
function hairOverShoulder(p: Look): string {
  if (p.style !== 'lowTail') return '';
  const tail =
    `<path d="M430,480C500,486 528,540 536,600C544,660 536,712 512,762C494,728 478,690 468,640C458,590 452,540 430,480Z" fill="${p.hair}"/>` +
    sheen('M486,560Q504,620 500,690', p.hair) +
    `<path d="M448,548Q470,540 488,556L482,574Q466,562 452,568Z" fill="${C.beam}"/>`;
  return (p.side ?? 1) === 1 ? tail : mirrored(tail);
}

/** The hair drawn over the head: the top, the fringe, the sides. Long: one drawing per hair style, side by side so they can be compared. */
function hairFront(p: Look): string {
  const h = p.hair;
  const fill = (d: string, c = h) => `<path d="${d}" fill="${c}"/>`;
  const sided = (svg: string) => ((p.side ?? 1) === 1 ? svg : mirrored(svg));
  switch (p.style) {
    case 'bald':
      return `<ellipse cx="352" cy="250" rx="46" ry="22" transform="rotate(-24 352 250)" fill="${C.white}" opacity="0.16"/>`;
    case 'crop':
      return fill(
        'M268,348C256,248 310,190 400,190C490,190 544,248 532,348C528,312 518,286 504,268C470,252 432,248 400,250C368,248 330,252 296,268C282,286 272,312 268,348Z',
      );
    case 'short':
      return (
        fill(
          'M264,362C248,248 300,176 400,176C500,176 552,248 536,362C530,322 522,292 506,270C474,256 440,252 404,254C364,252 328,258 294,272C278,294 270,326 264,362Z',
        ) + sheen('M330,210Q380,194 430,200', h)
      );
    case 'quiff':
      return sided(
        fill(
          'M264,362C246,250 296,170 392,164C470,158 530,190 546,250C554,290 540,330 536,362C530,320 522,292 510,272C470,246 410,246 352,258C326,264 306,272 294,280C278,300 270,330 264,362Z',
        ) +
          fill('M330,262C338,214 400,190 470,196C510,200 536,222 540,250C500,226 440,224 380,250Z') +
          sheen('M360,230Q420,204 490,214', h),
      );
    case 'swept':
      return sided(
        fill(
          'M262,376C240,262 288,166 404,162C506,160 560,222 550,300C546,334 540,352 536,370C532,330 526,300 516,282C486,262 440,258 392,270C354,280 318,300 296,300C280,318 268,346 262,376Z',
        ) +
          fill(
            'M296,300C320,226 392,188 470,194C520,198 552,232 552,286C520,246 470,240 420,250C370,260 330,284 296,300Z',
          ) +
          sheen('M340,236Q400,200 480,212', h) +
          sheen('M300,330Q296,296 318,268', h),
      );
    case 'curls': {
      let out = fill(
        'M262,356C246,246 298,182 400,182C502,182 554,246 538,356C532,316 520,290 500,274C470,260 430,258 400,260C370,258 330,260 300,274C280,290 268,316 262,356Z',
      );
      for (let i = 0; i <= 8; i++) {
        const x = 300 + i * 25;
        const y = 266 - Math.sin((i / 8) * Math.PI) * 10;
        out += `<circle cx="${n(x)}" cy="${n(y)}" r="20" fill="${h}"/>`;
      }
      if (p.temples)
        out += both(
          fill(
            'M262,358C254,326 254,300 262,276C272,282 284,290 292,300C290,320 290,340 292,360Z',
            mix(h, p.temples, 0.8),
          ),
        );
      const curl = light(h, 0.16);
      for (const [x, y] of [
        [330, 216],
        [382, 200],
        [440, 206],
        [486, 230],
        [306, 254],
        [410, 238],
        [350, 246],
        [470, 262],
      ] as const)
        out += `<path d="M${x - 9},${y + 4}a9,9 0 1 1 16,-6" fill="none" stroke="${curl}" stroke-width="5" stroke-linecap="round"/>`;
      return out;
    }
    case 'bob':
      return sided(
        fill(
          'M250,540C230,430 232,252 300,198C342,170 458,170 500,198C568,252 570,430 550,540C540,548 528,548 522,540C524,470 526,400 524,330C500,282 440,262 370,274C330,282 300,300 284,330C276,400 278,470 280,540C272,548 260,548 250,540Z',
        ) + sheen('M318,220Q380,196 450,206', h),
      );
    case 'lowTail':
      return (
        fill(
          'M264,356C252,246 306,184 400,184C494,184 548,246 536,356C530,300 506,262 468,248C440,240 414,244 400,258C386,244 360,240 332,248C294,262 270,300 264,356Z',
        ) + both(sheen('M352,206Q310,220 292,262', h))
      );
    case 'waves':
      return sided(
        fill(
          'M406,196C320,184 258,224 250,312C242,402 238,470 230,530C222,580 236,620 216,650C256,666 292,660 318,644C302,600 316,560 300,516C286,464 284,420 286,364C290,300 330,248 420,236Z',
        ) +
          fill(
            'M406,196C488,190 544,228 550,312C556,400 560,470 568,530C576,580 562,620 584,650C544,666 506,660 480,644C498,600 484,560 500,516C514,470 518,424 516,372C500,300 460,250 406,236C370,260 340,290 312,330C326,270 360,226 406,196Z',
          ) +
          sheen('M300,262Q330,220 380,210', h) +
          sheen('M536,420Q548,480 540,540', h),
      );
    case 'pixie':
      return sided(
        fill(
          'M262,380C244,250 300,174 404,172C506,170 560,236 542,340C538,362 532,384 526,406C516,376 512,340 512,306C488,286 456,284 428,296C396,310 362,336 316,348C328,332 334,320 332,306C316,312 300,322 290,330C286,352 284,380 282,406C272,398 266,390 262,380Z',
        ) +
          sheen('M330,212Q400,190 470,204', h) +
          sheen('M476,296Q420,300 370,330', h),
      );
  }
}

function ears(skin: string): string {
  return both(
    `<ellipse cx="270" cy="378" rx="21" ry="33" fill="${skin}"/>` +
      `<path d="M272,362Q258,372 264,392" fill="none" stroke="${shade(skin, 0.3)}" stroke-width="5" stroke-linecap="round"/>`,
  );
}

/** Eyes, brows, nose, cheeks, and freckles or lines. */
function features(p: Look): string {
  const brow = mix(p.hair, '#2a1d17', p.style === 'bald' ? 0.3 : 0.4);
  const skinDark = shade(p.skin, 0.32);
  let out = both(
    `<ellipse cx="350" cy="374" rx="11" ry="13" fill="#2a2320"/><circle cx="354" cy="369" r="3.5" fill="${C.white}"/>` +
      `<path d="M322,340Q348,326 376,334" fill="none" stroke="${brow}" stroke-width="9" stroke-linecap="round"/>` +
      `<ellipse cx="334" cy="428" rx="26" ry="15" fill="${C.rose}" opacity="0.18"/>`,
  );
  out += `<path d="M404,384Q414,420 404,432Q396,437 388,431" fill="none" stroke="${skinDark}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  if (p.lashes)
    out += both(
      `<path d="M339,364Q334,358 328,358" fill="none" stroke="#2a2320" stroke-width="4" stroke-linecap="round"/>`,
    );
  if (p.lines)
    out += both(
      `<path d="M312,372Q306,380 310,388M348,448Q340,466 352,482" fill="none" stroke="${skinDark}" stroke-width="3.5" stroke-linecap="round" opacity="0.45"/>`,
    );
  if (p.freckles) {
    const dot = shade(p.skin, 0.4);
    out += both(
      [
        [318, 410],
        [332, 400],
        [346, 412],
        [326, 424],
        [342, 428],
        [358, 400],
        [312, 426],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.2" fill="${dot}" opacity="0.6"/>`)
        .join(''),
    );
  }
  return out;
}

function mouth(p: Look): string {
  const lips = p.beard ? '#7d3b35' : mix(C.rose, '#7a2e2e', 0.45);
  return p.wideSmile
    ? `<path d="M352,452Q400,508 448,452Q400,468 352,452Z" fill="${lips}"/>` +
        `<path d="M362,457Q400,468 438,457L433,466Q400,478 367,466Z" fill="${C.white}"/>`
    : `<path d="M364,458Q400,496 436,458Q400,470 364,458Z" fill="${lips}"/>` +
        `<path d="M374,462Q400,470 426,462L424,466Q400,474 376,466Z" fill="${C.white}"/>`;
}

function beard(p: Look): string {
  if (!p.beard) return '';
  const c = p.beardColor ?? p.hair;
  const moustache = `<path d="M358,452C370,436 392,440 400,446C408,440 430,436 442,452C428,450 412,452 400,458C388,452 372,450 358,452Z" fill="${c}"/>`;
  const shapes: Record<NonNullable<Look['beard']>, string> = {
    full: 'M272,352C272,470 324,552 400,556C476,552 528,470 528,352C520,400 506,424 480,432C456,422 430,426 400,430C370,426 344,422 320,432C294,424 280,400 272,352Z',
    short:
      'M276,380C284,476 330,532 400,534C470,532 516,476 524,380C512,426 494,446 468,452C446,446 424,446 400,448C376,446 354,446 332,452C306,446 288,426 276,380Z',
    trim: 'M274,360C280,470 328,530 400,532C472,530 520,470 526,360C520,420 500,470 460,492C440,496 424,488 400,488C376,488 360,496 340,492C300,470 280,420 274,360Z',
  };
  return `<path d="${shapes[p.beard]}" fill="${c}"/>` + moustache;
}

/** Glasses: two lenses with a faint glint, a bridge, and arms to the ears; tortoiseshell if mottled. */
function glasses(p: Look): string {
  if (!p.glasses) return '';
  const g = p.glasses;
  const lens = (attrs: string) =>
    g.shape === 'round'
      ? `<circle cx="350" cy="374" r="36" ${attrs}/>`
      : `<rect x="306" y="348" width="88" height="56" rx="14" ${attrs}/>`;
  const frame = `stroke="${g.color}" stroke-width="${g.weight}"`;
  const edge = g.shape === 'round' ? 314 : 306;
  return (
    both(
      lens(`fill="${C.white}" fill-opacity="0.12" ${frame}`) +
        (g.mottle
          ? lens(
              `fill="none" stroke="${g.mottle}" stroke-width="${n(g.weight * 0.6)}" stroke-dasharray="3 7 10 5 6 9" opacity="0.75"`,
            )
          : '') +
        `<path d="M${edge},366L276,360" ${frame} stroke-linecap="round"/>`,
    ) + `<path d="M386,368Q400,358 414,368" fill="none" ${frame} stroke-linecap="round"/>`
  );
}

/** The shoulders and what the person wears. */
function clothes(p: Look): string {
  const c = p.clothes;
  const under = p.under ?? C.white;
  const rib = dark(c, 0.18);
  const body =
    cloth(BODY, c, p.texture) +
    `<g clip-path="url(#body)"><path d="M560,600C620,660 640,730 630,800H720V600Z" fill="${C.night}" opacity="0.12"/></g>`;
  const neck = (d: string) =>
    `<path d="${d}" fill="${p.skin}"/><path d="M352,480H448V530Q400,568 352,530Z" fill="${shade(p.skin, 0.22)}"/>`;
  const roundNeck = 'M352,440V620Q400,664 448,620V440Z';
  const openNeck = 'M352,440V610L400,680L448,610V440Z';
  /** A tee's round neckline, seen where a jacket is open. */
  const tee = (x: number) =>
    cloth(`M${400 - x},606L400,800L${400 + x},606Z`, under, p.underTexture) +
    neck(roundNeck) +
    `<path d="M350,618Q400,664 450,618" fill="none" stroke="${dark(under, 0.12)}" stroke-width="10" stroke-linecap="round"/>`;
  switch (p.top) {
    case 'crew':
      return (
        body +
        neck(roundNeck) +
        `<path d="M346,616Q400,676 454,616" fill="none" stroke="${rib}" stroke-width="14" stroke-linecap="round"/>`
      );
    case 'shirt':
      return (
        body +
        neck(openNeck) +
        both(cloth('M346,590L322,660L380,700L400,680L354,598Z', p.under ?? light(c, 0.18), p.underTexture)) +
        `<circle cx="400" cy="730" r="5" fill="${rib}"/><circle cx="400" cy="776" r="5" fill="${rib}"/>`
      );
    case 'blazer':
      return (
        body +
        cloth('M322,606L400,800L478,606Z', under, p.underTexture) +
        neck(openNeck) +
        both(cloth('M348,600L328,654L384,700L400,680Z', light(under, 0.1), p.underTexture)) +
        both(cloth('M322,606L284,648L330,670L312,690L400,800L360,640Z', dark(c, 0.12), p.texture))
      );
    case 'overshirt':
      return (
        body +
        tee(62) +
        both(cloth('M338,606L304,660L350,716L372,700L346,624Z', light(c, 0.1))) +
        `<path d="M236,690H310V754H236Z" fill="${dark(c, 0.1)}"/><path d="M232,684H314V704H232Z" fill="${dark(c, 0.2)}"/>` +
        `<circle cx="456" cy="720" r="6" fill="${rib}"/><circle cx="470" cy="772" r="6" fill="${rib}"/>`
      );
    case 'cardigan':
      return (
        body +
        tee(64) +
        both(cloth('M336,606L326,620L400,800L400,770Z', dark(c, 0.1))) +
        `<circle cx="420" cy="720" r="6" fill="${rib}"/><circle cx="432" cy="770" r="6" fill="${rib}"/>`
      );
    case 'hoodie': {
      const hood = dark(c, 0.16);
      return (
        body +
        `<path d="M286,616C286,560 336,540 400,540C464,540 514,560 514,616Z" fill="${hood}"/>` +
        neck(roundNeck) +
        `<path d="M290,608C320,600 350,640 400,652C450,640 480,600 510,608C490,668 450,690 400,690C350,690 310,668 290,608Z" fill="${light(c, 0.08)}"/>` +
        `<path d="M372,680L364,760M428,680L436,760" stroke="${C.white}" stroke-width="6" stroke-linecap="round"/>` +
        `<rect x="357" y="756" width="14" height="22" rx="5" fill="${C.slate}"/><rect x="429" y="756" width="14" height="22" rx="5" fill="${C.slate}"/>`
      );
    }
    case 'field': {
      const flap = dark(c, 0.14);
      return (
        body +
        tee(56) +
        both(
          cloth('M344,604L290,628L318,690L360,672L372,640Z', light(c, 0.08)) +
            `<path d="M230,700H318V780H230Z" fill="${dark(c, 0.08)}"/><path d="M226,692H322L318,724H230Z" fill="${flap}"/><circle cx="274" cy="712" r="5" fill="${C.sand}"/>`,
        )
      );
    }
  }
}

function earrings(p: Look): string {
  return p.earrings ? both(`<circle cx="268" cy="414" r="7" fill="${p.earrings}"/>`) : '';
}

/** One person's portrait: 800 x 800, head and shoulders on a soft brand colour, no text. */
function portraitSvg(p: Look): string {
  sceneDefs = [];
  gradientCount = 0;
  const head = headPath(p.jaw ?? 1);
  const body =
    backdrop(p.back) +
    hairBehind(p) +
    clothes(p) +
    hairOverShoulder(p) +
    `<path d="${head}" fill="${p.skin}"/>` +
    `<g clip-path="url(#head)"><ellipse cx="610" cy="400" rx="150" ry="250" fill="${shade(p.skin, 0.16)}" opacity="0.5"/></g>` +
    features(p) +
    beard(p) +
    mouth(p) +
    hairFront(p) +
    ears(p.skin) +
    earrings(p) +
    glasses(p);
  const clips = `<clipPath id="head"><path d="${head}"/></clipPath><clipPath id="body"><path d="${BODY}"/></clipPath>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PS}" height="${PS}" viewBox="0 0 ${PS} ${PS}"><defs>${clips}${sceneDefs.join('')}</defs>${body}</svg>`;
}

interface Portrait {
  file: string;
  alt: string;
  look: Look;
}

const PORTRAITS: Portrait[] = [
  {
    file: `${PEOPLE}marit-de-vries.jpg`,
    alt: 'Illustrated portrait of Marit de Vries with short grey hair, round glasses and a dark blue jumper',
    look: {
      skin: SKIN.fair,
      hair: '#b4b8bd',
      style: 'swept',
      top: 'crew',
      clothes: C.blue,
      back: light(C.sky, 0.6),
      glasses: { shape: 'round', color: '#26303a', weight: 6 },
      lashes: true,
      jaw: 0.94,
      lines: true,
    },
  },
  {
    file: `${PEOPLE}ruben-oosterhuis.jpg`,
    alt: 'Illustrated portrait of Ruben Oosterhuis with close-cropped dark blond hair, a short beard and a light blue shirt with rolled-up sleeves',
    look: {
      skin: SKIN.light,
      hair: '#a8844f',
      style: 'crop',
      top: 'shirt',
      clothes: light(C.sky, 0.35),
      back: light(C.sand, 0.5),
      beard: 'short',
      beardColor: '#9a774a',
      jaw: 1.06,
      lines: true,
    },
  },
  {
    file: `${PEOPLE}pieter-jansen.jpg`,
    alt: 'Illustrated portrait of Pieter Jansen with a bald head, a neat white beard, tortoiseshell glasses and a brown corduroy jacket over a checked shirt',
    look: {
      skin: SKIN.brown,
      hair: '#3b2a22',
      style: 'bald',
      top: 'blazer',
      clothes: '#8a5a36',
      texture: 'cord',
      under: C.cream,
      underTexture: 'check',
      back: light(C.moss, 0.68),
      glasses: { shape: 'square', color: '#5e341a', weight: 8, mottle: '#c08040' },
      beard: 'full',
      beardColor: '#eeebe6',
      jaw: 1.04,
    },
  },
  {
    file: `${PEOPLE}joao-carvalho.jpg`,
    alt: 'Illustrated portrait of João Carvalho with dark curly hair greying at the temples, a short dark beard and a green overshirt',
    look: {
      skin: SKIN.olive,
      hair: '#2e221d',
      style: 'curls',
      temples: '#b9bcc0',
      top: 'overshirt',
      clothes: C.pine,
      under: C.cream,
      back: light(C.beam, 0.62),
      beard: 'short',
      jaw: 1.05,
    },
  },
  {
    file: `${PEOPLE}ines-moreira.jpg`,
    alt: 'Illustrated portrait of Inês Moreira with long dark hair in a low ponytail, thin black-framed glasses and a mustard-yellow cardigan',
    look: {
      skin: SKIN.tan,
      hair: '#2a201d',
      style: 'lowTail',
      top: 'cardigan',
      clothes: '#d99a32',
      under: C.white,
      back: light(C.plum, 0.72),
      glasses: { shape: 'square', color: '#1c1c20', weight: 4 },
      lashes: true,
      jaw: 0.92,
    },
  },
  {
    file: `${PEOPLE}sofia-antunes.jpg`,
    alt: 'Illustrated portrait of Sofia Antunes with shoulder-length wavy auburn hair, a wide smile and a navy and white striped top',
    look: {
      skin: SKIN.warm,
      hair: '#9a4a2a',
      style: 'waves',
      top: 'crew',
      clothes: C.night2,
      texture: 'stripes',
      back: light(C.rose, 0.7),
      wideSmile: true,
      lashes: true,
      jaw: 0.93,
    },
  },
  {
    file: `${PEOPLE}tiago-ribeiro.jpg`,
    alt: 'Illustrated portrait of Tiago Ribeiro with short black hair, a clean-shaven face and a grey hooded sweatshirt',
    look: {
      skin: SKIN.deep,
      hair: '#1d1819',
      style: 'short',
      top: 'hoodie',
      clothes: '#8f979f',
      back: light(C.teal, 0.68),
      jaw: 1,
    },
  },
  {
    file: `${PEOPLE}femke-bakker.jpg`,
    alt: 'Illustrated portrait of Femke Bakker with blond hair in a chin-length bob, freckles and a teal knitted sweater',
    look: {
      skin: SKIN.fair,
      hair: '#dcb76e',
      style: 'bob',
      top: 'crew',
      clothes: C.teal,
      texture: 'knit',
      back: light(C.beam, 0.75),
      freckles: true,
      lashes: true,
      jaw: 0.92,
    },
  },
  {
    file: `${PEOPLE}yusuf-demir.jpg`,
    alt: 'Illustrated portrait of Yusuf Demir with short dark hair, a trimmed black beard and a white shirt under a navy blazer',
    look: {
      skin: SKIN.golden,
      hair: '#1f1a1c',
      style: 'quiff',
      top: 'blazer',
      clothes: C.night2,
      under: C.white,
      back: light(C.steel, 0.6),
      beard: 'trim',
      jaw: 1.04,
    },
  },
  {
    file: `${PEOPLE}lucia-fernandez.jpg`,
    alt: 'Illustrated portrait of Lucía Fernández with dark brown hair in a short pixie cut, small silver earrings and an olive field jacket',
    look: {
      skin: SKIN.warm,
      hair: '#4a3024',
      style: 'pixie',
      side: -1,
      top: 'field',
      clothes: C.olive,
      under: '#2b3440',
      back: light(C.sand, 0.7),
      earrings: '#d9dee3',
      lashes: true,
      jaw: 0.92,
    },
  },
];

// ---------------------------------------------------------------------------------------------
// SVG files: client logos and article diagrams (hand-written markup, text as <text>)

const FONT = 'system-ui, sans-serif';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface TextOpts {
  size?: number;
  weight?: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
}

function text(x: number, y: number, s: string, o: TextOpts = {}): string {
  const attrs = [
    `x="${n(x)}"`,
    `y="${n(y)}"`,
    `font-family="${FONT}"`,
    `font-size="${o.size ?? 18}"`,
    o.weight ? `font-weight="${o.weight}"` : '',
    `fill="${o.fill ?? C.night}"`,
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    o.spacing ? `letter-spacing="${o.spacing}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${esc(s)}</text>`;
}

function svgFile(w: number, h: number, body: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">\n${body}\n</svg>\n`;
}

// --- logos: a symbol and the name, about 3:1 ---

function gridwiseLogo(): string {
  let dots = '';
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      dots += `<circle cx="${34 + c * 26}" cy="${34 + r * 26}" r="5" fill="#ffffff" opacity="0.45"/>`;
  return svgFile(
    360,
    120,
    `<rect x="12" y="12" width="96" height="96" rx="22" fill="#0f766e"/>${dots}` +
      `<path d="M67,24L42,64h18l-8,32l27,-42h-19z" fill="#fbbf24"/>` +
      text(124, 66, 'Gridwise', { size: 44, weight: 700, fill: '#0b3b37' }) +
      text(127, 94, 'ENERGY', { size: 16, weight: 600, fill: '#0f766e', spacing: 6 }),
    'Gridwise Energy logo',
  );
}

function havenlineLogo(): string {
  return svgFile(
    380,
    120,
    `<circle cx="60" cy="60" r="48" fill="#1e3a5f"/>` +
      `<path d="M28,60a32,32 0 0 1 64,0z" fill="#f08c2e"/>` +
      `<path d="M18,68q10,-8 21,0t21,0t21,0t21,0M22,84q9,-7 19,0t19,0t19,0t19,0" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>` +
      text(124, 64, 'Havenline', { size: 42, weight: 700, fill: '#1e3a5f' }) +
      text(126, 92, 'FREIGHT', { size: 16, weight: 700, fill: '#c2410c', spacing: 7 }),
    'Havenline Freight logo',
  );
}

function kestrelLogo(): string {
  return svgFile(
    420,
    120,
    `<path d="M60,14l44,16v30c0,28 -20,42 -44,50c-24,-8 -44,-22 -44,-50v-30z" fill="#7a2434"/>` +
      `<path d="M30,58c14,-4 26,-12 34,-26c2,14 -2,26 -10,34c12,-2 22,-8 30,-18c-4,22 -22,36 -46,36c6,-6 10,-12 12,-18c-6,0 -14,-2 -20,-8z" fill="#ffffff"/>` +
      `<circle cx="66" cy="44" r="3" fill="#7a2434"/>` +
      text(124, 74, 'Kestrel', { size: 42, weight: 700, fill: '#3b0f18' }).replace(
        '</text>',
        ' <tspan font-weight="400" fill="#7a2434">Bank</tspan></text>',
      ),
    'Kestrel Bank logo',
  );
}

function lumoLogo(): string {
  return svgFile(
    340,
    120,
    `<circle cx="60" cy="60" r="44" fill="none" stroke="#be185d" stroke-width="12"/>` +
      `<circle cx="60" cy="60" r="18" fill="#f472b6"/><circle cx="92" cy="26" r="9" fill="#be185d"/>` +
      text(124, 72, 'lumo', { size: 54, weight: 800, fill: '#831843', spacing: -1 }) +
      text(128, 98, 'FASHION', { size: 15, weight: 600, fill: '#be185d', spacing: 8 }),
    'Lumo Fashion logo',
  );
}

function medoraLogo(): string {
  const petal = (r: number) =>
    `<path d="M60,60c-10,-10 -12,-30 0,-44c12,14 10,34 0,44z" fill="${r % 180 ? '#0ea5a4' : '#0369a1'}" transform="rotate(${r} 60 60)"/>`;
  return svgFile(
    380,
    120,
    `<circle cx="60" cy="60" r="50" fill="#e0f2fe"/>${[0, 90, 180, 270].map(petal).join('')}<circle cx="60" cy="60" r="7" fill="#ffffff"/>` +
      text(124, 66, 'Medora', { size: 44, weight: 600, fill: '#0c4a6e' }) +
      text(127, 94, 'CLINICS', { size: 16, weight: 600, fill: '#0369a1', spacing: 8 }),
    'Medora Clinics logo',
  );
}

function verdantLogo(): string {
  return svgFile(
    400,
    120,
    `<path d="M16,56l44,-38l44,38v46a6,6 0 0 1 -6,6h-76a6,6 0 0 1 -6,-6z" fill="none" stroke="#15803d" stroke-width="9" stroke-linejoin="round"/>` +
      `<path d="M60,96c-18,-10 -22,-34 -4,-52c8,10 24,18 24,36c0,10 -8,16 -20,16z" fill="#22c55e"/>` +
      `<path d="M60,98v-40" stroke="#15803d" stroke-width="4" stroke-linecap="round"/>` +
      text(124, 66, 'Verdant', { size: 44, weight: 700, fill: '#14532d' }) +
      text(127, 94, 'HOME & GARDEN', { size: 16, weight: 600, fill: '#15803d', spacing: 4 }),
    'Verdant Home & Garden logo',
  );
}

// --- diagrams ---

function arrowHead(x: number, y: number, angle: number, size: number, fill: string): string {
  const a = (angle * Math.PI) / 180;
  const p = (dx: number, dy: number) =>
    `${n(x + dx * Math.cos(a) - dy * Math.sin(a))},${n(y + dx * Math.sin(a) + dy * Math.cos(a))}`;
  return `<polygon points="${p(0, 0)} ${p(-size, -size * 0.6)} ${p(-size, size * 0.6)}" fill="${fill}"/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}"${extra}/>`;
}

function rrect(x: number, y: number, w: number, h: number, fill: string, stroke = 'none', extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="10" fill="${fill}"${stroke === 'none' ? '' : ` stroke="${stroke}" stroke-width="2"`}${extra}/>`;
}

const INK = '#0d2236';
const MUTED = '#3d5366';

/** The strangler fig pattern: clients, a routing layer, one slice on a new service, everything else on the legacy system. Long: one drawing, its shapes in the order they are painted. */
function stranglerDiagram(): string {
  const parts: string[] = [`<rect width="1000" height="730" fill="#ffffff"/>`];
  // Clients.
  parts.push(rrect(30, 170, 170, 240, C.ice, C.blue));
  parts.push(text(115, 206, 'Clients', { size: 22, weight: 700, anchor: 'middle', fill: INK }));
  parts.push(rrect(62, 232, 106, 62, C.white, C.blue));
  parts.push(line(62, 250, 168, 250, C.blue, 2));
  parts.push(text(115, 284, 'Web', { size: 18, anchor: 'middle', fill: MUTED }));
  parts.push(rrect(62, 310, 106, 62, C.white, C.blue));
  parts.push(text(115, 348, 'Mobile app', { size: 18, anchor: 'middle', fill: MUTED }));
  // Routing layer.
  parts.push(line(200, 290, 246, 290, C.blue, 4) + arrowHead(262, 290, 0, 16, C.blue));
  parts.push(rrect(262, 110, 150, 360, C.blue));
  parts.push(text(337, 276, 'Routing', { size: 22, weight: 700, anchor: 'middle', fill: C.white }));
  parts.push(text(337, 304, 'layer', { size: 22, weight: 700, anchor: 'middle', fill: C.white }));
  parts.push(text(337, 334, '(gateway)', { size: 18, anchor: 'middle', fill: C.ice }));
  // New services.
  parts.push(rrect(560, 50, 410, 210, '#f0faf8', C.teal, ' stroke-dasharray="8 6"'));
  parts.push(text(580, 84, 'New services', { size: 20, weight: 700, fill: C.teal }));
  parts.push(rrect(580, 110, 170, 110, C.teal));
  parts.push(text(665, 172, 'Orders', { size: 22, weight: 700, anchor: 'middle', fill: C.white }));
  parts.push(rrect(780, 110, 170, 110, C.white, '#5a7d78', ' stroke-dasharray="7 6"'));
  parts.push(text(865, 162, 'Invoices', { size: 20, anchor: 'middle', fill: MUTED }));
  parts.push(text(865, 188, '(next slice)', { size: 17, anchor: 'middle', fill: MUTED }));
  parts.push(line(412, 165, 562, 165, C.teal, 4) + arrowHead(578, 165, 0, 16, C.teal));
  parts.push(text(492, 152, 'orders', { size: 18, weight: 600, anchor: 'middle', fill: C.teal }));
  // Legacy system.
  parts.push(rrect(560, 310, 410, 250, C.mist, '#6b7f92'));
  parts.push(text(580, 346, 'Legacy system', { size: 22, weight: 700, fill: INK }));
  const chips: [string, boolean][] = [
    ['Orders', true],
    ['Invoices', false],
    ['Customers', false],
    ['Stock', false],
    ['Pricing', false],
    ['Reports', false],
  ];
  chips.forEach(([label, moved], i) => {
    const x = 580 + (i % 3) * 128;
    const y = 370 + Math.floor(i / 3) * 86;
    parts.push(
      moved
        ? rrect(x, y, 118, 66, C.mist, '#8a9bab', ' stroke-dasharray="6 5"') +
            text(x + 59, y + 30, label, { size: 18, anchor: 'middle', fill: '#4a5866' }) +
            text(x + 59, y + 53, '(moved)', { size: 16, anchor: 'middle', fill: '#4a5866' })
        : rrect(x, y, 118, 66, C.white, '#6b7f92') +
            text(x + 59, y + 40, label, { size: 18, anchor: 'middle', fill: INK }),
    );
  });
  parts.push(line(412, 420, 562, 420, '#4d6275', 4) + arrowHead(578, 420, 0, 16, '#4d6275'));
  parts.push(text(492, 407, 'everything', { size: 18, weight: 600, anchor: 'middle', fill: '#3d5366' }));
  parts.push(text(492, 450, 'else', { size: 18, weight: 600, anchor: 'middle', fill: '#3d5366' }));
  // The next slice moving over.
  parts.push(
    `<path d="M770,372C770,300 860,300 862,236" fill="none" stroke="#c46d1b" stroke-width="5" stroke-dasharray="10 7"/>`,
  );
  parts.push(arrowHead(862, 224, -90, 18, '#c46d1b'));
  parts.push(text(752, 292, 'moves next', { size: 18, weight: 700, anchor: 'end', fill: '#a65a10' }));
  // Over time.
  parts.push(line(30, 596, 950, 596, '#9aabbb', 2) + arrowHead(966, 596, 0, 16, '#9aabbb'));
  parts.push(text(30, 584, 'Over time', { size: 18, weight: 700, fill: INK }));
  const stages: [string, number][] = [
    ['Start: 1 slice moved', 1],
    ['Midway: 3 slices moved', 3],
    ['End: legacy switched off', 6],
  ];
  stages.forEach(([label, moved], i) => {
    const x = 40 + i * 320;
    for (let k = 0; k < 6; k++)
      parts.push(
        `<rect x="${x + k * 44}" y="616" width="40" height="24" rx="4" fill="${k < moved ? C.teal : '#b7c3ce'}"/>`,
      );
    parts.push(text(x, 668, label, { size: 18, fill: INK }));
  });
  parts.push(
    `<rect x="680" y="694" width="16" height="16" rx="3" fill="${C.teal}"/>` +
      text(702, 708, 'new service', { size: 17, fill: MUTED }),
  );
  parts.push(
    `<rect x="818" y="694" width="16" height="16" rx="3" fill="#b7c3ce"/>` +
      text(840, 708, 'legacy system', { size: 17, fill: MUTED }),
  );
  return svgFile(1000, 730, parts.join('\n'), STRANGLER_ALT);
}

interface WaveLabels {
  heading: string;
  waves: [string, string, string];
  services: [string[], string[], string[]];
  weeks: [string, string, string];
  rhythm: string;
  gate: [string, string];
  legend: [string, string, string, string?];
}

const WAVE_LABELS: Record<'en' | 'nl' | 'pt', WaveLabels> = {
  en: {
    heading: 'Applications that call each other move in the same wave',
    waves: ['Wave 1 (pilot)', 'Wave 2', 'Wave 3'],
    services: [
      ['Booking app', 'Booking database', 'Nightly batch job', 'Intranet (web)'],
      ['Finance reporting', 'Operations database', 'Planning', 'Data export'],
      ['HR portal', 'Payroll', 'Identity service', 'Timesheets'],
    ],
    weeks: ['Week 0', 'Week 4', 'Week 8'],
    rhythm: '3–4 weeks',
    gate: ['Go /', 'no-go'],
    legend: [
      'Calls between applications: they move together in one wave',
      'Low-volume link: crosses the hybrid connection for a while',
      'Go/no-go check before each cut-over: rehearsed, rollback tested,',
      'monitoring live, application owner available',
    ],
  },
  nl: {
    heading: 'Applicaties die elkaar aanroepen, verhuizen in dezelfde golf',
    waves: ['Golf 1 (pilot)', 'Golf 2', 'Golf 3'],
    services: [
      ['Boekingsapp', 'Boekingsdatabase', 'Nachtelijke batchjob', 'Intranet (web)'],
      ['Financiële rapportage', 'Operationele database', 'Planning', 'Data-export'],
      ['HR-portaal', 'Salarisverwerking', 'Identiteitsbeheer', 'Urenregistratie'],
    ],
    weeks: ['Week 0', 'Week 4', 'Week 8'],
    rhythm: '3 à 4 weken',
    gate: ['Go /', 'no-go'],
    legend: [
      'Aanroepen tussen applicaties: ze verhuizen samen in één golf',
      'Verbinding met weinig verkeer: loopt een tijd over de hybride koppeling',
      'Go/no-go vóór elke omschakeling: geoefend, rollback getest,',
      'monitoring actief, applicatie-eigenaar beschikbaar',
    ],
  },
  pt: {
    heading: 'As aplicações que comunicam entre si migram na mesma vaga',
    waves: ['Vaga 1 (piloto)', 'Vaga 2', 'Vaga 3'],
    services: [
      ['App de reservas', 'BD de reservas', 'Batch noturno', 'Intranet (web)'],
      ['Relatórios financeiros', 'BD de operações', 'Planeamento', 'Exportação de dados'],
      ['Portal de RH', 'Salários', 'Gestão de identidades', 'Registo de horas'],
    ],
    weeks: ['Semana 0', 'Semana 4', 'Semana 8'],
    rhythm: '3 a 4 semanas',
    gate: ['Go /', 'no-go'],
    legend: [
      'Chamadas entre aplicações: migram juntas na mesma vaga',
      'Ligação de baixo volume: passa algum tempo pela ligação híbrida',
      'Go/no-go antes de cada cutover: ensaiado, rollback testado,',
      'monitorização ativa, responsável pela aplicação disponível',
    ],
  },
};

/** Cloud migration in waves grouped by dependency, with a go/no-go gate between the waves. Long: one drawing, its shapes in the order they are painted. */
function wavesDiagram(lang: 'en' | 'nl' | 'pt'): string {
  const L = WAVE_LABELS[lang];
  const parts: string[] = [`<rect width="1000" height="720" fill="#ffffff"/>`];
  parts.push(text(500, 40, L.heading, { size: 22, weight: 700, anchor: 'middle', fill: INK }));
  const panelW = 262;
  const gateW = 76;
  const top = 70;
  const panelH = 400;
  const xs = [20, 20 + panelW + gateW, 20 + 2 * (panelW + gateW)];
  // Edges within each wave: pairs of box indexes, and which are drawn as an arc on the right.
  const edges: [number, number, boolean][][] = [
    [
      [0, 1, false],
      [2, 1, true],
    ],
    [
      [0, 1, false],
      [1, 2, false],
      [2, 3, false],
    ],
    [
      [0, 1, false],
      [1, 2, false],
      [3, 1, true],
    ],
  ];
  const colours = [C.teal, C.blue, '#6d5a9e'];
  const boxY = (i: number) => top + 74 + i * 80;
  xs.forEach((x, w) => {
    const colour = colours[w] ?? C.blue;
    parts.push(rrect(x, top, panelW, panelH, '#f4f8fb', '#9fb3c5'));
    parts.push(
      `<path d="M${x},${top + 10}a10,10 0 0 1 10,-10h${panelW - 20}a10,10 0 0 1 10,10v36h-${panelW}z" fill="${colour}"/>`,
    );
    parts.push(
      text(x + panelW / 2, top + 31, L.waves[w] ?? '', { size: 21, weight: 700, anchor: 'middle', fill: C.white }),
    );
    const bx = x + 15;
    const bw = panelW - 30;
    for (const [a, b, arc] of edges[w] ?? []) {
      const ya = boxY(a) + 24;
      const yb = boxY(b) + 24;
      if (arc) {
        const right = bx + bw;
        parts.push(
          `<path d="M${right},${ya}C${right + 12},${ya} ${right + 12},${yb} ${right},${yb}" fill="none" stroke="${colour}" stroke-width="4"/>`,
        );
      } else {
        parts.push(line(bx + 40, ya, bx + 40, yb, colour, 4));
      }
    }
    (L.services[w] ?? []).forEach((label, i) => {
      const lone = w === 0 && i === 3;
      parts.push(rrect(bx, boxY(i), bw, 48, C.white, lone ? '#8a9bab' : colour));
      parts.push(text(bx + bw / 2, boxY(i) + 31, label, { size: 18, anchor: 'middle', fill: INK }));
    });
  });
  // A low-volume link from wave 2 to wave 3, dashed.
  const from = xs[1] ?? 0;
  const to = xs[2] ?? 0;
  parts.push(
    `<path d="M${from + panelW - 15},${boxY(3) + 24}C${from + panelW + 40},${boxY(3) + 24} ${to - 40},${boxY(2) + 24} ${to + 15},${boxY(2) + 24}" fill="none" stroke="#4d6275" stroke-width="3" stroke-dasharray="8 6"/>`,
  );
  // The gates between waves.
  for (const g of [0, 1]) {
    const cx = (xs[g] ?? 0) + panelW + gateW / 2;
    parts.push(line(cx, top, cx, top + panelH, '#b4751f', 3, ' stroke-dasharray="6 6"'));
    parts.push(
      `<rect x="${cx - 26}" y="${top + 120}" width="52" height="52" rx="8" fill="${C.beam}" transform="rotate(45 ${cx} ${top + 146})"/>`,
    );
    parts.push(
      `<path d="M${cx - 12},${top + 147}l8,9l17,-19" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
    parts.push(`<rect x="${cx - 36}" y="${top + 196}" width="72" height="56" rx="6" fill="#ffffff"/>`);
    parts.push(text(cx, top + 218, L.gate[0], { size: 17, weight: 700, anchor: 'middle', fill: '#8a4b0b' }));
    parts.push(text(cx, top + 240, L.gate[1], { size: 17, weight: 700, anchor: 'middle', fill: '#8a4b0b' }));
  }
  // The timeline.
  const ty = top + panelH + 40;
  parts.push(line(20, ty, 960, ty, '#6b7f92', 3) + arrowHead(978, ty, 0, 16, '#6b7f92'));
  xs.forEach((x, i) => {
    const cx = x + panelW / 2;
    parts.push(`<circle cx="${cx}" cy="${ty}" r="8" fill="${colours[i] ?? C.blue}"/>`);
    parts.push(text(cx, ty + 34, L.weeks[i] ?? '', { size: 18, weight: 600, anchor: 'middle', fill: INK }));
  });
  for (const g of [0, 1]) {
    const cx = (xs[g] ?? 0) + panelW + gateW / 2;
    parts.push(text(cx, ty - 14, L.rhythm, { size: 16, anchor: 'middle', fill: MUTED }));
  }
  // The legend.
  const ly = ty + 70;
  parts.push(line(20, ly, 70, ly, C.blue, 4) + text(84, ly + 6, L.legend[0], { size: 18, fill: INK }));
  parts.push(
    line(20, ly + 34, 70, ly + 34, '#4d6275', 3, ' stroke-dasharray="8 6"') +
      text(84, ly + 40, L.legend[1], { size: 18, fill: INK }),
  );
  parts.push(
    `<rect x="33" y="${ly + 56}" width="24" height="24" rx="4" fill="${C.beam}" transform="rotate(45 45 ${ly + 68})"/>`,
  );
  parts.push(text(84, ly + 74, L.legend[2], { size: 18, fill: INK }));
  if (L.legend[3]) parts.push(text(84, ly + 98, L.legend[3], { size: 18, fill: INK }));
  return svgFile(1000, 720, parts.join('\n'), WAVES_ALT[lang]);
}

const STRANGLER_ALT =
  'Diagram of the strangler fig pattern: clients call a routing layer (gateway), which sends orders to a new Orders service and everything else to the legacy system. Invoices is the next slice to move; over time slices move until the legacy system is switched off.';

const WAVES_ALT: Record<'en' | 'nl' | 'pt', string> = {
  en: 'Diagram of a cloud migration in three waves, weeks 0, 4 and 8. Applications that call each other move in the same wave; the pilot mixes a web app, a database and a batch job. A go/no-go check stands between waves, and one low-volume link crosses between waves 2 and 3.',
  nl: 'Diagram van een cloudmigratie in drie golven, in week 0, 4 en 8. Applicaties die elkaar aanroepen, verhuizen in dezelfde golf; de pilot combineert een webapp, een database en een batchjob. Tussen de golven zit een go/no-go-controle, en één verbinding met weinig verkeer loopt van golf 2 naar golf 3.',
  pt: 'Diagrama de uma migração para a cloud em três vagas, nas semanas 0, 4 e 8. As aplicações que comunicam entre si migram na mesma vaga; o piloto junta uma app web, uma base de dados e um batch. Entre vagas há um go/no-go, e uma ligação de baixo volume liga as vagas 2 e 3.',
};

interface SvgImage {
  file: string;
  alt: string;
  lang: 'en' | 'nl' | 'pt';
  draw: () => string;
}

const SVGS: SvgImage[] = [
  { file: `${CLIENTS}gridwise-energy.svg`, alt: 'Gridwise Energy', lang: 'en', draw: gridwiseLogo },
  {
    file: `${CLIENTS}havenline-freight.svg`,
    alt: 'Havenline Freight',
    lang: 'en',
    draw: havenlineLogo,
  },
  { file: `${CLIENTS}kestrel-bank.svg`, alt: 'Kestrel Bank', lang: 'en', draw: kestrelLogo },
  { file: `${CLIENTS}lumo-fashion.svg`, alt: 'Lumo Fashion', lang: 'en', draw: lumoLogo },
  { file: `${CLIENTS}medora-clinics.svg`, alt: 'Medora Clinics', lang: 'en', draw: medoraLogo },
  {
    file: `${CLIENTS}verdant-home-garden.svg`,
    alt: 'Verdant Home & Garden',
    lang: 'en',
    draw: verdantLogo,
  },
  { file: `${INS}strangler-fig-diagram.svg`, alt: STRANGLER_ALT, lang: 'en', draw: stranglerDiagram },
  { file: `${INS}migration-waves-diagram.svg`, alt: WAVES_ALT.en, lang: 'en', draw: () => wavesDiagram('en') },
  {
    file: 'content/nl/insights/images/migration-waves-diagram.svg',
    alt: WAVES_ALT.nl,
    lang: 'nl',
    draw: () => wavesDiagram('nl'),
  },
  {
    file: 'content/pt/insights/images/migration-waves-diagram.svg',
    alt: WAVES_ALT.pt,
    lang: 'pt',
    draw: () => wavesDiagram('pt'),
  },
];

/** Renders an SVG to a JPEG at `name` (a path in the repository); returns the JPEG's size in bytes. */
async function writeJpeg(name: string, svg: string): Promise<number> {
  const file = path.join(ROOT, name);
  await mkdir(path.dirname(file), { recursive: true });
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
  await writeFile(file, jpeg);
  if (process.env['SAMPLE_IMAGES_SVG'])
    await writeFile(path.join(process.env['SAMPLE_IMAGES_SVG'], path.basename(name, '.jpg') + '.svg'), svg);
  return jpeg.length;
}

function writeCover(c: Cover): Promise<number> {
  return writeJpeg(c.file, c.theme === 'none' ? c.draw() : cover(c.theme, c.draw));
}

/** The alt texts, next to the images they describe. */
const ALT_FILE = 'scripts/sample-images/alt.json';

/** A check of the rules the images keep (sizes, alt lengths): the problems, if any. */
function problems(file: string, bytes: number, alt: string): string[] {
  const found: string[] = [];
  const isLogo = file.startsWith(CLIENTS);
  const isDiagram = file.endsWith('-diagram.svg');
  const maxBytes = file.startsWith(PEOPLE) ? MAX_PORTRAIT_BYTES : MAX_COVER_BYTES;
  if (file.endsWith('.jpg') && bytes > maxBytes) found.push(`${bytes} bytes, more than ${maxBytes}`);
  if (isLogo && bytes > 6 * 1024) found.push(`${bytes} bytes, more than 6 KB`);
  if (isDiagram && bytes > 20 * 1024) found.push(`${bytes} bytes, more than 20 KB`);
  const [min, max] = isLogo ? [5, 200] : isDiagram ? [60, 300] : [60, 200];
  if (alt.length < min || alt.length > max) found.push(`alt text of ${alt.length} characters, not ${min}-${max}`);
  if (/^image of/i.test(alt)) found.push('alt text starts with "Image of"');
  return found;
}

async function main(): Promise<void> {
  // Any arguments pick the images whose file names contain them (to work on a few); no arguments draw all.
  const only = process.argv.slice(2);
  const pick = <T extends { file: string }>(list: T[]) =>
    only.length ? list.filter((c) => only.some((o) => c.file.includes(o))) : list;
  let failed = false;
  const report = (file: string, bytes: number, alt: string) => {
    const found = problems(file, bytes, alt);
    failed ||= found.length > 0;
    console.log(`${String(bytes).padStart(7)}  ${file}${found.length ? `  <- ${found.join('; ')}` : ''}`);
  };
  for (const c of pick(COVERS)) report(c.file, await writeCover(c), c.alt);
  for (const p of pick(PORTRAITS)) report(p.file, await writeJpeg(p.file, portraitSvg(p.look)), p.alt);
  for (const s of pick(SVGS)) {
    const file = path.join(ROOT, s.file);
    const svg = s.draw();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, svg);
    report(s.file, Buffer.byteLength(svg), s.alt);
  }
  const alts = [
    ...COVERS.map((c) => ({ path: c.file, lang: 'en', alt: c.alt })),
    ...PORTRAITS.map((p) => ({ path: p.file, lang: 'en', alt: p.alt })),
    ...SVGS.map((s) => ({ path: s.file, lang: s.lang, alt: s.alt })),
  ];
  await mkdir(path.join(ROOT, path.dirname(ALT_FILE)), { recursive: true });
  await writeFile(path.join(ROOT, ALT_FILE), JSON.stringify(alts, null, 2) + '\n');
  console.log(`${String(alts.length).padStart(7)}  alt texts in ${ALT_FILE}`);
  if (failed) process.exitCode = 1;
}

await main();
