// A heading set on two lines apart: "Chapter 3" above its title ("Instrumentation") is one
// heading, "Chapter 3 Instrumentation", as the book's own table of contents prints it.
import type { LabelledParagraph } from '../model/analysis.js';
import { unionOf } from '../model/geometry.js';
import { joinLines } from '../model/text.js';
import { entry } from '../model/trace.js';

/** A division's label alone: "Chapter 3", "Part II", "Appendix A", "Lecture 4". */
const DIVISION_LABEL = /^(chapter|part|appendix|book|lecture|unit|module|section|kapitel|chapitre)\s+([\dIVXLC]{1,6}|[A-Z])\.?$/i;
/** The title follows its label within this many ems of the label's size. */
const LABEL_TO_TITLE = 5;

export function joinDivisionLabels(paragraphs: readonly LabelledParagraph[]): LabelledParagraph[] {
  const out: LabelledParagraph[] = [];
  for (const p of paragraphs) {
    const prev = out[out.length - 1];
    if (prev && prev.label === 'title' && p.label === 'title' && DIVISION_LABEL.test(joinLines(prev.lines.map((l) => l.text)))) {
      const a = unionOf(prev.lines);
      const b = unionOf(p.lines);
      const size = Math.max(...prev.lines.map((l) => l.fontSize), 1);
      if (b[1] >= a[1] && b[1] - a[3] < LABEL_TO_TITLE * size) {
        out[out.length - 1] = { ...prev, lines: [...prev.lines, ...p.lines], trace: [...prev.trace, entry('paragraphs', 'title.division-label-joined')] };
        continue;
      }
    }
    out.push(p);
  }
  return out;
}
