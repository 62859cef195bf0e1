// Inline math in running text: each line of a text paragraph is read by the math module, and
// where it finds formulas (math fonts, scripts, symbols) the line's text gets them as $…$.
// Pieces of an inline formula that the text layer set on lines of their own (a raised exponent,
// the numerator and denominator of a \frac in text) join the line they stand on first.
// A line without math keeps its extracted text untouched.
import type { LabelledParagraph } from '../model/analysis.js';
import type { Box, Page, TextLine } from '../model/document.js';
import { entry } from '../model/trace.js';
import { inlineMath, lineSize } from '../math/index.js';

/** Labels whose text is running prose, where inline math is read. */
const PROSE_LABELS = new Set(['text', 'list', 'page_footnote']);
/** A fraction bar or a vinculum drawn as a filled box is at most this many ems thick. */
const RULE_THICKNESS = 0.15;

/** The paragraphs with inline math in their lines' text as $…$, and a trace entry where any was found. Total. */
export function withInlineMath(paragraphs: LabelledParagraph[], page: Pick<Page, 'rules' | 'graphics'> = {}): LabelledParagraph[] {
  return paragraphs.map((p) => {
    if (!PROSE_LABELS.has(p.label) || p.equation) return p;
    try {
      return inParagraph(p, page);
    } catch {
      return p;
    }
  });
}

function inParagraph(p: LabelledParagraph, page: Pick<Page, 'rules' | 'graphics'>): LabelledParagraph {
  if (!p.lines.some((l) => l.glyphs?.length && !l.equation)) return p;
  const rows = rowsOf(p.lines);
  let spans = 0;
  let rowsWithMath = 0;
  const lines: TextLine[] = [];
  for (const row of rows) {
    const main = row[0]!;
    const glyphs = row.flatMap((l) => l.glyphs ?? []);
    if (main.equation || !glyphs.length || main.rotated || main.monospace) {
      lines.push(...row);
      continue;
    }
    const size = lineSize(main);
    const box: Box = [Math.min(...row.map((l) => l.box[0])), Math.min(...row.map((l) => l.box[1])), Math.max(...row.map((l) => l.box[2])), Math.max(...row.map((l) => l.box[3]))];
    const result = inlineMath(glyphs, rulesIn(page, box, size));
    if (!result.spans.length) {
      lines.push(...row);
      continue;
    }
    spans += result.spans.length;
    rowsWithMath++;
    lines.push({ ...main, text: result.text, box, glyphs: result.glyphs });
  }
  if (!spans) return p;
  return { ...p, lines, trace: [...p.trace, entry('equations', 'inline.math-spans', { spans, lines: rowsWithMath })] };
}

/**
 * The paragraph's lines grouped by visual row: a line whose vertical extent lies within
 * another's band (a script or a fraction's part set apart) joins it. Rows keep the paragraph's order.
 */
function rowsOf(lines: readonly TextLine[]): TextLine[][] {
  const rows: TextLine[][] = [];
  const rowOf = new Map<TextLine, TextLine[]>();
  // Full lines first (widest), so fragments find the row they belong to.
  const bySize = [...lines].sort((a, b) => (b.glyphs?.length ?? 0) - (a.glyphs?.length ?? 0));
  for (const line of bySize) {
    const host = rows.find((r) => {
      const m = r[0]!;
      if (m.equation || line.equation) return false;
      const size = lineSize(m);
      // Within the host's text band: from an ascender above its baseline to a descender below it.
      return (line.glyphs?.length ?? 0) < (m.glyphs?.length ?? 0) && line.box[1] >= m.baseline - 1.3 * size && line.box[3] <= m.baseline + 0.6 * size && line.box[0] >= m.box[0] - size && line.box[2] <= m.box[2] + size;
    });
    if (host) {
      host.push(line);
      rowOf.set(line, host);
    } else {
      const row = [line];
      rows.push(row);
      rowOf.set(line, row);
    }
  }
  const out: TextLine[][] = [];
  const seen = new Set<TextLine[]>();
  for (const l of lines) {
    const r = rowOf.get(l)!;
    if (seen.has(r)) continue;
    seen.add(r);
    out.push(r);
  }
  return out;
}

function rulesIn(page: Pick<Page, 'rules' | 'graphics'>, box: Box, size: number): Box[] {
  const thin = (page.graphics ?? []).filter((b) => b[3] - b[1] <= RULE_THICKNESS * size && b[2] - b[0] > b[3] - b[1]);
  return [...(page.rules ?? []).filter((r) => r[1] === r[3]), ...thin].filter((b) => {
    const cx = (b[0] + b[2]) / 2;
    const cy = (b[1] + b[3]) / 2;
    return cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3];
  });
}
