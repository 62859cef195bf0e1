// The quality benchmark's metrics, checked on small cases with known answers.
import { describe, expect, it } from 'vitest';
import { containsFuzzy, furnitureLeak, matchF1, normalizedEditDistance, readingOrderScore, stripMarkdown } from '../bench/quality/metrics.js';
import { lazyOcr } from '../bench/quality/lazy-ocr.js';

describe('normalizedEditDistance', () => {
  it('is 0 for equal text (case and whitespace ignored) and 1 for nothing in common', () => {
    expect(normalizedEditDistance('Hello  World', 'hello world')).toBe(0);
    expect(normalizedEditDistance('abc', 'xyz')).toBe(1);
    expect(normalizedEditDistance('', '')).toBe(0);
  });
  it('divides the edits by the longer length', () => {
    expect(normalizedEditDistance('abcd', 'abce')).toBeCloseTo(0.25);
    expect(normalizedEditDistance('abcd', 'ab')).toBeCloseTo(0.5);
  });
});

describe('stripMarkdown', () => {
  it('removes heading marks, bullets, fences, tags and emphasis', () => {
    expect(stripMarkdown('# Title\n\n- item\n\n```\ncode\n```\n\n<table><tr><td>x</td></tr></table>\n\n**bold** and *it*').replace(/\s+/g, ' ').trim()).toBe(
      'Title item code x bold and it',
    );
  });
});

describe('matchF1', () => {
  it('matches one to one with a tolerance', () => {
    const r = matchF1(['Introduction', 'Methods', 'Results'], ['Introductoin', 'Methods', 'Appendix', 'Methods']);
    expect(r.precision).toBeCloseTo(2 / 4);
    expect(r.recall).toBeCloseTo(2 / 3);
    expect(r.f1).toBeCloseTo((2 * 0.5 * (2 / 3)) / (0.5 + 2 / 3));
  });
  it('is perfect when both sides are empty, zero when only the prediction is', () => {
    expect(matchF1([], []).f1).toBe(1);
    expect(matchF1([], ['x']).precision).toBe(0);
  });
});

describe('readingOrderScore', () => {
  const paras = ['first paragraph text here', 'second paragraph text here', 'third paragraph text here'];
  it('is 1 in order and 0 fully reversed', () => {
    expect(readingOrderScore(paras, paras.join('\n')).score).toBe(1);
    expect(readingOrderScore(paras, [...paras].reverse().join('\n')).score).toBe(0);
  });
  it('finds a repeated paragraph at its own place, not at the first copy twice', () => {
    const slides = ['Ethics statement', 'first slide body text', 'Enzyme kinetics', 'Ethics statement', 'second slide body text'];
    expect(readingOrderScore(slides, slides.join('\n')).score).toBe(1);
  });
  it('gives partial credit for one swap', () => {
    const r = readingOrderScore(paras, [paras[1], paras[0], paras[2]].join('\n'));
    expect(r.score).toBeCloseTo(2 / 3);
    expect(r.matched).toBe(3);
  });
});

describe('furnitureLeak', () => {
  it('counts leaked headers anywhere and page numbers only as whole lines', () => {
    expect(furnitureLeak(['ACME Report', '3'], 'Body with 3 apples\n\nMore')).toBe(0);
    expect(furnitureLeak(['ACME Report', '3'], 'ACME Report\n\nBody\n3')).toBe(1);
    expect(furnitureLeak(['ACME Report', '3'], 'Body\n3')).toBe(0.5);
  });
});

describe('containsFuzzy', () => {
  it('finds exact and near matches within the allowed edits', () => {
    expect(containsFuzzy('The quick brown fox', 'quick brown', 0)).toBe(true);
    expect(containsFuzzy('The quick brwn fox', 'quick brown', 0)).toBe(false);
    expect(containsFuzzy('The quick brwn fox', 'quick brown', 1)).toBe(true);
  });
  it('can be case-sensitive', () => {
    expect(containsFuzzy('Aerojet Rocketdyne', 'AEROJET ROCKETDYNE', 0, true)).toBe(false);
    expect(containsFuzzy('Aerojet Rocketdyne', 'AEROJET ROCKETDYNE', 0)).toBe(true);
  });
});

describe('lazyOcr', () => {
  it('creates the engine once, on first use, and releases only what it created', async () => {
    let created = 0;
    let released = 0;
    const make = async () => {
      created++;
      return { release: async () => void released++ };
    };
    const unused = lazyOcr(make);
    await unused.release();
    expect([created, released]).toEqual([0, 0]);
    const ocr = lazyOcr(make);
    const [a, b] = await Promise.all([ocr.engine(), ocr.engine()]);
    expect(a).toBe(b);
    await ocr.release();
    expect([created, released]).toEqual([1, 1]);
  });
});
