// The tex-journal corpus family: appended after the other families (their seeds unchanged), and
// each publisher's class gets a source whose truth registry follows the other LaTeX families'
// conventions. No TeX needed here (generate.ts compiles and checks the truth).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAMILIES, splitOf } from '../bench/corpus/families.js';
import { JOURNAL_CLASSES, journalDocument } from '../bench/corpus/latex-journal.js';
import { Content, Rng } from '../bench/corpus/random.js';

describe('tex-journal family', () => {
  // Raster figures are written beside the source.
  const dir = mkdtempSync(join(tmpdir(), 'quire-journal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is a tune family appended after the existing ones', () => {
    const names = FAMILIES.map((f) => f.name);
    expect(names.at(-1)).toBe('tex-journal');
    expect(names.indexOf('tex-article')).toBe(0);
    expect(names.indexOf('office-memo')).toBe(10);
    const f = FAMILIES.at(-1)!;
    expect(f.validateOnly).toBe(false);
    expect(f.pages).toEqual([2, 6]);
    expect(splitOf(f, 1)).toBe('tune');
  });

  it.each(JOURNAL_CLASSES)('sets %s papers with title, authors, abstract, furniture and a body', (cls) => {
    for (const seed of [1, 2, 3]) {
      const doc = journalDocument(new Content(new Rng(seed * 31 + cls.length)), 3, dir, cls);
      expect(doc.cls).toBe(cls);
      const normal = doc.source(false);
      const truth = doc.source(true);
      expect(normal).toMatch(new RegExp(`\\\\documentclass\\[[^\\]]*\\]\\{${cls}\\}`));
      expect(normal).not.toMatch(/elsarticle/);
      // The same source but for the colours' values (and the figure markers' fill).
      const colourless = (s: string) => s.replace(/\{RGB\}\{[^}]*\}/g, '').replace(/^\\newcommand\\qfill.*$/m, '');
      expect(colourless(normal)).toBe(colourless(truth));
      const blocks = doc.reg.blocks;
      const titles = blocks.filter((b) => b.type === 'title');
      expect(titles.filter((b) => b.level === 1)).toHaveLength(1);
      expect(titles.some((b) => b.level === 2 && b.role === undefined)).toBe(true);
      expect(blocks.some((b) => b.role === 'author-list')).toBe(true);
      expect(blocks.some((b) => b.role === 'abstract')).toBe(true);
      expect(blocks.some((b) => b.type === 'page_number' && b.furniturePerPage)).toBe(true);
      // Every colour used in the source is defined (in lower and upper case for \MakeUppercase).
      const defined = new Set([...truth.matchAll(/\\definecolor\{([qQ]\d+)\}/g)].map((m) => m[1]));
      for (const m of truth.matchAll(/\\color\{(q\d+)\}/g)) expect(defined.has(m[1]!)).toBe(true);
      for (const b of blocks) expect(defined.has(`Q${b.id}`)).toBe(true);
    }
  });

  it('labels theorem-like statements and proofs as text with their run-in label', () => {
    const roles = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) for (const b of journalDocument(new Content(new Rng(seed)), 4, dir, 'amsart').reg.blocks) if (b.role) roles.add(`${b.type}:${b.role}`);
    expect(roles).toContain('text:theorem');
    expect(roles).toContain('page_footnote:subject-classification');
  });
});
