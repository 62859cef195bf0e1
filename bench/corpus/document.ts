// One generated document: render it twice (normal, colour-coded), check that both set the same
// glyphs, read the truth from the colour-coded one, and write `<id>.pdf` and `<id>.json`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleTruth, readGlyphs, sameLayout } from './extract.js';
import { FAMILIES, splitOf, type Family } from './families.js';
import { Content, Rng } from './random.js';
import type { CorpusTruth } from './truth.js';

export interface Outcome {
  id: string;
  family: string;
  ok: boolean;
  pages: number;
  problem?: string;
  truth?: CorpusTruth;
  pdf?: Uint8Array;
}

/** Seeds of a family differ from other families' (the family's index is mixed into the stream). */
function contentSeed(family: Family, seed: number): number {
  return seed * 7919 + FAMILIES.indexOf(family) * 104729;
}

export async function generateDocument(family: Family, seed: number, targetPages: number, outDir?: string): Promise<Outcome> {
  const id = `${family.name}-${seed}`;
  const dir = mkdtempSync(join(tmpdir(), 'quire-corpus-'));
  try {
    const content = new Content(new Rng(contentSeed(family, seed)));
    const doc = await family.render(content, targetPages, dir);
    const normal = await doc.pdf(false);
    const coded = await doc.pdf(true);
    const plain = await readGlyphs(normal, false);
    const coloured = await readGlyphs(coded, true);
    const moved = sameLayout(plain, coloured);
    if (moved) return { id, family: family.name, ok: false, pages: plain.length, problem: `layout differs: ${moved}` };
    const { truth, problem } = assembleTruth(doc.reg, coloured);
    if (problem) return { id, family: family.name, ok: false, pages: plain.length, problem };
    const full: CorpusTruth = { id, family: family.name, generator: family.generator, seed, split: splitOf(family, seed), variant: 'digital', ...truth };
    if (outDir) {
      writeFileSync(join(outDir, `${id}.pdf`), normal);
      writeFileSync(join(outDir, `${id}.json`), JSON.stringify(full));
    }
    return { id, family: family.name, ok: true, pages: plain.length, truth: full, pdf: normal };
  } catch (e) {
    return { id, family: family.name, ok: false, pages: 0, problem: (e as Error).message.split('\n')[0]!.slice(0, 300) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
