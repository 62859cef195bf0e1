// The helpers the speed work put on hot paths: each gives what the code it replaced gave (per-line
// memo, glyph concatenation, line size, sorted numbers, the fraction-bar pre-test, symbol roles,
// the operator-name pre-test, the flat tree walk, the figure-end test). Behaviour, not timing.
import { describe, expect, it } from 'vitest';
import { MODEL } from '../src/engine/classify/classify.js';
import { contributions, flatModel, predict, type BoostedModel } from '../src/engine/classify/gbdt.js';
import { isLetter } from '../src/engine/equations/detect.js';
import { couldTouchBar, glyphExtent, perLine } from '../src/engine/equations/inline.js';
import { ascending, asciiWithoutParen, certainlyNoMath, inlineMath } from '../src/engine/math/inline.js';
import { roleOf, symbolOf } from '../src/engine/math/symbols.js';
import { emOf, lineSize } from '../src/engine/math/units.js';
import type { Box, Glyph, TextLine } from '../src/engine/model/document.js';
import { fontAlphabet, isMathFont } from '../src/engine/model/math-fonts.js';
import { glyphsOf } from '../src/engine/model/typography.js';
import { alignedWindows, endsInFigure } from '../src/engine/tables/borderless.js';
import { unitCover } from '../src/engine/tables/columns.js';
import { median, middle } from '../src/engine/model/numbers.js';
import { joinLines } from '../src/engine/model/text.js';
import { isMostlyRightToLeft, isMostlyRightToLeftText } from '../src/engine/model/script.js';
import { plainBelowNbsp, plainlySpaced, type Char } from '../src/engine/input/pdf/extract.js';
import { isSpace } from '../src/engine/tables/fragments.js';
import { g, line, run } from './math-glyphs.js';
const run_ = run;

/** A small deterministic generator (the tests' random inputs are the same every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

describe('perLine', () => {
  it('finds a line\'s value once and gives it back after', () => {
    const a = line(run('x+y', 100, 200));
    const b = line(run('z', 100, 220));
    let calls = 0;
    const width = perLine((l: TextLine) => {
      calls++;
      return l.box[2] - l.box[0];
    });
    expect([width(a), width(b), width(a), width(b)]).toEqual([a.box[2] - a.box[0], b.box[2] - b.box[0], a.box[2] - a.box[0], b.box[2] - b.box[0]]);
    expect(calls).toBe(2);
    // An undefined value is remembered too.
    let none = 0;
    const nothing = perLine(() => (none++, undefined));
    nothing(a);
    nothing(a);
    expect(none).toBe(1);
  });
});

describe('glyphsOf', () => {
  it('is the lines\' glyphs one line after another, lines without glyphs adding none', () => {
    const lines: TextLine[] = [line(run('ab', 100, 200)), { ...line(run('c', 100, 220)), glyphs: undefined }, line(run('de', 100, 240))];
    expect(glyphsOf(lines)).toEqual(lines.flatMap((l) => l.glyphs ?? []));
    expect(glyphsOf([])).toEqual([]);
  });
});

describe('lineSize', () => {
  it('is the largest em of the line\'s glyphs, at least 1; the line\'s size without glyphs', () => {
    const glyphs = [g('a', 100, 200, 10), g('b', 106, 200, 7), g('c', 112, 200, 12)];
    expect(lineSize({ fontSize: 3, glyphs })).toBe(Math.max(...glyphs.map(emOf)));
    expect(lineSize({ fontSize: 9 })).toBe(9);
    expect(lineSize({ fontSize: 0.4, glyphs: [] })).toBe(1);
  });

  it('is NaN where a glyph\'s em is not a number, as Math.max over them is', () => {
    const broken = g('b', 106, 200, 0, 'CMR10', { fontSize: undefined, y0: NaN });
    expect(Number.isNaN(emOf(broken))).toBe(true);
    expect(Number.isNaN(lineSize({ fontSize: 10, glyphs: [g('a', 100, 200, 10), broken, g('c', 112, 200, 12)] }))).toBe(true);
  });
});

describe('ascending', () => {
  it('orders numbers as sort((a, b) => a - b) does', () => {
    const next = rng(7);
    for (let t = 0; t < 50; t++) {
      const values = Array.from({ length: 1 + Math.floor(next() * 40) }, () => (next() < 0.1 ? Infinity : next() < 0.1 ? -Infinity : Math.round(next() * 20) / 2));
      expect([...ascending([...values])]).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it('keeps the comparator\'s own order where a NaN is among the numbers', () => {
    const values = [3, NaN, 1, 2];
    expect([...ascending([...values])]).toEqual([...values].sort((a, b) => a - b));
  });
});

describe('couldTouchBar', () => {
  /** fractionMates' test of one line against one bar, glyph by glyph. */
  function touches(l: TextLine, bar: Box, em: number): boolean {
    const y = (bar[1] + bar[3]) / 2;
    const near = l.glyphs!.filter((q) => (q.x0 + q.x1) / 2 > bar[0] && (q.x0 + q.x1) / 2 < bar[2]);
    if (!near.length) return false;
    const bottom = Math.max(...near.map((q) => q.y1));
    const top = Math.min(...near.map((q) => q.y0));
    return (bottom <= y + 0.15 * em && y - bottom < 0.6 * em) || (top >= y - 0.15 * em && top - y < 0.6 * em);
  }

  it('is never false where the glyph-by-glyph test holds, and false for a line far from the bar', () => {
    const next = rng(11);
    let held = 0;
    for (let t = 0; t < 2000; t++) {
      const glyphs: Glyph[] = Array.from({ length: 1 + Math.floor(next() * 6) }, () => {
        const x = 100 + next() * 60;
        const base = 200 + next() * 20;
        const q = g('x', x, base, 5 + next() * 7);
        return next() < 0.05 ? { ...q, y1: NaN } : q;
      });
      const l = line(glyphs);
      const x0 = 90 + next() * 60;
      const y = 195 + next() * 30;
      const bar: Box = [x0, y - 0.2, x0 + 5 + next() * 40, y + 0.2];
      const em = lineSize(l);
      if (touches(l, bar, em)) {
        held++;
        expect(couldTouchBar(glyphExtent(l), bar, y, em)).toBe(true);
      }
    }
    expect(held).toBeGreaterThan(50);
    const far = line(run('ab', 100, 300));
    expect(couldTouchBar(glyphExtent(far), [100, 199.8, 120, 200.2], 200, lineSize(far))).toBe(false);
    // Beside the bar: no glyph's middle within its ends.
    const beside = line(run('ab', 200, 205));
    expect(couldTouchBar(glyphExtent(beside), [100, 199.8, 120, 200.2], 200, lineSize(beside))).toBe(false);
  });
});

describe('roleOf', () => {
  it('is symbolOf(char).role', () => {
    for (const ch of ['a', 'Z', '7', '+', '=', '≤', '∑', '(', ')', ',', '∫', 'é', '∞', '→', '\u2061', '#', '☃']) expect(roleOf(ch)).toBe(symbolOf(ch).role);
  });
});

describe('asciiWithoutParen', () => {
  it('holds for ASCII glyphs other than "(" in the range, whatever lies outside it', () => {
    const glyphs = run('log(x) ab', 100, 200, 10, 'CMR10');
    const at = (ch: string) => glyphs.findIndex((q) => q.code === ch.codePointAt(0));
    expect(asciiWithoutParen(glyphs, 0, at('('))).toBe(true);
    expect(asciiWithoutParen(glyphs, 0, glyphs.length)).toBe(false);
    expect(asciiWithoutParen([g('α', 100, 200), g('b', 106, 200)], 0, 2)).toBe(false);
    // Characters whose compatibility form holds a "(" (⑴) are not ASCII: they are looked at.
    expect(asciiWithoutParen([g('⑴', 100, 200)], 0, 1)).toBe(false);
  });
});

describe('predict on the flat trees', () => {
  /** The trees walked as they are, in the model's order. */
  function reference(model: BoostedModel, x: readonly number[]): number[] {
    const scores = [...model.init];
    for (const stage of model.stages)
      stage.forEach((tree, k) => {
        let node = 0;
        while (tree.feature[node]! >= 0) node = x[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
        scores[k]! += tree.value[node]!;
      });
    const max = Math.max(...scores);
    const exp = scores.map((s) => Math.exp(s - max));
    const sum = exp.reduce((a, b) => a + b, 0);
    return exp.map((e) => e / sum);
  }

  it('gives the trained model\'s probabilities exactly', () => {
    expect(flatModel(MODEL)).not.toBeNull();
    const next = rng(3);
    for (let t = 0; t < 200; t++) {
      const x = MODEL.features.map(() => (next() < 0.2 ? Math.round(next() * 3) : next() * 4 - 1));
      expect(predict(MODEL, x)).toEqual(reference(MODEL, x));
    }
  });

  it('walks a model whose trees are not plain as it is', () => {
    const leaf = (value: number) => ({ feature: [-2], threshold: [-2], left: [-1], right: [-1], value: [value] });
    const split = { feature: [0, -2, -2], threshold: [0.5, -2, -2], left: [1, -1, -1], right: [2, -1, -1], value: [0, 1, -1] };
    const good: BoostedModel = { classes: ['a', 'b'], features: ['f'], init: [0.1, -0.1], stages: [[split, leaf(0.3)], [leaf(-0.2), split]] };
    expect(flatModel(good)).not.toBeNull();
    for (const x of [[0], [1], [0.5], [NaN]]) expect(predict(good, x)).toEqual(reference(good, x));
    // A child index past the tree's end: no flat form, the same answer as the plain walk.
    const broken: BoostedModel = { ...good, stages: [[{ ...split, right: [7, -1, -1] }, leaf(0.3)]] };
    expect(flatModel(broken)).toBeNull();
    for (const x of [[0], [1]]) expect(predict(broken, x)).toEqual(reference(broken, x));
  });

  it('packs the trained model, and walks trees it cannot pack (a left child not next) unpacked, to the same answer', () => {
    expect(flatModel(MODEL)?.packed).not.toBeNull();
    // The children stored the other way round: node 1 is the right child, node 2 the left.
    const swapped = { feature: [1, -2, -2, -2, -2], threshold: [0.5, -2, -2, -2, -2], left: [2, -1, -1, -1, -1], right: [1, -1, -1, -1, -1], value: [0, 1, -1, 0, 0] };
    const deep = { feature: [0, 1, -2, -2, -2], threshold: [0.25, 0.75, -2, -2, -2], left: [1, 2, -1, -1, -1], right: [4, 3, -1, -1, -1], value: [0, 0.5, 2, -3, 0.7] };
    const model: BoostedModel = { classes: ['a', 'b'], features: ['f', 'g'], init: [0.1, -0.1], stages: [[swapped, deep], [deep, swapped]] };
    expect(flatModel(model)).not.toBeNull();
    expect(flatModel(model)!.packed).toBeNull();
    const packable: BoostedModel = { ...model, stages: [[deep, deep], [deep, deep]] };
    expect(flatModel(packable)!.packed).not.toBeNull();
    for (const x of [[0, 0], [0.25, 0.75], [0.3, 1], [1, 0], [NaN, 0], [0, NaN]]) {
      expect(predict(model, x)).toEqual(reference(model, x));
      expect(predict(packable, x)).toEqual(reference(packable, x));
    }
  });
});

describe('contributions on the flat trees', () => {
  /** Each tree of class k walked as it is, crediting each split's change of mean to its feature. */
  function reference(model: BoostedModel, x: readonly number[], k: number): number[] {
    const out = new Array<number>(model.features.length).fill(0);
    for (const stage of model.stages) {
      const tree = stage[k]!;
      let node = 0;
      while (tree.feature[node]! >= 0) {
        const f = tree.feature[node]!;
        const next = x[f]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
        out[f]! += tree.value[next]! - tree.value[node]!;
        node = next;
      }
    }
    return out;
  }

  it('gives the trained model\'s contributions exactly, for every class', () => {
    const next = rng(5);
    for (let t = 0; t < 100; t++) {
      const x = MODEL.features.map(() => (next() < 0.2 ? Math.round(next() * 3) : next() * 4 - 1));
      for (let k = 0; k < MODEL.classes.length; k++) expect(contributions(MODEL, x, k)).toEqual(reference(MODEL, x, k));
    }
  });

  it('walks a model whose trees are not plain as it is', () => {
    const split = { feature: [0, -2, -2], threshold: [0.5, -2, -2], left: [1, -1, -1], right: [2, -1, -1], value: [0, 1, -1] };
    const good: BoostedModel = { classes: ['a', 'b'], features: ['f'], init: [0.1, -0.1], stages: [[split, split], [split, split]] };
    const broken: BoostedModel = { ...good, stages: [[{ ...split, right: [7, -1, -1] }, split]] };
    expect(flatModel(broken)).toBeNull();
    for (const model of [good, broken]) for (const x of [[0], [1], [NaN]]) for (const k of [0, 1]) expect(contributions(model, x, k)).toEqual(reference(model, x, k));
  });
});

describe('endsInFigure', () => {
  it('holds for a text ending in a figure, not for text without a digit or ending in punctuation', () => {
    expect(endsInFigure('Revenue 9% 354.3')).toBe(true);
    expect(endsInFigure('Total 1,204')).toBe(true);
    expect(endsInFigure('the words of a line of prose')).toBe(false);
    expect(endsInFigure('as shown in 2019,')).toBe(false);
    expect(endsInFigure('')).toBe(false);
  });
});

describe('certainlyNoMath', () => {
  it('holds for a line of prose in one text font and size, and inlineMath then finds no span', () => {
    const prose = run('the words of this line run on to the margin, as 12 such lines do', 72, 200, 10, 'CMR10');
    expect(certainlyNoMath(prose)).toBe(true);
    expect(inlineMath(prose).spans).toEqual([]);
  });

  it('does not hold where a word could be math: a math font or flag, a math symbol, an italic letter, a smaller glyph, a "("', () => {
    expect(certainlyNoMath(run('let x be', 72, 200, 10, 'CMMI10'))).toBe(false);
    expect(certainlyNoMath([...run('sum ', 72, 200, 10, 'CMR10'), g('∑', 100, 200, 10, 'CMR10')])).toBe(false);
    expect(certainlyNoMath([...run('for ', 72, 200, 10, 'CMR10'), g('n', 100, 200, 10, 'CMR10', { style: { bold: false, italic: true, monospace: false, math: false } })])).toBe(false);
    expect(certainlyNoMath([...run('area ', 72, 200, 10, 'CMR10'), g('2', 100, 196, 7, 'CMR10')])).toBe(false);
    expect(certainlyNoMath(run('and sin(t) here', 72, 200, 10, 'CMR10'))).toBe(false);
    expect(certainlyNoMath([g('⑴', 72, 200, 10, 'CMR10')])).toBe(false);
  });

  it('never holds where inlineMath finds a span', () => {
    const next = rng(5);
    const pool = ['a', 'b', 'x', 'y', '1', '2', '=', '+', '(', ')', ',', 'é', 'α', '≤'];
    const fonts = ['CMR10', 'CMR10', 'CMR10', 'CMMI10'];
    for (let t = 0; t < 500; t++) {
      let pen = 72;
      const glyphs: Glyph[] = [];
      for (let i = 0; i < 2 + Math.floor(next() * 12); i++) {
        const size = next() < 0.85 ? 10 : 7;
        const base = size === 10 ? 200 : 196;
        glyphs.push(g(pool[Math.floor(next() * pool.length)]!, pen, base, size, fonts[Math.floor(next() * fonts.length)]!));
        pen += 5 + (next() < 0.3 ? 3 : 0);
      }
      if (inlineMath(glyphs).spans.length) expect(certainlyNoMath(glyphs)).toBe(false);
    }
  });
});

describe('the font-name caches', () => {
  it('answer the same for a name asked again, for names whose family is none, and after starting over', () => {
    expect([isMathFont('CMMI10'), isMathFont('CMMI10')]).toEqual([true, true]);
    expect([isMathFont('LiberationSerif'), isMathFont('LiberationSerif')]).toEqual([false, false]);
    // The last name's answer is kept apart from the others'.
    expect(['CMMI10', 'LiberationSerif', 'LiberationSerif', 'CMSY10', 'CMR10', 'CMMI10', undefined, ''].map(isMathFont)).toEqual([true, false, false, true, false, true, false, false]);
    // No family: the cached value is undefined, and asked again it is still no alphabet.
    expect([fontAlphabet('LiberationSerif', 0x41), fontAlphabet('LiberationSerif', 0x41)]).toEqual([undefined, undefined]);
    expect([fontAlphabet('MSBM10', 0x52), fontAlphabet('MSBM10', 0x52)]).toEqual(['mathbb', 'mathbb']);
    // Past the cache's size (a long-running worker's many fonts) the answers stay the same.
    for (let i = 0; i < 2100; i++) isMathFont(`Font${i}`);
    expect([isMathFont('CMMI10'), isMathFont('LiberationSerif'), fontAlphabet('MSBM10', 0x52)]).toEqual([true, false, 'mathbb']);
  });
});

describe('isLetter', () => {
  it('is /\\p{L}/u on the character', () => {
    for (let code = 33; code < 0x3000; code++) {
      const ch = String.fromCodePoint(code);
      expect(isLetter(code, ch)).toBe(/\p{L}/u.test(ch));
    }
    for (const ch of ['𝑥', '𝟙', '😀']) expect(isLetter(ch.codePointAt(0)!, ch)).toBe(/\p{L}/u.test(ch));
  });
});

describe('alignedWindows', () => {
  const filtered = <T extends { x: number }>(points: readonly T[], anchor: T, tolerance: number) => points.filter((p) => Math.abs(p.x - anchor.x) <= tolerance);

  it('gives each anchor, asked in order (some skipped), what filtering all points gives', () => {
    const random = rng(11);
    for (let trial = 0; trial < 500; trial++) {
      const tolerance = [0, 0.1, 0.7, 1.2][trial % 4]! * (1 + random());
      // Points on a coarse grid too, so that ties and points exactly a tolerance apart occur.
      const coarse = trial % 3 === 0;
      const points = Array.from({ length: Math.floor(random() * 60) }, (_, i) => ({ x: coarse ? Math.floor(random() * 20) * 0.1 : 72 + random() * 400, i })).sort((a, b) => a.x - b.x);
      const near = alignedWindows(points, tolerance);
      for (const anchor of points) {
        if (random() < 0.3) continue;
        expect(near(anchor)).toEqual(filtered(points, anchor, tolerance));
      }
    }
  });

  it('falls back to filtering for points not in order or not finite', () => {
    for (const xs of [[3, 1, 2], [1, Number.NaN, 2], [1, 2, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]]) {
      const points = xs.map((x) => ({ x }));
      const near = alignedWindows(points, 0.5);
      for (const anchor of points) expect(near(anchor)).toEqual(filtered(points, anchor, 0.5));
    }
  });
});

describe('isSpace', () => {
  it('is /\\s/u on every code point of the BMP and some beyond', () => {
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      expect(isSpace(ch)).toBe(/\s/u.test(ch));
    }
    for (const c of [0x1d465, 0x1f600, 0x10ffff]) expect(isSpace(String.fromCodePoint(c))).toBe(false);
  });
});

describe('unitCover', () => {
  it('counts the fragments over each unit as counting each fragment\'s units one by one did', () => {
    const next = rng(11);
    for (let t = 0; t < 300; t++) {
      const rows: TextLine[][] = Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
        Array.from({ length: Math.floor(next() * 6) }, () => {
          const from = 40 + next() * 300 * (next() < 0.5 ? 1 : 0.5);
          const to = from + (next() < 0.05 ? -3 : next() * 90);
          const l = line(run_('ab', 0, 100));
          l.box = [next() < 0.2 ? Math.round(from) : from, l.box[1], next() < 0.2 ? Math.round(to) : to, l.box[3]];
          return l;
        }),
      );
      const x0 = Math.floor(40 + next() * 40);
      const width = Math.floor(next() * 400);
      const old = new Uint16Array(width);
      for (const row of rows) for (const l of row) for (let x = Math.max(0, Math.floor(l.box[0]) - x0); x < Math.min(width, Math.ceil(l.box[2]) - x0); x++) old[x]!++;
      expect(Array.from(unitCover(rows, x0, width).subarray(0, width))).toEqual(Array.from(old));
    }
  });
});

describe('plainBelowNbsp', () => {
  it('holds for text below U+00A0 only, and such text is its own NFKC form', () => {
    const next = rng(5);
    for (let c = 0; c < 0xa0; c++) expect(String.fromCharCode(c).normalize('NFKC')).toBe(String.fromCharCode(c));
    for (let t = 0; t < 500; t++) {
      const codes = Array.from({ length: Math.floor(next() * 30) }, () => (next() < 0.9 ? Math.floor(next() * 0xa0) : 0xa0 + Math.floor(next() * 0x3000)));
      const text = String.fromCharCode(...codes);
      expect(plainBelowNbsp(text)).toBe(codes.every((c) => c < 0xa0));
      if (plainBelowNbsp(text)) expect(text.normalize('NFKC')).toBe(text);
    }
  });
});

describe('plainlySpaced', () => {
  /** untracked's test before it asked plainlySpaced first: whether it gives the line back as it is. */
  function leftAsItIs(line: Char[]): boolean {
    const glyphs = line.filter((c) => c.code !== 32);
    if (glyphs.length < 6 || glyphs.some((c) => c.rotated || !c.advance)) return true;
    const gaps = glyphs.slice(1).map((c, k) => (c.advance![0] - glyphs[k]!.advance![1]) / Math.max(Math.min(c.size, glyphs[k]!.size), 1));
    const tracking = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]!;
    return tracking < 0.06 || tracking > 0.2;
  }
  it('says a line is left as it is only where untracked\'s sort of the gaps says so', () => {
    const next = rng(3);
    let plain = 0;
    for (let t = 0; t < 3000; t++) {
      const size = 6 + next() * 8;
      let pen = 72;
      const tracking = next() < 0.5 ? 0.06 + next() * 0.14 : next() * 0.4;
      const line: Char[] = Array.from({ length: Math.floor(next() * 14) }, () => {
        if (next() < 0.15) return { code: 32, base: 0, x0: 0, y0: 0, x1: 0, y1: 0, size: 0, style: { bold: false, italic: false, monospace: false, math: false, tinted: false }, rotated: false, typedSpace: false };
        const width = 0.5 * size;
        const gap = (next() < 0.7 ? tracking : next() * 0.5) * size;
        const from = pen + gap;
        pen = from + width;
        const c: Char = { code: 97, base: 100, x0: from, y0: 90, x1: from + width, y1: 100, size: next() < 0.1 ? size * 2 : size, style: { bold: false, italic: false, monospace: false, math: false, tinted: false }, rotated: next() < 0.02, advance: next() < 0.03 ? undefined : [from, next() < 0.01 ? NaN : from + width], typedSpace: false };
        return c;
      });
      if (plainlySpaced(line)) {
        plain++;
        expect(leftAsItIs(line)).toBe(true);
      }
    }
    expect(plain).toBeGreaterThan(1000);
  });
});

describe('middle and median', () => {
  it('give what sorting a copy with (a, b) => a - b gives at length >> 1, to the sign of a zero', () => {
    const next = rng(13);
    const pick = () => {
      const r = next();
      if (r < 0.02) return NaN;
      if (r < 0.04) return 0;
      if (r < 0.06) return -0;
      if (r < 0.08) return Infinity;
      if (r < 0.1) return -Infinity;
      if (r < 0.11) return undefined as unknown as number;
      return r < 0.5 ? Math.round(next() * 20) - 10 : (next() - 0.5) * 1000;
    };
    for (let t = 0; t < 5000; t++) {
      const values = Array.from({ length: Math.floor(next() * (t % 3 === 0 ? 40 : 5)) }, pick);
      const sorted = [...values].sort((a, b) => a - b);
      expect(Object.is(middle(values), sorted[values.length >> 1])).toBe(true);
      expect(Object.is(median(values), sorted[values.length >> 1] ?? 0)).toBe(true);
    }
  });
});

describe('joinLines', () => {
  /** joinLines as it was, testing the text it built. */
  function joined(texts: readonly string[]): string {
    let out = '';
    for (const raw of texts) {
      const t = raw.trim();
      if (!t) continue;
      if (!out) out = t;
      else if (/[A-Za-zÀ-ÿ]-$/.test(out) && /^[a-zà-ÿ]/.test(t)) out = out.slice(0, -1) + t;
      else out += ' ' + t;
    }
    return out;
  }
  it('joins as the joining on the text itself did, hyphens, one-letter lines and blanks included', () => {
    const next = rng(17);
    const alphabet = ['a', 'b', 'Z', 'é', 'ÿ', 'Ā', '-', '-', ' ', ' ', '1', '.', '\u00a0', 'x-', '-a'];
    for (let t = 0; t < 5000; t++) {
      const texts = Array.from({ length: Math.floor(next() * 8) }, () => Array.from({ length: Math.floor(next() * 4) }, () => alphabet[Math.floor(next() * alphabet.length)]!).join(''));
      expect(joinLines(texts)).toBe(joined(texts));
    }
  });
});

describe('isMostlyRightToLeftText', () => {
  it('votes as isMostlyRightToLeft on the texts\' UTF-16 units gathered', () => {
    const next = rng(19);
    const pool = ['a', 'Z', ' ', '1', 'é', 'א', 'ب', 'ﺏ', '—', '。', '𝑥', 'Ω', '.'];
    for (let t = 0; t < 3000; t++) {
      const texts = Array.from({ length: Math.floor(next() * 5) }, () => Array.from({ length: Math.floor(next() * 8) }, () => pool[Math.floor(next() * pool.length)]!).join(''));
      const codes: number[] = [];
      for (const text of texts) for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i));
      expect(isMostlyRightToLeftText(texts)).toBe(isMostlyRightToLeft(codes));
    }
  });
});
