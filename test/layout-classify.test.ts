// The learned block classifier and the layout repairs around it: the boosted-tree evaluator and
// its explanations, the paragraph features, run-in headings cut from their line, list items
// joined into one list, multi-line captions kept whole.
import { describe, expect, it } from 'vitest';
import { classifyPage, decide, MODEL } from '../src/engine/classify/classify.js';
import { RULES } from '../src/engine/classify/rules.js';
import { documentFacts, FEATURE_NAMES, paragraphFeatures } from '../src/engine/classify/features.js';
import { contributions, predict, type BoostedModel } from '../src/engine/classify/gbdt.js';
import { placeRegions } from '../src/engine/floats/place.js';
import type { LabelledParagraph, Region } from '../src/engine/model/analysis.js';
import type { Box, Glyph, Page, TextLine } from '../src/engine/model/document.js';
import { joinDivisionLabels, joinWrappedHeadings } from '../src/engine/paragraphs/headings.js';
import { joinListItems } from '../src/engine/paragraphs/lists.js';
import { splitParagraphs } from '../src/engine/paragraphs/split.js';
import { analyze, STAGES } from '../src/engine/pipeline/pipeline.js';
import { attachLoneSectionNumbers, attachTocNumbers, splitRunInHeadings } from '../src/engine/paragraphs/lines.js';

function line(text: string, x0: number, y0: number, opts: Partial<TextLine> = {}): TextLine {
  const size = opts.fontSize ?? 10;
  return { text, box: [x0, y0, x0 + text.length * size * 0.5, y0 + size], baseline: y0 + size * 0.8, fontSize: size, bold: false, italic: false, monospace: false, ...opts };
}

function pageOf(lines: TextLine[], index = 0): Page {
  return { index, width: 612, height: 792, images: [], source: 'text-layer', lines };
}

const labelled = (lines: TextLine[], label: LabelledParagraph['label']): LabelledParagraph => ({ lines, label, trace: [] });

/** Two classes, one feature: class "b" wins above 5, with a split on feature 1 that adds a little. */
const TINY: BoostedModel = {
  classes: ['a', 'b'],
  features: ['x', 'y'],
  init: [0, 0],
  stages: [
    [
      { feature: [0, -1, -1], threshold: [5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, 1, -1] },
      { feature: [0, -1, 1, -1, -1], threshold: [5, 0, 0.5, 0, 0], left: [1, -1, 3, -1, -1], right: [2, -1, 4, -1, -1], value: [0, -1, 1, 0.5, 1.5] },
    ],
  ],
};

describe('boosted trees', () => {
  it('predicts class probabilities with a softmax over the summed leaves', () => {
    const low = predict(TINY, [1, 0]);
    expect(low[0]).toBeGreaterThan(0.8);
    const high = predict(TINY, [9, 1]);
    expect(high[1]).toBeGreaterThan(0.9);
    expect(high[0]! + high[1]!).toBeCloseTo(1);
  });

  it('credits each feature with the change it made along the path, adding up to the leaf', () => {
    const c = contributions(TINY, [9, 1], 1);
    // Root mean 0 → 1 at the first split (x), then 1 → 1.5 (y).
    expect(c).toEqual([1, 0.5]);
  });

  it('ships a trained model whose features are the ones the engine measures', () => {
    expect(MODEL.features).toEqual([...FEATURE_NAMES]);
    expect(MODEL.classes).toEqual(expect.arrayContaining(['title', 'text', 'list', 'caption']));
    expect(MODEL.stages.length).toBeGreaterThan(10);
    for (const stage of MODEL.stages) expect(stage).toHaveLength(MODEL.classes.length);
  });
});

describe('paragraph features', () => {
  it('measures size, weight, numbering and position against the page', () => {
    const body = Array.from({ length: 8 }, (_, i) => line(`Body sentence number ${i} of the running text here.`, 72, 150 + i * 12));
    const heading = line('2.1. Chemicals and reagents', 72, 120, { bold: true, fontSize: 11 });
    const page = pageOf([heading, ...body]);
    const paragraphs = [{ lines: [heading], trace: [] }, { lines: body, trace: [] }];
    const f = paragraphFeatures({ page, paragraphs, flow: page.lines, bodySize: 10, doc: documentFacts([page]) }, 0, false);
    const named = Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, f[i]]));
    expect(named).toMatchObject({ lines: 1, boldShare: 1, sectionNumber: 1, numberDepth: 2, enumerator: 1, nextLines: 8, ocr: 0 });
    expect(named.sizeOverBody).toBeCloseTo(1.1);
    expect(named.gapBelow).toBeCloseTo((150 - 131) / 10);
  });

  it('tells a caption’s label from a sentence that opens by naming a float', () => {
    const captionPattern = (text: string) => {
      const p = line(text, 72, 150);
      const page = pageOf([p]);
      const f = paragraphFeatures({ page, paragraphs: [{ lines: [p], trace: [] }], flow: page.lines, bodySize: 10, doc: documentFacts([page]) }, 0, false);
      return f[FEATURE_NAMES.indexOf('captionPattern')];
    };
    for (const caption of ['Figure 3: Speedup over the baseline', 'Fig. 2. Results', 'FIGURE 2 Distribution of ages', 'Table IV Settings', 'Figure 3a Heat map']) expect(captionPattern(caption)).toBe(1);
    for (const sentence of ['Figure 10 shows the relative speedups achieved by tracing.', 'Table 2 lists the settings we used.', 'Fig. 3a compares both runs.']) expect(captionPattern(sentence)).toBe(0);
  });

  it('measures the share of tinted letters, an underline just under the first line, and a closing comma', () => {
    const tinted = (text: string, x0: number, y0: number, share: number): TextLine => {
      const l = line(text, x0, y0);
      l.glyphs = [...text].map((ch, k): Glyph => ({ code: ch.codePointAt(0)!, x0: x0 + k * 5, y0, x1: x0 + k * 5 + 5, y1: y0 + 10, base: y0 + 8, size: 10, style: { bold: false, italic: false, monospace: false, math: false, tinted: k < share * text.length } }));
      return l;
    };
    const subject = tinted('Re: Quarterly review', 72, 100, 1);
    const salutation = tinted('Dear Ms Novak,', 72, 130, 0);
    const body = Array.from({ length: 4 }, (_, i) => line(`Body sentence number ${i} of the running text here.`, 72, 150 + i * 12));
    const width = subject.box[2] - subject.box[0];
    // An underline 1.5 pt under the subject's baseline; a separator rule across the page under the salutation.
    const page = { ...pageOf([subject, salutation, ...body]), rules: [[72, subject.baseline + 1.5, 72 + width, subject.baseline + 1.5], [40, salutation.baseline + 2, 570, salutation.baseline + 2]] as Box[] };
    const paragraphs = [{ lines: [subject], trace: [] }, { lines: [salutation], trace: [] }, { lines: body, trace: [] }];
    const ctx = { page, paragraphs, flow: page.lines, bodySize: 10, doc: documentFacts([page]) };
    const named = (i: number) => Object.fromEntries(FEATURE_NAMES.map((n, k) => [n, paragraphFeatures(ctx, i, false)[k]]));
    expect(named(0)).toMatchObject({ tintShare: 1, underlined: 1, endsComma: 0 });
    expect(named(1)).toMatchObject({ tintShare: 0, underlined: 0, endsComma: 1 });
    // OCR lines have no glyphs: colour and font are unknown (-1), not "none".
    const ocrPage = { ...pageOf(body), source: 'ocr' as const };
    const ocr = paragraphFeatures({ page: ocrPage, paragraphs: [{ lines: body, trace: [] }], flow: body, bodySize: 10, doc: documentFacts([ocrPage]) }, 0, false);
    expect(ocr[FEATURE_NAMES.indexOf('tintShare')]).toBe(-1);
    expect(ocr[FEATURE_NAMES.indexOf('otherFontShare')]).toBe(-1);
  });

  it('measures the gaps to the floats above and below that share the paragraph\'s width, and what the nearer is', () => {
    const title = line('Material licensee', 72, 100);
    const note = line('Source: Institute of Applied Sciences', 72, 262);
    const body = Array.from({ length: 3 }, (_, i) => line(`Body sentence number ${i} of the running text here.`, 72, 400 + i * 12));
    const page = pageOf([title, note, ...body]);
    const paragraphs = [{ lines: [title], trace: [] }, { lines: [note], trace: [] }, { lines: body, trace: [] }];
    // A table under the title, a photograph beside the body (not over it: another column).
    const floats = [{ box: [72, 115, 400, 255] as Box, table: true }, { box: [330, 380, 560, 460] as Box, table: false }];
    const ctx = { page, paragraphs, flow: page.lines, bodySize: 10, doc: documentFacts([page]), floats };
    const named = (i: number) => Object.fromEntries(FEATURE_NAMES.map((n, k) => [n, paragraphFeatures(ctx, i, false)[k]]));
    expect(named(0)).toMatchObject({ floatGapAbove: 50, floatGapBelow: 0.5, nearFloat: 2 });
    expect(named(1)).toMatchObject({ floatGapAbove: 0.7, floatGapBelow: 50, nearFloat: 2 });
    expect(named(2)).toMatchObject({ floatGapBelow: 50, nearFloat: 0 });
    expect(named(2).floatGapAbove).toBeCloseTo((400 - 255) / 10);
    // No floats found: none near, both gaps "none".
    expect(paragraphFeatures({ ...ctx, floats: undefined }, 0, false).slice(-3)).toEqual([50, 50, 0]);
  });

  it('counts the pages a line recurs on, digits folded', () => {
    const pages = [0, 1, 2].map((i) => pageOf([line(`Journal of Tests, page ${i + 1}`, 72, 40)], i));
    expect(documentFacts(pages).pagesWith.get('journal of tests, page #')).toBe(3);
  });
});

describe('classification', () => {
  it('labels every paragraph and names the model, its confidence and its strongest features in the trace', () => {
    const body = Array.from({ length: 8 }, (_, i) => line(`Body sentence number ${i} of the running text that fills the column.`, 72, 160 + i * 12));
    const heading = line('Introduction', 72, 130, { bold: true, fontSize: 14 });
    const page = pageOf([heading, ...body]);
    const out = classifyPage({ page, paragraphs: [{ lines: [heading], trace: [] }, { lines: body, trace: [] }], flow: page.lines, bodySize: 10 }, { inReferences: false });
    expect(out.map((p) => p.label)).toEqual(['title', 'text']);
    const trace = out[0]!.trace.find((t) => t.stage === 'classify')!;
    expect(trace.rule).toBe('title.model');
    expect(Object.keys(trace.values!)).toHaveLength(4);
    expect(trace.values!.p).toBeGreaterThan(0.5);
  });

  it('decides from a feature vector with the trace values rounded for reading', () => {
    const { values } = decide(TINY, [9, 1]);
    expect(values).toEqual({ p: expect.any(Number), x: 9, y: 1 });
  });
});

describe('run-in headings', () => {
  /** A line whose first `bold` characters are set in bold, glyph by glyph (word spaces a third of the size, as in print). */
  function styled(text: string, bold: number, x0 = 72, y0 = 100): TextLine {
    const glyphs: Glyph[] = [];
    let x = x0;
    [...text].forEach((ch, i) => {
      if (ch === ' ') return void (x += 3);
      glyphs.push({ code: ch.codePointAt(0)!, x0: x, y0, x1: x + 5, y1: y0 + 10, base: y0 + 8, size: 10, style: { bold: i < bold, italic: false, monospace: false, math: false } });
      x += 5;
    });
    return { ...line(text, x0, y0), glyphs };
  }

  it('cuts a bold lead-in from the text that follows it on its line', () => {
    const l = styled('Detailed metrics. In Figure 11 we show the results', 17);
    const [head, rest] = splitRunInHeadings([l]);
    expect(head!.text).toBe('Detailed metrics.');
    expect(head!.bold).toBe(true);
    expect(rest!.text).toBe('In Figure 11 we show the results');
    expect(rest!.box[0]).toBeGreaterThan(head!.box[2]);
  });

  it('cuts a long lead-in from a short rest, but no bold line without a sentence end, nor an abstract\'s label', () => {
    expect(splitRunInHeadings([{ ...styled('Triplicate calibration curve of specimen. We report that', 41), bold: true }]).map((l) => l.text)).toEqual(['Triplicate calibration curve of specimen.', 'We report that']);
    expect(splitRunInHeadings([{ ...styled('Results of the triplicate calibration 15', 37), bold: true }])).toHaveLength(1);
    expect(splitRunInHeadings([styled('Abstract. The gross dividend rose in the spring', 9)])).toHaveLength(1);
    // Bold words the sentence runs on from are emphasis, not a heading.
    expect(splitRunInHeadings([styled('Jim Bainbridge is a senior consultant', 14)])).toHaveLength(1);
    expect(splitRunInHeadings([styled('WHERE <logic to test>', 5)])).toHaveLength(1);
    expect(splitRunInHeadings([styled('Keywords: dividends, margins', 9)])).toHaveLength(1);
  });

  it('leaves lines alone that are all one weight, or bold only inside a word', () => {
    expect(splitRunInHeadings([styled('Plain text line of a paragraph', 0)])).toHaveLength(1);
    expect(splitRunInHeadings([styled('Boldface starts here', 4)])).toHaveLength(1);
    expect(splitRunInHeadings([line('No glyphs from OCR. Text', 72, 100)])).toHaveLength(1);
  });

  /** A line whose first `lead` characters are set in italics. */
  function slanted(text: string, lead: number, x0 = 72, y0 = 100): TextLine {
    const l = styled(text, 0, x0, y0);
    let at = 0;
    [...text].forEach((ch, i) => {
      if (ch === ' ') return;
      if (i < lead) l.glyphs![at] = { ...l.glyphs![at]!, style: { ...l.glyphs![at]!.style, italic: true } };
      at++;
    });
    return { ...l, box: [x0, y0, x0 + 300, y0 + 10] };
  }

  it('cuts an italic lead-in that ends a sentence from the first line of its paragraph only', () => {
    const first = slanted('a) Net revenue and invoice: For this reason the margin rose by two points', 28);
    const next = { ...line('and the dividend was paid in full to the holders of record.', 72, 112), box: [72, 112, 372, 122] as TextLine['box'] };
    const paragraphs = splitParagraphs([first, next], 'page', 10);
    expect(paragraphs.map((p) => p.lines.map((l) => l.text))).toEqual([['a) Net revenue and invoice:'], ['For this reason the margin rose by two points', next.text]]);
    expect(paragraphs[0]!.lines[0]!.italic).toBe(true);
    expect(paragraphs[1]!.trace[0]!.rule).toBe('italic-run-in');
    // The next lettered run-in heading in the same column starts a paragraph of its own too.
    const second = { ...slanted('b) Gross margin and dividend: The board deferred the payment', 29, 84, 124), baseline: 132 };
    const last = { ...line('until the spring after the audit of the accounts was done.', 72, 136), box: [72, 136, 372, 146] as TextLine['box'] };
    expect(splitParagraphs([first, next, second, last], 'page', 10).map((p) => p.lines.map((l) => l.text))).toEqual([
      ['a) Net revenue and invoice:'],
      ['For this reason the margin rose by two points', next.text],
      ['b) Gross margin and dividend:'],
      ['The board deferred the payment', last.text],
    ]);
    // Emphasis: one italic word, italics that end no sentence, italics followed by a lower-case word.
    for (const [text, lead] of [['Nota. The margin rose by two points and more', 5], ['Net revenue and invoice rose by two points', 23], ['Net revenue and invoice. rose by two points', 24]] as const) {
      expect(splitParagraphs([slanted(text, lead), next], 'page', 10)).toHaveLength(1);
    }
    // Not on a paragraph's later line.
    const above = { ...next, box: [72, 88, 372, 98] as TextLine['box'], baseline: 96 };
    expect(splitParagraphs([above, { ...slanted('Net revenue and invoice. The margin rose', 24, 72, 100), box: [72, 100, 372, 110] }], 'page', 10)).toHaveLength(1);
  });

  it('cuts run-in headings after inline math has joined the pieces of their row', () => {
    const lead = styled('Detailed metrics. In Figure 11 we show the results of the run', 17);
    let seen: string[] = [];
    analyze([pageOf([lead])], { ...STAGES, paragraphs: (lines, path, size) => ((seen = lines.map((l) => l.text)), STAGES.paragraphs(lines, path, size)) });
    expect(seen).toEqual(['Detailed metrics.', 'In Figure 11 we show the results of the run']);
  });

  it('cuts a bold lead-in after a section number in the text\'s weight (amsart: "1.1. **Title.** Text")', () => {
    const l = styled('1.1. Critical firmware. We report that the sensor failed', 0);
    l.glyphs!.forEach((g, i) => (g.style = { ...g.style, bold: i >= 4 && i < 4 + 'Criticalfirmware.'.length }));
    expect(splitRunInHeadings([l]).map((x) => x.text)).toEqual(['1.1. Critical firmware.', 'We report that the sensor failed']);
    // A number alone in another weight is no lead-in; nor are digits that are not a section number.
    expect(splitRunInHeadings([styled('12 Critical firmware. We report that', 0)])).toHaveLength(1);
    const year = styled('2016 Critical firmware. We report that', 0);
    expect(splitRunInHeadings([year])).toHaveLength(1);
    const numbered = slanted('1.1.1. Sterile substrate. We report that the sample rose', 0);
    numbered.glyphs!.forEach((g, i) => (g.style = { ...g.style, italic: i >= 6 && i < 6 + 'Sterilesubstrate.'.length }));
    const next = { ...line('and the dividend was paid in full to the holders of record.', 72, 112), box: [72, 112, 372, 122] as TextLine['box'] };
    expect(splitParagraphs([numbered, next], 'page', 10).map((p) => p.lines.map((x) => x.text))).toEqual([['1.1.1. Sterile substrate.'], ['We report that the sample rose', next.text]]);
  });

  it('keeps a caption\'s bold label with its caption', () => {
    expect(splitRunInHeadings([styled('Table 1. Frozen sample in enzyme', 8)])).toHaveLength(1);
    expect(splitRunInHeadings([styled('Fig. 3: Baseline culture and control group', 7)])).toHaveLength(1);
  });
});

describe('lettered headings and wrapped items', () => {
  const at = (text: string, x0: number, y0: number, x1: number) => ({ ...line(text, x0, y0), box: [x0, y0, x1, y0 + 10] as TextLine['box'] });

  it('ends a lone centred line over a line at the left edge (a centred heading in the text\'s own type)', () => {
    const lines = [at('1. Interfaces', 190, 100, 250), at('1.1. Critical firmware. We report that the structural sensor', 72, 114, 372), at('failed, while the gearbox was simulated in the test rig.', 72, 126, 372)];
    const split = splitParagraphs(lines, 'page', 10);
    expect(split.map((p) => p.lines.length)).toEqual([1, 2]);
    expect(split[1]!.trace[0]!.rule).toBe('after-centred-line');
    // A line set off-centre (indented, running short of the right edge) is no centred heading.
    expect(splitParagraphs([at('1. Interfaces', 120, 100, 180), lines[1]!, lines[2]!], 'page', 10)).toHaveLength(1);
    // Centred lines over centred lines (a title page) stay together.
    expect(splitParagraphs([at('Critical assembly of the', 160, 100, 284), at('coolant loop conditions', 150, 112, 294), at('1.1. Critical firmware. We report that the structural sensor', 72, 124, 372)], 'page', 10).map((p) => p.lines.length)).toEqual([2, 1]);
  });

  it('ends a short line in capitals set in another size over the text under it (a sidebar\'s label)', () => {
    const label = { ...at('ABOUT THE AUTHOR', 395, 398, 488), fontSize: 11.2 };
    const text = [{ ...at('Yuki Fernández is an editor at the', 395, 414, 515), fontSize: 12.3 }, { ...at('journal and writes about the tests.', 395, 430, 512), fontSize: 12.3 }];
    const split = splitParagraphs([label, ...text], 'page', 12.3);
    expect(split.map((p) => p.lines.length)).toEqual([1, 2]);
    expect(split[1]!.trace[0]!.rule).toBe('after-capitals-label');
    // In the text's own size (a name in capitals over an address), or in lower case: one paragraph.
    expect(splitParagraphs([{ ...label, fontSize: 12.3 }, ...text], 'page', 12.3)).toHaveLength(1);
    expect(splitParagraphs([{ ...label, text: 'About the author' }, ...text], 'page', 12.3)).toHaveLength(1);
  });

  it('ends a short lettered line over an indented paragraph (a heading, not an item and its hanging line)', () => {
    const lines = [at('A. Gross depreciation', 72, 100, 160), at('In addition, the fiscal portfolio was hedged after the', 84, 112, 300), at('valuation was reviewed by the board of the firm and', 72, 124, 300)];
    expect(splitParagraphs(lines, 'page', 10).map((p) => p.lines.length)).toEqual([1, 2]);
  });

  it('keeps a numbered bold heading wrapped over two short lines in one paragraph', () => {
    const bold = (l: TextLine): TextLine => ({ ...l, bold: true, fontSize: 15.5, glyphs: [] });
    const lines = [bold(at('1.1 Worst-case controller of', 67, 180, 247)), { ...bold(at('throughput planning', 66, 197, 201)), baseline: 206 }, { ...at('The worst-case throughput was replaced by the team', 82, 218, 530), fontSize: 14.7, baseline: 226 }];
    expect(splitParagraphs(lines, 'page', 14.7).map((p) => p.lines.length)).toEqual([2, 1]);
    // A plain item that stops short still ends its list at the markers' edge.
    const items = [{ ...at('1. Net revenue rose in the spring', 72, 100, 220), glyphs: [] }, { ...at('The board deferred the payment until the audit was done.', 72, 112, 300), glyphs: [] }];
    expect(splitParagraphs(items, 'page', 10).map((p) => p.lines.length)).toEqual([1, 1]);
  });

  it('ends an italic heading line over its upright paragraph, even when it runs nearly full', () => {
    const italic = (l: TextLine): TextLine => ({ ...l, italic: true, glyphs: [...l.text.replace(/ /g, '')].map((ch, i) => ({ code: ch.codePointAt(0)!, x0: l.box[0] + i * 5, y0: l.box[1], x1: l.box[0] + i * 5 + 5, y1: l.box[3], base: l.baseline, size: 10, style: { bold: false, italic: true, monospace: false, math: false } })) });
    // IEEE's subsection: "A. Title" in italic, 87% of the column, over an indented paragraph.
    const heading = italic(at('A. Community-based symptom in follow-up visit', 72, 100, 262));
    const body = [at('The weekly intervention was referred by 31.4 com-', 84, 112, 300), at('pared with the admission. In contrast, the referral', 72, 124, 300)];
    expect(splitParagraphs([heading, ...body], 'page', 10).map((p) => p.lines.length)).toEqual([1, 2]);
    expect(splitParagraphs([heading, ...body], 'page', 10)[1]!.trace[0]!.rule).toBe('slant-change');
    // An italic first line that runs on (ends in a comma, or to the edge) is the paragraph's own.
    const runsOn = italic(at('In the words of the report, the margin rose by two,', 72, 100, 262));
    const wrapped = at('pared with the admission. In contrast, the referral', 72, 112, 300);
    expect(splitParagraphs([runsOn, wrapped], 'page', 10)).toHaveLength(1);
    // A line with upright words among its italics is no heading.
    const mixed = italic(at('A. Community-based symptom in follow-up visit', 72, 100, 262));
    mixed.glyphs![3] = { ...mixed.glyphs![3]!, style: { ...mixed.glyphs![3]!.style, italic: false } };
    expect(splitParagraphs([mixed, wrapped], 'page', 10)).toHaveLength(1);
  });

  it('keeps an item that wraps to the margin in one paragraph, and ends a hanging list at the margin', () => {
    const wrappedToMargin = [at('a) Net revenue rose: For this reason, the fiscal', 84, 100, 300), at('dividend was deferred after the portfolio was re-', 72, 112, 300), at('viewed by the board in the spring.', 72, 124, 220)];
    expect(splitParagraphs(wrappedToMargin, 'page', 10).map((p) => p.lines.length)).toEqual([3]);
    const hanging = [at('1. Net revenue rose after the fiscal dividend was', 72, 100, 300), at('deferred by the board in the spring.', 84, 112, 250), at('The next paragraph starts at the margin and runs on', 72, 124, 300)];
    expect(splitParagraphs(hanging, 'page', 10).map((p) => p.lines.length)).toEqual([2, 1]);
    // One-line items set at the margin: the line after the last, short item opens a paragraph.
    const items = [at('1. Net revenue rose in the spring.', 72, 100, 220), at('2. Cold request under migration', 72, 112, 210), at('The warm checkpoint was sharded by the board after', 72, 124, 300), at('the review of the accounts.', 72, 136, 190)].map((l) => ({ ...l, glyphs: [] }));
    expect(splitParagraphs(items, 'page', 10).map((p) => p.lines.length)).toEqual([2, 2]);
    // Read by OCR (no glyphs), where a missed bullet moves the markers' edge onto the items' text: left alone.
    expect(splitParagraphs(items.map(({ glyphs: _, ...l }) => l), 'page', 10).map((p) => p.lines.length)).toEqual([4]);
    // Ragged right: an item's short line and the line hanging right of its marker are one item.
    const ragged = [at('• Mentorships and internship programs featuring', 72, 100, 260), at('diverse employees, and the scholarship', 84, 112, 200), at('which focuses on the growth of talent', 84, 124, 226)];
    expect(splitParagraphs(ragged, 'page', 10).map((p) => p.lines.length)).toEqual([3]);
  });
});

describe('lines that are all items', () => {
  it('makes a paragraph whose every line opens an item a list, not one of a table of contents', () => {
    const rule = RULES.find((r) => r.id === 'list.every-line-an-item')!;
    const facts = (texts: string[]) => {
      const lines = texts.map((t, i) => line(t, 72, 100 + i * 12));
      return { lines, text: texts.join(' '), bodySize: 10, page: pageOf(lines), flow: lines, equation: false, inReferences: false };
    };
    expect(rule.test(facts(['1. first step', '2. second step']))).toEqual({ items: 2 });
    expect(rule.test(facts(['1.1 Scope . . . . . . . . 2', '1.2 Terms . . . . . . . . 3']))).toBeNull();
    expect(rule.test({ ...facts(['1. first step', '2. second step']), inReferences: true })).toBeNull();
  });
});

describe('stacked headings', () => {
  it('splits two headings of different levels set one under the other, not a heading\'s wrapped lines', () => {
    const stacked = [line('Case definitions', 63, 154, { fontSize: 17.5 }), line('Chronic symptom of survey', 63, 181, { fontSize: 16.4 }), line('The confirmed clinic was enrolled by 791,976 compared with the visit.', 63, 202, { fontSize: 13.3 })];
    expect(splitParagraphs(stacked, 'page', 13.3).map((p) => p.lines.length)).toEqual([1, 1, 1]);
    const wrapped = [line('A long section title that the page', 63, 154, { fontSize: 17.5 }), line('wraps onto a second line', 63, 176, { fontSize: 17.5 })];
    expect(splitParagraphs(wrapped, 'page', 13.3).map((p) => p.lines.length)).toEqual([2]);
  });
});

describe('face changes', () => {
  const inFont = (text: string, y: number, size: number, font: string): TextLine => {
    const l = line(text, 434, y, { fontSize: size });
    l.glyphs = [...text].map((ch, k): Glyph => ({ code: ch.codePointAt(0)!, x0: 434 + k * 5, y0: y, x1: 439 + k * 5, y1: y + size, base: y + size * 0.8, size, font, style: { bold: false, italic: false, monospace: false, math: false } }));
    return l;
  };

  it('splits a heading in a font of its own and a size 12% larger from the lines under it, not a line with the same face', () => {
    // Chromium's unnamed Type 3 fonts: the sidebar heading's bold face is only another font.
    const heading = inFont('On this page', 242, 14, 'unnamed-1');
    const items = [inFont('Risk factors', 261, 12.3, 'unnamed-2'), inFont('Accounting policies', 276, 12.3, 'unnamed-2')];
    expect(splitParagraphs([heading, ...items], 'page', 12.3).map((p) => p.lines.length)).toEqual([1, 2]);
    // The same sizes in one face stay one paragraph (a size change of 12% alone is no break).
    const same = [inFont('On this page', 242, 14, 'unnamed-2'), ...items];
    expect(splitParagraphs(same, 'page', 12.3).map((p) => p.lines.length)).toEqual([3]);
  });
});

describe('lists', () => {
  it('joins items set apart by a little extra space into one list', () => {
    const items = [0, 1, 2].map((i) => labelled([line(`• Item number ${i} of the list`, 72, 100 + i * 18)], 'list'));
    const out = joinListItems(items);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toHaveLength(3);
    expect(out[0]!.trace.map((t) => t.rule)).toEqual(['list.next-item', 'list.next-item']);
  });

  it('keeps a smaller line close under an item with it (a related-articles list\'s date), not a list of its own', () => {
    const title = labelled([line('• Structural coolant loop in torque', 72, 100, { fontSize: 11.2 })], 'list');
    const date = (y: number) => labelled([line('November 2021', 84, y, { fontSize: 9.5 })], 'list');
    const next = labelled([line('• Modular gearbox of gearbox review', 72, 130, { fontSize: 11.2 })], 'list');
    const joined = joinListItems([title, date(113), next]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.lines.map((l) => l.text)).toEqual(['• Structural coolant loop in torque', 'November 2021', '• Modular gearbox of gearbox review']);
    expect(joined[0]!.trace.map((t) => t.rule)).toEqual(['list.item-continued', 'list.next-item']);
    // Set apart by more than a line's pitch, at the markers' edge, or larger: not the item's.
    expect(joinListItems([title, date(124)])).toHaveLength(2);
    expect(joinListItems([title, labelled([line('November 2021', 72, 113, { fontSize: 9.5 })], 'list')])).toHaveLength(2);
    expect(joinListItems([title, labelled([line('November 2021', 84, 113, { fontSize: 14 })], 'list')])).toHaveLength(2);
  });

  it('joins a list read on at the top of the next column, past the footnotes at the first column\'s foot', () => {
    const left = labelled([line('• Unaudited operating cost in valuation', 72, 700), line('• Quarterly balance sheet of the fund', 72, 714)], 'list');
    const note = labelled([line('2The weekly prevalence was discharged in Porto', 72, 760, { fontSize: 8 })], 'page_footnote');
    const right = labelled([line('• The quarterly balance sheet rose in Aarhus', 320, 72)], 'list');
    const joined = joinListItems([left, note, right]);
    expect(joined.map((p) => p.label)).toEqual(['list', 'page_footnote']);
    expect(joined[0]!.lines).toHaveLength(3);
    expect(joined[0]!.trace.map((t) => t.rule)).toEqual(['list.next-column']);
    expect(joinListItems([left, right])).toHaveLength(1);
    // A figure's caption at the next column's top read in between; the items after the first
    // part there go on with the list, and the caption follows it.
    const caption = labelled([line('Fig. 2. Frozen sample in enzyme', 320, 60)], 'caption');
    const more = labelled([line('• The gross margin fell in the spring', 320, 90)], 'list');
    const across = joinListItems([left, caption, right, more]);
    expect(across.map((p) => p.label)).toEqual(['list', 'caption']);
    expect(across[0]!.lines).toHaveLength(4);
    expect(across[0]!.trace.map((t) => t.rule)).toEqual(['list.next-column', 'list.next-item']);
    // Not a list of another kind, nor one read after a paragraph, nor one lower on the page (beside it).
    expect(joinListItems([left, labelled([line('1. The quarterly balance sheet rose', 320, 72)], 'list')])).toHaveLength(2);
    expect(joinListItems([left, labelled([line('A paragraph ends the column.', 72, 730)], 'text'), right])).toHaveLength(3);
    expect(joinListItems([left, labelled([line('• The quarterly balance sheet rose', 320, 705)], 'list')])).toHaveLength(2);
  });

  it('keeps lists apart across a paragraph, a wide gap or another column', () => {
    const a = labelled([line('1. First list item', 72, 100)], 'list');
    const text = labelled([line('A paragraph between the lists.', 72, 114)], 'text');
    const b = labelled([line('1. Second list item', 72, 128)], 'list');
    expect(joinListItems([a, text, b])).toHaveLength(3);
    expect(joinListItems([a, labelled([line('2. Far below', 72, 200)], 'list')])).toHaveLength(2);
    expect(joinListItems([a, labelled([line('2. Next column', 320, 100)], 'list')])).toHaveLength(2);
  });
});

describe('list ends', () => {
  it('ends a list where a line starts left of its markers, or back at them after hanging lines', () => {
    const wide = (text: string, x: number, y: number) => ({ ...line(text, x, y), box: [x, y, 540, y + 10] as [number, number, number, number] });
    const items = [wide('• The first item of the list runs over', 90, 100), wide('two lines with a hanging indent', 100, 112), wide('• The second item', 90, 124)];
    const outdented = splitParagraphs([...items, wide('The text after the list starts at the margin.', 72, 136)], 't');
    expect(outdented.map((p) => p.lines.length)).toEqual([3, 1]);
    expect(outdented[1]!.trace[0]!.rule).toBe('list-end');
    const atMarkers = splitParagraphs([...items, wide('Text at the markers\' edge after the list.', 90, 136)], 't');
    expect(atMarkers.map((p) => p.lines.length)).toEqual([3, 1]);
    // An item's own next line, hanging right of its marker, stays in the list.
    expect(splitParagraphs([...items, wide('and its second line', 100, 136)], 't')).toHaveLength(1);
  });
});

describe('captions', () => {
  it('keeps a caption the paragraphs split in two whole, attached to its figure', () => {
    const page = pageOf([]);
    const first = labelled([line('Figure 3: The measured throughput of the three', 72, 310)], 'caption');
    const second = labelled([line('systems over the whole week of testing.', 72, 324)], 'caption');
    const after = labelled([line('The body text goes on below the figure.', 72, 360)], 'text');
    const units = placeRegions(page, [first, second, after], [{ kind: 'image', box: [72, 100, 400, 300], lines: [], trace: [] }]);
    expect(units).toHaveLength(2);
    const figure = units[0]!;
    expect(figure.kind === 'region' && figure.placed.captions.map((c) => c.lines.length)).toEqual([2]);
  });

  it('joins a caption\'s label standing alone to the title line under it, whichever of them is nearer the table', () => {
    const table: Region = { kind: 'table', box: [72, 140, 400, 300], lines: [], trace: [], table: { box: [72, 140, 400, 300], rows: 2, cols: 2, cells: [] } };
    const label = () => labelled([line('TABLE II', 200, 100)], 'text');
    const titleLine = (type: LabelledParagraph['label']) => labelled([line('WORST-CASE THROUGHPUT AND TEST RIG RESULTS', 120, 114)], type);
    for (const type of ['title', 'text', 'caption'] as const) {
      const units = placeRegions(pageOf([]), [label(), titleLine(type)], [table]);
      expect(units.map((u) => u.kind), type).toEqual(['region']);
      const [caption] = units[0]!.kind === 'region' ? units[0]!.placed.captions : [];
      expect(caption!.lines.map((l) => l.text)).toEqual(['TABLE II', 'WORST-CASE THROUGHPUT AND TEST RIG RESULTS']);
    }
    // A label with its text on its own line takes no paragraph from farther below.
    const far = placeRegions(pageOf([]), [labelled([line('TABLE II', 200, 100)], 'text'), labelled([line('Body text far below the label.', 72, 400)], 'text')], [{ ...table, box: [72, 114, 400, 300] }]);
    expect(far.map((u) => u.kind)).toEqual(['region', 'paragraph']);
  });

  it('cuts one paragraph holding two side-by-side tables\' captions at the second label, each table taking its own', () => {
    const region = (box: Box): Region => ({ kind: 'table', box, lines: [], trace: [], table: { box, rows: 3, cols: 2, cells: [] } });
    const left = region([54, 290, 290, 360]);
    const right = region([327, 290, 554, 348]);
    // The right table's caption sits higher (its table is shorter); the paragraphs read both captions as one.
    const joined = labelled([line('Table 5. Recurring portfolio and valuation', 327, 354), line('Table 4. Gross balance sheet and', 54, 366), line('operating cost', 54, 378)], 'caption');
    const units = placeRegions(pageOf([]), [joined], [left, right]);
    const captions = units.flatMap((u) => (u.kind === 'region' ? [[u.placed.region.box[0], u.placed.captions.map((c) => c.lines.map((l) => l.text).join(' '))] as const] : []));
    expect(Object.fromEntries(captions)).toEqual({ 54: ['Table 4. Gross balance sheet and operating cost'], 327: ['Table 5. Recurring portfolio and valuation'] });
    // A sentence naming a table on a caption's next line goes on with it.
    const one = labelled([line('Table 5. Recurring portfolio, as', 327, 354), line('Table 4 shows for the other year.', 327, 366)], 'caption');
    const single = placeRegions(pageOf([]), [one], [right]);
    expect(single[0]!.kind === 'region' && single[0]!.placed.captions.map((c) => c.lines.length)).toEqual([2]);
  });

  it('ends a caption set under its table at the table\'s note, and takes the note under the caption', () => {
    const table: Region = { kind: 'table', box: [45, 357, 560, 500], lines: [], trace: [], table: { box: [45, 357, 560, 500], rows: 2, cols: 2, cells: [] } };
    const caption = labelled([line('Table 1. Net forecast and forecast', 45, 506)], 'caption');
    const note = labelled([line('Note: However, the deferred cash flow fell after the review.', 45, 521)], 'caption');
    const units = placeRegions(pageOf([]), [caption, note], [table]);
    expect(units.map((u) => u.kind)).toEqual(['region']);
    const placed = units[0]!.kind === 'region' ? units[0]!.placed : undefined;
    expect(placed!.captions.map((c) => c.lines.map((l) => l.text))).toEqual([['Table 1. Net forecast and forecast']]);
    expect(placed!.notes.map((c) => c.lines[0]!.text)).toEqual(['Note: However, the deferred cash flow fell after the review.']);
  });

  it('gives a table title set between two tables to the one it is nearer, the lower one first, and joins the title\'s lines the paragraphs split above the part nearest it', () => {
    const tableAt = (y0: number, y1: number): Region => ({ kind: 'table', box: [72, y0, 400, y1], lines: [], trace: [], table: { box: [72, y0, 400, y1], rows: 2, cols: 2, cells: [] } });
    const upper = tableAt(50, 160);
    const lower = tableAt(208, 300);
    const title = labelled([line('TABLE I RECURRING PROVISION IN AUDIT REVIEW', 120, 184)], 'caption');
    const units = placeRegions(pageOf([]), [title], [upper, lower]);
    const captionsOf = (u: (typeof units)[number]) => (u.kind === 'region' ? u.placed.captions.map((c) => c.lines.map((l) => l.text).join(' ')) : []);
    expect(units.map((u) => u.kind)).toEqual(['region', 'region']);
    expect(units.map(captionsOf)).toEqual([[], ['TABLE I RECURRING PROVISION IN AUDIT REVIEW']]);
    // Nearer the upper table (a document setting its captions under its tables), it is the upper one's.
    const under = labelled([line('Table 1: Adjusted budget line of equity review', 120, 165)], 'caption');
    expect(placeRegions(pageOf([]), [under], [upper, lower]).map(captionsOf)).toEqual([['Table 1: Adjusted budget line of equity review'], []]);
    // A caption opening with its label wins over a nearer line the classifier alone took for one.
    const cell = labelled([line('We report that the eligible caregiver was reported.', 80, 304)], 'caption');
    const titled = labelled([line('Table 1. Acute intervention in survey review', 120, 319)], 'caption');
    expect(placeRegions(pageOf([]), [cell, titled], [tableAt(221, 293)]).flatMap(captionsOf)).toEqual(['Table 1. Acute intervention in survey review']);
    // A label standing alone over its title line between the tables: the label alone is nearer the
    // upper table, the caption as a whole nearer the lower one, whose caption it is.
    const label = labelled([line('TABLE I', 200, 177)], 'caption');
    const titleLine = labelled([line('RECURRING PROVISION IN AUDIT REVIEW', 120, 189)], 'caption');
    expect(placeRegions(pageOf([]), [label, titleLine], [upper, lower]).map(captionsOf)).toEqual([[], ['TABLE I RECURRING PROVISION IN AUDIT REVIEW']]);
    // A lone table still takes a title under it.
    expect(placeRegions(pageOf([]), [labelled([line('TABLE I RECURRING PROVISION IN AUDIT REVIEW', 120, 184)], 'caption')], [upper]).map(captionsOf)).toEqual([['TABLE I RECURRING PROVISION IN AUDIT REVIEW']]);

    // "TABLE IV" / two lines of its title / its last line: the last line is nearest the table.
    const parts = [
      labelled([line('TABLE IV', 200, 100)], 'text'),
      labelled([line('MODULAR THROUGHPUT FOR LOAD CASE CONDITIONS. THE REDUNDANT TORQUE', 72, 112)], 'caption'),
      labelled([line('EXCEEDED THE LIMIT IN TRONDHEIM.', 150, 124)], 'caption'),
    ];
    const split = placeRegions(pageOf([]), parts, [tableAt(140, 300)]);
    expect(split.map((u) => u.kind)).toEqual(['region']);
    expect(captionsOf(split[0]!)).toEqual(['TABLE IV MODULAR THROUGHPUT FOR LOAD CASE CONDITIONS. THE REDUNDANT TORQUE EXCEEDED THE LIMIT IN TRONDHEIM.']);
  });

  it('joins a caption\'s first line, typed text and read apart from it (a sidebar read between), under its picture', () => {
    const photo: Region = { kind: 'image', box: [206, 254, 422, 411], lines: [], trace: [] };
    const first = labelled([line('We report that the quarterly valuation was recognized, while the quarterly', 205, 416)], 'text');
    const sidebar = labelled([line('The author', 36, 432)], 'title');
    const last = labelled([line('provision was recognized.', 205, 428)], 'caption');
    const units = placeRegions(pageOf([]), [first, sidebar, last], [photo]);
    expect(units.map((u) => (u.kind === 'paragraph' ? u.paragraph.lines[0]!.text : 'region')).sort()).toEqual(['The author', 'region']);
    const placed = units.flatMap((u) => (u.kind === 'region' ? [u.placed] : []))[0];
    expect(placed!.captions.map((c) => c.lines.map((l) => l.text).join(' '))).toEqual(['We report that the quarterly valuation was recognized, while the quarterly provision was recognized.']);
  });

  it('takes a photograph\'s credit under it as its note, not its caption, also where the paragraphs joined it to the caption', () => {
    const photo: Region = { kind: 'image', box: [72, 100, 300, 300], lines: [], trace: [] };
    const placedOf = (units: ReturnType<typeof placeRegions>) => (units[0]!.kind === 'region' ? units[0]!.placed : undefined);
    const credit = labelled([line('PHOTO: CARLOS DUBOIS / WIKIMEDIA COMMONS', 72, 304, { fontSize: 7 })], 'caption');
    const caption = labelled([line('Figure 1. The intervention was enrolled for 26 %.', 72, 316)], 'text');
    const apart = placedOf(placeRegions(pageOf([]), [credit, caption], [photo]));
    expect(apart!.captions.map((c) => c.lines.map((l) => l.text).join(' '))).toEqual(['Figure 1. The intervention was enrolled for 26 %.']);
    expect(apart!.notes.map((c) => c.lines[0]!.text)).toEqual(['PHOTO: CARLOS DUBOIS / WIKIMEDIA COMMONS']);
    // Set flush right, off the picture's span, and joined to the caption under it by the paragraphs.
    const joined = labelled([line('© LUKAS MÜLLER', 320, 304, { fontSize: 7 }), line('Material clause.', 72, 318)], 'caption');
    const cut = placedOf(placeRegions(pageOf([]), [joined], [photo]));
    expect(cut!.captions.map((c) => c.lines.map((l) => l.text).join(' '))).toEqual(['Material clause.']);
    expect(cut!.notes.map((c) => c.lines[0]!.text)).toEqual(['© LUKAS MÜLLER']);
    // A table's "Source:" line under it is its note, never its caption.
    const table: Region = { kind: 'table', box: [72, 100, 400, 200], lines: [], trace: [], table: { box: [72, 100, 400, 200], rows: 2, cols: 2, cells: [] } };
    const source = placedOf(placeRegions(pageOf([]), [labelled([line('Source: Institute of Applied Sciences, 06.04.2026', 72, 206)], 'caption')], [table]));
    expect(source!.captions).toEqual([]);
    expect(source!.notes.map((c) => c.lines[0]!.text)).toEqual(['Source: Institute of Applied Sciences, 06.04.2026']);
  });

  it('takes a caption the classifier found even without a "Figure" label', () => {
    const page = pageOf([]);
    const caption = labelled([line('Throughput over the week.', 72, 310)], 'caption');
    const units = placeRegions(page, [caption], [{ kind: 'image', box: [72, 100, 400, 300], lines: [], trace: [] }]);
    expect(units).toHaveLength(1);
  });

  it('reaches a caption three of its ems below its chart on a short slide page', () => {
    const slide: Page = { index: 0, width: 363, height: 272, images: [], source: 'text-layer', lines: [] };
    // 20 points below the chart: more than 6% of the slide's height, less than three 8-point ems.
    const caption = labelled([line('Redundant vibration mode of torque', 99, 249, { fontSize: 8 })], 'caption');
    const chart: Region = { kind: 'chart', box: [101, 32, 299, 229], lines: [], trace: [] };
    expect(placeRegions(slide, [caption], [chart])).toHaveLength(1);
    // Farther down it stays a paragraph of its own.
    expect(placeRegions(slide, [labelled([line('Redundant vibration mode of torque', 99, 259, { fontSize: 8 })], 'caption')], [chart])).toHaveLength(2);
  });
});

describe('figures anchored by their caption', () => {
  it('makes a figure of the drawings above a caption no detector took, with the labels drawn in it', () => {
    const page: Page = { ...pageOf([]), graphics: [[100, 120, 300, 200], [150, 210, 250, 280]] };
    const above = labelled([line('The text above the figure ends here.', 72, 90)], 'text');
    const label = labelled([line('Input', 160, 150)], 'text');
    const caption = labelled([line('Figure 2: The pipeline.', 72, 300)], 'caption');
    const after = labelled([line('The body text goes on below the figure.', 72, 330)], 'text');
    const units = placeRegions(page, [above, label, caption, after], []);
    expect(units.map((u) => u.kind)).toEqual(['paragraph', 'region', 'paragraph']);
    const figure = units[1]!;
    expect(figure.kind === 'region' && figure.placed.region.box).toEqual([100, 120, 300, 280]);
    expect(figure.kind === 'region' && figure.placed.region.lines.map((l) => l.text)).toEqual(['Input']);
    expect(figure.kind === 'region' && figure.placed.captions).toHaveLength(1);
  });

  it('anchors a figure on the classifier\'s caption without a "Figure" label (a slide\'s), not on a table\'s', () => {
    const page: Page = { ...pageOf([]), graphics: [[100, 120, 300, 200]] };
    const bare = labelled([line('Adjusted symptom and prevalence', 100, 215)], 'caption');
    expect(placeRegions(page, [bare], []).map((u) => u.kind)).toEqual(['region']);
    const table = labelled([line('Table 2: Adjusted symptom and prevalence', 100, 215)], 'caption');
    expect(placeRegions(page, [table], []).map((u) => u.kind)).toEqual(['paragraph']);
    // Plain text under drawings, with no "Figure" label, is no caption.
    expect(placeRegions(page, [labelled([line('Adjusted symptom and prevalence', 100, 215)], 'text')], []).map((u) => u.kind)).toEqual(['paragraph']);
  });

  it('leaves a caption alone with no drawings above it', () => {
    const caption = labelled([line('Figure 2: The pipeline.', 72, 300)], 'caption');
    expect(placeRegions(pageOf([]), [caption], []).map((u) => u.kind)).toEqual(['paragraph']);
  });
});

describe('wrapped headings', () => {
  // OCR's 18-point heading lines, 22 points apart: their boxes 4 points apart.
  const at = (text: string, x: number, top: number) => line(text, x, top, { fontSize: 18 });
  it('joins a heading\'s second line in lower case, or after a hyphen, to the line above', () => {
    const out = joinWrappedHeadings([labelled([at('Threats to', 72, 100)], 'title'), labelled([at('validity', 72, 122)], 'title')]);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines.map((l) => l.text)).toEqual(['Threats to', 'validity']);
    expect(out[0]!.trace.map((t) => t.rule)).toContain('title.wrapped-line-joined');
    // Set centred: the middles line up.
    expect(joinWrappedHeadings([labelled([at('Regional admission for', 200, 100)], 'title'), labelled([at('review', 260, 122)], 'title')])).toHaveLength(1);
    expect(joinWrappedHeadings([labelled([at('3.1 Applicable amendment under tri-', 72, 100)], 'title'), labelled([at('Bunal results', 72, 122)], 'title')])).toHaveLength(1);
    // Hanging under the text after the heading's number.
    expect(joinWrappedHeadings([labelled([at('1.1 Exclusive confidential information', 72, 100)], 'title'), labelled([at('in licensee', 100, 122)], 'title')])).toHaveLength(1);
  });

  it('keeps apart two headings, a heading and its text, far lines and lines of other sizes or columns', () => {
    const first = labelled([at('2 Methods', 72, 100)], 'title');
    expect(joinWrappedHeadings([first, labelled([at('2.1 Data', 72, 122)], 'title')])).toHaveLength(2);
    expect(joinWrappedHeadings([first, labelled([at('a) Sampling:', 72, 122)], 'title')])).toHaveLength(2);
    expect(joinWrappedHeadings([first, labelled([line('and the data were taken', 72, 122)], 'text')])).toHaveLength(2);
    expect(joinWrappedHeadings([first, labelled([at('validity', 72, 160)], 'title')])).toHaveLength(2);
    expect(joinWrappedHeadings([first, labelled([line('validity', 72, 122, { fontSize: 10 })], 'title')])).toHaveLength(2);
    expect(joinWrappedHeadings([first, labelled([at('validity', 330, 122)], 'title')])).toHaveLength(2);
  });
});

describe('division labels', () => {
  it('joins "Chapter 3" to the title set below it, and nothing else', () => {
    const label = labelled([line('Chapter 3', 72, 100, { fontSize: 20, bold: true })], 'title');
    const title = labelled([line('Instrumentation', 72, 140, { fontSize: 24, bold: true })], 'title');
    const out = joinDivisionLabels([label, title]);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines.map((l) => l.text)).toEqual(['Chapter 3', 'Instrumentation']);
    const section = labelled([line('3 Methods', 72, 100, { fontSize: 14, bold: true })], 'title');
    expect(joinDivisionLabels([section, title])).toHaveLength(2);
    expect(joinDivisionLabels([label, labelled(title.lines, 'text')])).toHaveLength(2);
  });
});

describe('table of contents', () => {
  it('sees a page number at the end of an entry\'s row', () => {
    const entry = line('2.1 Related work', 72, 100);
    const number = line('14', 520, 100);
    const page = pageOf([entry, number]);
    const f = paragraphFeatures({ page, paragraphs: [{ lines: [entry], trace: [] }, { lines: [number], trace: [] }], flow: page.lines, bodySize: 10, doc: documentFacts([page]) }, 0, false);
    expect(f[FEATURE_NAMES.indexOf('numberBeside')]).toBe(1);
    expect(f[FEATURE_NAMES.indexOf('dotLeaders')]).toBe(0);
  });

  it('puts an entry\'s page number back on its line: after dot leaders, and aligned with such numbers', () => {
    const chapter = line('1 Related work', 72, 100, { bold: true });
    const chapterNo = line('1', 530, 100);
    const section = line('1.1 Tail latency . . . . . . . . . .', 90, 114);
    const sectionNo = line('2', 530, 114);
    const out = attachTocNumbers([chapter, chapterNo, section, sectionNo]);
    expect(out.map((l) => l.text)).toEqual(['1 Related work 1', '1.1 Tail latency . . . . . . . . . . 2']);
    expect(out[1]!.box[2]).toBe(sectionNo.box[2]);
    // Without a leader line to align with, a number beside a text stays apart (a two-column table).
    expect(attachTocNumbers([chapter, chapterNo]).map((l) => l.text)).toEqual(['1 Related work', '1']);
  });

  it('puts back the page numbers of a chapter list without leaders, not a column of values that goes down', () => {
    const rows = (numbers: string[]) => numbers.flatMap((n, i) => [line(`${i + 1} Chapter title number ${i + 1}`, 72, 100 + i * 14), line(n, 530, 100 + i * 14)]);
    expect(attachTocNumbers(rows(['3', '5', '9'])).map((l) => l.text)).toEqual(['1 Chapter title number 1 3', '2 Chapter title number 2 5', '3 Chapter title number 3 9']);
    expect(attachTocNumbers(rows(['30', '5', '9']))).toHaveLength(6);
    expect(attachTocNumbers(rows(['3', '5']))).toHaveLength(4);
    // A vertical rule between the titles and the numbers: a ruled table's column of counts.
    expect(attachTocNumbers(rows(['3', '5', '9']), [[500, 90, 500, 150]])).toHaveLength(6);
  });

  it('puts back the page numbers of a short contents (two sections) under a "Contents" heading', () => {
    const rows = (numbers: string[]) => numbers.flatMap((n, i) => [line(`${i + 1} Section title ${i + 1}`, 72, 100 + i * 24), line(n, 530, 100 + i * 24)]);
    const heading = line('Contents', 72, 70, { fontSize: 14, bold: true });
    expect(attachTocNumbers([heading, ...rows(['1', '2'])]).map((l) => l.text)).toEqual(['Contents', '1 Section title 1 1', '2 Section title 2 2']);
    // Under another heading, two rows of a number beside a text stay apart (a two-column table).
    expect(attachTocNumbers([line('Results', 72, 70, { fontSize: 14, bold: true }), ...rows(['1', '2'])])).toHaveLength(5);
    // Pages that go down are no contents, whatever the heading.
    expect(attachTocNumbers([heading, ...rows(['2', '1'])])).toHaveLength(5);
  });

  it('leaves rows of amounts alone', () => {
    const rows = [line('Revenue . . . . . . .', 72, 100), line('120', 400, 100), line('135', 470, 100), line('Costs', 72, 114), line('80', 400, 114)];
    expect(attachTocNumbers(rows).map((l) => l.text)).toEqual(rows.map((l) => l.text));
  });

  it('sees a page number set apart by a tab inside the entry\'s own line', () => {
    const glyphsOf = (text: string, x0: number, at: (i: number) => number): Glyph[] =>
      [...text].map((ch, i) => ({ code: ch.codePointAt(0)!, x0: at(i), y0: 100, x1: at(i) + 5, y1: 110, base: 108, size: 10, style: { bold: false, italic: false, monospace: false, math: false } }));
    const entry = '2 Methods';
    const glyphs = [...glyphsOf(entry, 72, (i) => 72 + i * 5.5), ...glyphsOf('14', 520, (i) => 520 + i * 5.5)];
    const tabbed = line(`${entry} 14`, 72, 100, { glyphs, box: [72, 100, 531, 110] });
    const page = pageOf([tabbed]);
    const f = (l: TextLine) => paragraphFeatures({ page: pageOf([l]), paragraphs: [{ lines: [l], trace: [] }], flow: [l], bodySize: 10, doc: documentFacts([page]) }, 0, false);
    expect(f(tabbed)[FEATURE_NAMES.indexOf('numberBeside')]).toBe(1);
    const set = glyphsOf(`${entry} 14`, 72, (i) => 72 + i * 5.5);
    expect(f(line(`${entry} 14`, 72, 100, { glyphs: set }))[FEATURE_NAMES.indexOf('numberBeside')]).toBe(0);
  });
});

describe('same row', () => {
  it('counts the lines of a table row, not the other column\'s text beside a heading', () => {
    const heading = line('3.2 Results', 72, 300, { bold: true });
    const above = line('the end of the paragraph before the heading', 72, 280);
    const below = line('the paragraph after the heading starts here', 72, 316);
    const beside = line('text of the right column that happens to share the baseline', 320, 300);
    const page = pageOf([above, heading, below, beside]);
    const ctx = { page, paragraphs: [{ lines: [above], trace: [] }, { lines: [heading], trace: [] }, { lines: [below], trace: [] }], flow: page.lines, bodySize: 10, doc: documentFacts([page]) };
    expect(paragraphFeatures(ctx, 1, false)[FEATURE_NAMES.indexOf('sameRow')]).toBe(0);
    // Cells of one row, read one after the other: each sees the others.
    const cells = [line('Alpha', 72, 400), line('12.5', 200, 400), line('Beta', 320, 400)];
    const tablePage = pageOf(cells);
    const row = { page: tablePage, paragraphs: cells.map((l) => ({ lines: [l], trace: [] })), flow: cells, bodySize: 10, doc: documentFacts([tablePage]) };
    expect(paragraphFeatures(row, 1, false)[FEATURE_NAMES.indexOf('sameRow')]).toBe(2);
  });
});

describe('section numbers OCR cut off their titles', () => {
  it('puts a number back in front of the title on its row, a quad or two away', () => {
    const lines = [line('1.1', 72, 100, { fontSize: 12 }), line('Tail latency for endpoint', 100, 100, { fontSize: 12 }), line('IV.', 72, 140), line('RISK FACTORS', 95, 140)];
    expect(attachLoneSectionNumbers(lines).map((l) => l.text)).toEqual(['1.1 Tail latency for endpoint', 'IV. RISK FACTORS']);
  });

  it('puts a number back on a two-column page, where the other column\'s text shares the row', () => {
    // A 612-point page: "1" and "Introduction" in the left column, a body line of the right one beside them.
    const left = [line('1', 72, 100, { fontSize: 12 }), line('Introduction', 90, 100, { fontSize: 12 })];
    const beside = { ...line('the right column\'s text runs on at full width', 320, 100), box: [320, 90, 540, 100] as [number, number, number, number] };
    expect(attachLoneSectionNumbers([...left, beside], [], 612).map((l) => l.text)).toEqual(['1 Introduction', beside.text]);
    // The same in the right column, the left column's line beside it.
    const right = [line('2', 320, 140, { fontSize: 12 }), line('Methods', 338, 140, { fontSize: 12 })];
    const before = { ...line('the left column\'s text', 72, 140), box: [72, 130, 290, 140] as [number, number, number, number] };
    expect(attachLoneSectionNumbers([before, ...right], [], 612).map((l) => l.text)).toEqual([before.text, '2 Methods']);
    // The other column's short line (a heading's second line) beside it, under that column's wide line.
    const wide = { ...line('3.1 Applicable amendment under the', 320, 86), box: [320, 76, 530, 86] as [number, number, number, number] };
    const short = { ...line('tribunal results', 345, 100), box: [345, 90, 420, 100] as [number, number, number, number] };
    expect(attachLoneSectionNumbers([...left, wide, short], [], 612).map((l) => l.text)).toEqual(['1 Introduction', wide.text, short.text]);
    // Without the page's width (or with a narrow cell beside it) the row is a table's, as before.
    expect(attachLoneSectionNumbers([...left, beside]).map((l) => l.text)).toEqual(['1', 'Introduction', beside.text]);
    const cell = { ...line('45', 400, 100), box: [400, 90, 420, 100] as [number, number, number, number] };
    expect(attachLoneSectionNumbers([...left, cell], [], 612).map((l) => l.text)).toEqual(['1', 'Introduction', '45']);
  });

  it('leaves a table row, a number far from its text and a number before lower-case text alone', () => {
    const row = [line('2.1', 72, 100), line('Widget', 110, 100), line('45', 300, 100)];
    const far = [line('3', 72, 140), line('Results', 200, 140)];
    const lower = [line('12', 72, 180), line('samples were taken', 95, 180)];
    expect(attachLoneSectionNumbers([...row, ...far, ...lower]).map((l) => l.text)).toEqual(['2.1', 'Widget', '45', '3', 'Results', '12', 'samples were taken']);
    // A ruled table's first two cells: a vertical rule between them.
    const cells = [line('3', 72, 220), line('Description of the part', 110, 220)];
    expect(attachLoneSectionNumbers(cells, [[95, 210, 95, 240]]).map((l) => l.text)).toEqual(['3', 'Description of the part']);
  });
});

describe('paragraphs of a scan (lines without glyphs)', () => {
  // OCR's lines: no glyphs, no font; 10-point lines 12 points apart.
  const at = (text: string, x: number, row: number, width = 460) => ({ ...line(text, x, 100 + row * 12), box: [x, 100 + row * 12, x + width, 110 + row * 12] as [number, number, number, number] });

  it('opens a block at a caption label after a sentence, not at a mention of a table inside one', () => {
    const caption = [at('warrants by 696,276 compared with the liability.', 72, 0), at('Table 1: Material obligation', 72, 1, 150)];
    expect(splitParagraphs(caption, 'page', 10).map((p) => p.trace.at(-1)?.rule ?? '')).toHaveLength(2);
    const mention = [at('the results are given in', 72, 0), at('Table 1: they hold for every seed of the run.', 72, 1)];
    expect(splitParagraphs(mention, 'page', 10)).toHaveLength(1);
  });
});

describe('where a float is read', () => {
  const image = (box: [number, number, number, number]): Region => ({ kind: 'image', box, lines: [], trace: [] });
  const order = (units: ReturnType<typeof placeRegions>) => units.map((u) => (u.kind === 'region' ? 'IMAGE' : u.paragraph.lines[0]!.text));

  it('reads a logo before the letterhead set right beside it from its top', () => {
    const units = placeRegions(pageOf([]), [labelled([line('FAUGET PEST CONTROL', 200, 100, { fontSize: 16 })], 'title'), labelled([line('123 Anywhere St.', 200, 125)], 'text'), labelled([line('DATE', 72, 300)], 'text')], [image([100, 98, 180, 160])]);
    expect(order(units)).toEqual(['IMAGE', 'FAUGET PEST CONTROL', '123 Anywhere St.', 'DATE']);
  });

  it('reads a figure closing the left column before the right column, not after it', () => {
    const left = labelled([line('Left column text above the figure.', 72, 100)], 'text');
    const right = labelled([line('Right column text.', 320, 100)], 'text');
    const units = placeRegions(pageOf([]), [left, right], [image([72, 400, 290, 600])]);
    expect(order(units)).toEqual(['Left column text above the figure.', 'IMAGE', 'Right column text.']);
  });

  it('leaves text far right of a figure (another column, a sidebar) to its own turn', () => {
    const sidebar = labelled([line('Incremental query planner', 380, 110)], 'text');
    const below = labelled([line('Text under the figure.', 200, 200)], 'text');
    const units = placeRegions(pageOf([]), [sidebar, below], [image([200, 100, 320, 190])]);
    expect(order(units)).toEqual(['Incremental query planner', 'IMAGE', 'Text under the figure.']);
  });
});

describe('headings hold words', () => {
  it('keeps figures set large with a sign ("72%*", "$575,000") as text even when the model calls them a heading', () => {
    const alwaysTitle: BoostedModel = { classes: ['title', 'text'], features: [...FEATURE_NAMES], init: [1, 0], stages: [] };
    const lines = [line('72%*', 72, 100, { fontSize: 24, bold: true }), line('Recognition', 72, 160, { fontSize: 14, bold: true }), line('2021', 72, 220, { fontSize: 14, bold: true }), line('$575,000', 72, 280, { fontSize: 24, bold: true })];
    const page = pageOf(lines);
    const out = classifyPage({ page, paragraphs: lines.map((l) => ({ lines: [l], trace: [] })), flow: lines, bodySize: 10 }, { inReferences: false }, undefined, RULES, alwaysTitle);
    // A year alone may head a timeline's part.
    expect(out.map((p) => p.label)).toEqual(['text', 'title', 'title', 'text']);
    expect(out[0]!.trace.map((t) => t.rule)).toContain('title.without-words');
  });

  it('reads a row of four short labels side by side (the boxes of a diagram) as text, and two headings side by side as headings', () => {
    const alwaysTitle: BoostedModel = { classes: ['title', 'text'], features: [...FEATURE_NAMES], init: [1, 0], stages: [] };
    const labels = ['Build people', 'Open markets', 'Secure borders', 'Steady politics'].map((t, i) => line(t, 72 + i * 120, 300, { fontSize: 12, bold: true }));
    const columns = [line('2 Methods', 72, 100, { fontSize: 12, bold: true }), line('3 Results', 320, 100, { fontSize: 12, bold: true })];
    const lines = [...columns, ...labels];
    const out = classifyPage({ page: pageOf(lines), paragraphs: lines.map((l) => ({ lines: [l], trace: [] })), flow: lines, bodySize: 10 }, { inReferences: false }, undefined, RULES, alwaysTitle);
    expect(out.map((p) => p.label)).toEqual(['title', 'title', 'text', 'text', 'text', 'text']);
    expect(out[2]!.trace.find((t) => t.rule === 'title.in-a-row')?.values).toEqual({ beside: 3 });
  });

  it('keeps a paragraph the model reads as a footnote as text when the body goes on below it', () => {
    // A model that reads every paragraph opening with a number and a space as a footnote.
    const mark = FEATURE_NAMES.indexOf('footnoteMark');
    const byMark: BoostedModel = {
      classes: ['page_footnote', 'text'],
      features: [...FEATURE_NAMES],
      init: [0, 0],
      stages: [[{ feature: [mark, -1, -1], threshold: [0.5, 0, 0], left: [1, 0, 0], right: [2, 0, 0], value: [0, -5, 5] }, { feature: [-1], threshold: [0], left: [0], right: [0], value: [0] }]],
    };
    const lines = [line('2 Do you remember any poems you read at school?', 72, 100), line('Can you recite any of them?', 72, 130), line('3 A note set at the foot of the page.', 72, 700)];
    const out = classifyPage({ page: pageOf(lines), paragraphs: lines.map((l) => ({ lines: [l], trace: [] })), flow: lines, bodySize: 10 }, { inReferences: false }, undefined, RULES, byMark);
    expect(out.map((p) => p.label)).toEqual(['text', 'text', 'page_footnote']);
    expect(out[0]!.trace.map((t) => t.rule)).toContain('footnote.not-at-foot');
  });
});
