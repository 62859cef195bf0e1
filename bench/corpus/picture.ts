// Raster pictures for image blocks: smooth colour fields with a few discs, as a PNG (a tiny
// encoder, so that generators can write the file synchronously).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Rng } from './random.js';
import type { Registry, SpecBlock } from './spec.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB image as PNG bytes. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]);
}

/** A photo-like picture: a two-colour gradient with soft discs. */
export function randomPicture(r: Rng, width = r.int(240, 420), height = r.int(150, 300)): Buffer {
  const a = [r.int(0, 255), r.int(0, 255), r.int(0, 255)];
  const b = [r.int(0, 255), r.int(0, 255), r.int(0, 255)];
  const discs = Array.from({ length: r.int(2, 6) }, () => ({ x: r.int(0, width), y: r.int(0, height), radius: r.int(15, 80), colour: [r.int(0, 255), r.int(0, 255), r.int(0, 255)] }));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let px = [0, 1, 2].map((k) => a[k]! * (1 - t) + b[k]! * t);
      for (const d of discs) {
        const dist = Math.hypot(x - d.x, y - d.y) / d.radius;
        if (dist < 1) px = px.map((v, k) => v * dist + d.colour[k]! * (1 - dist));
      }
      rgb.set(px.map((v) => Math.round(v)), (y * width + x) * 3);
    }
  }
  return encodePng(width, height, rgb);
}

/**
 * Registers a figure block of the spec (the chart or image block, its marker, its caption) and,
 * for a picture, writes the PNG into `dir`: what the HTML and LaTeX generators share; only the
 * markup differs. Returns the ids and the picture's file name.
 */
export function registerFigure(reg: Registry, b: Extract<SpecBlock, { kind: 'figure' }>, r: Rng, dir: string, pictures: { n: number }): { id: number; marker: number; caption: number; file?: string } {
  const id = reg.block(b.figure === 'chart' ? 'chart' : 'image', { role: b.figure, text: '', textFromGlyphs: true });
  const marker = reg.part(id, 'marker', 0);
  const caption = reg.block('caption', { text: b.caption, captionOf: id, textFromGlyphs: true });
  if (b.figure !== 'image') return { id, marker, caption };
  const file = `pic${pictures.n++}.png`;
  writeFileSync(join(dir, file), randomPicture(r));
  return { id, marker, caption, file };
}
