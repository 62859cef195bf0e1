// What OCR read on a page image, kept on disk by the image's hash: a layout evaluation on scans
// run again after a change that does not touch OCR reads each page once, not every run (OCR is
// most of a scan's time). Never use it to measure OCR itself, or after changing it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OcrEngine, OcrPage } from '../../src/engine/input/ocr/ocr.js';

/** An engine reading each page image once: later calls with the same pixels come from `dir`. */
export function cachedOcr(dir: string, engine: () => Promise<OcrEngine>): () => Promise<OcrEngine> {
  mkdirSync(dir, { recursive: true });
  const cached = {
    async recognize(input: OcrPage['image']): Promise<OcrPage> {
      const key = createHash('sha1').update(`${input.width}x${input.height}`).update(input.data).digest('hex');
      const meta = join(dir, `${key}.json`);
      const pixels = join(dir, `${key}.rgb`);
      // The copy of the page with light-on-dark text set black on white, when OCR made one.
      const textPixels = join(dir, `${key}.text.rgb`);
      if (existsSync(meta) && existsSync(pixels)) {
        const { width, height, textImage, ...read } = JSON.parse(readFileSync(meta, 'utf8')) as Omit<OcrPage, 'image' | 'textImage'> & { width: number; height: number; textImage?: boolean };
        const image = { width, height, data: new Uint8Array(readFileSync(pixels)) };
        return { ...read, image, ...(textImage ? { textImage: { width, height, data: new Uint8Array(readFileSync(textPixels)) } } : {}) };
      }
      const read = await (await engine()).recognize(input);
      writeFileSync(pixels, read.image.data);
      const { image, textImage, ...rest } = read;
      if (textImage) writeFileSync(textPixels, textImage.data);
      writeFileSync(meta, JSON.stringify({ ...rest, width: image.width, height: image.height, textImage: Boolean(textImage) }));
      return read;
    },
  };
  return async () => cached as unknown as OcrEngine;
}
