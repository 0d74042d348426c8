// Draws the extension's icon, media/icon.png (128 × 128), from code alone: no external asset.
// The picture is the product's one idea: a retry herd's synchronised spikes (orange) against
// the flat load of full jitter (blue), on a dark tile. Re-run after changing it:
//   node extension/scripts/make-icon.mjs [--out FILE]
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
/** Samples per pixel side: edges are anti-aliased by averaging SS × SS samples. */
const SS = 4;
const TILE = [0x14, 0x2b, 0x45];
const SPIKE = [0xf0, 0x6a, 0x1e];
const JITTER = [0x4d, 0xab, 0xf7];
const BASE = [0x8f, 0xa8, 0xc2];

/** Inside a rounded square of the whole size, radius r. */
function inTile(x, y, r = 26) {
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Four spikes, each lower than the one before: clients retrying in lockstep. */
const spikes = [
  { x: 30, height: 70 },
  { x: 52, height: 52 },
  { x: 74, height: 38 },
  { x: 96, height: 27 },
];
const FLOOR = 100;
const HALF_WIDTH = 7;

function inSpike(x, y) {
  return spikes.some(({ x: sx, height }) => {
    const dx = Math.abs(x - sx);
    if (dx > HALF_WIDTH || y > FLOOR) return false;
    // A narrow peak: the top of the spike tapers to a rounded point.
    const top = FLOOR - height * (1 - (dx / HALF_WIDTH) ** 2);
    return y >= top;
  });
}

/** The jittered load: a low, gentle curve across the tile, drawn as a 5 px stroke. */
function jitterY(x) {
  return 82 + 4 * Math.sin((x / SIZE) * Math.PI * 3) - (x - 20) * 0.05;
}
function onJitter(x, y) {
  return x >= 16 && x <= 112 && Math.abs(y - jitterY(x)) <= 2.6;
}
function onBase(x, y) {
  return x >= 16 && x <= 112 && y >= FLOOR && y <= FLOOR + 3;
}

function colourAt(x, y) {
  if (!inTile(x, y)) return undefined;
  if (onJitter(x, y)) return JITTER;
  if (inSpike(x, y)) return SPIKE;
  if (onBase(x, y)) return BASE;
  return TILE;
}

const pixels = Buffer.alloc(SIZE * SIZE * 4);
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let covered = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = colourAt(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS);
        if (!c) continue;
        r += c[0];
        g += c[1];
        b += c[2];
        covered++;
      }
    }
    const at = (py * SIZE + px) * 4;
    if (covered > 0) {
      pixels[at] = Math.round(r / covered);
      pixels[at + 1] = Math.round(g / covered);
      pixels[at + 2] = Math.round(b / covered);
    }
    pixels[at + 3] = Math.round((255 * covered) / (SS * SS));
  }
}

/** A PNG: signature, IHDR (8-bit RGBA), one IDAT of filter-0 rows, IEND. */
export function encodePng(width, height, rgba) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : join(dirname(fileURLToPath(import.meta.url)), '..', 'media', 'icon.png');
writeFileSync(out, encodePng(SIZE, SIZE, pixels));
console.log(`icon: ${out}`);
