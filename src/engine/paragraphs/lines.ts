// Repairs to the text flow before it is read as paragraphs: pieces the text layer set apart
// that belong to the line beside them.
import type { TextLine } from '../model/document.js';
import { LONE_BULLET } from '../model/text.js';

/** A lone bullet's text starts within this many ems right of it (a tab stop). */
const BULLET_TAB = 5;
/** …on the same baseline, within this many ems. */
const BULLET_BASELINE = 0.6;
/** A drop cap is at least this many times the body size. */
const DROP_CAP_SIZE = 1.8;
/** The first line beside a drop cap starts within this many body ems right of it, and its top within one. */
const DROP_CAP_GAP = 2;

/**
 * A bullet glyph extracted as a line of its own (a tab stop after it made a wide gap) is put
 * back in front of the text on its right, so the item is recognised as a list item.
 */
export function attachLoneBullets(lines: readonly TextLine[]): TextLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0; i--) {
    const bullet = out[i]!;
    if (!LONE_BULLET.test(bullet.text)) continue;
    const size = Math.max(bullet.fontSize, 1);
    const at = out.findIndex(
      (l) => l !== bullet && Math.abs(l.baseline - bullet.baseline) < size * BULLET_BASELINE && l.box[0] > bullet.box[0] && l.box[0] - bullet.box[2] < size * BULLET_TAB,
    );
    if (at < 0) continue;
    const target = out[at]!;
    out[at] = {
      ...target,
      text: `${bullet.text} ${target.text}`,
      box: [bullet.box[0], Math.min(bullet.box[1], target.box[1]), target.box[2], Math.max(bullet.box[3], target.box[3])],
    };
    out.splice(i, 1);
  }
  return out;
}

/**
 * A drop cap (a large initial letter beside the first lines of a paragraph) is put back in
 * front of the first line it stands beside: "T" + "his chapter…" reads "This chapter…".
 */
export function attachDropCaps(lines: readonly TextLine[], bodySize: number): TextLine[] {
  const out = [...lines];
  for (let i = out.length - 1; i >= 0; i--) {
    const cap = out[i]!;
    if (!/^\p{L}$/u.test(cap.text) || bodySize <= 0 || cap.fontSize < DROP_CAP_SIZE * bodySize) continue;
    const first = out
      .filter((l) => l !== cap && l.box[0] >= cap.box[2] - 0.1 * bodySize && l.box[0] - cap.box[2] < DROP_CAP_GAP * bodySize && Math.abs(l.box[1] - cap.box[1]) < bodySize)
      .sort((a, b) => a.box[1] - b.box[1])[0];
    if (!first) continue;
    out[out.indexOf(first)] = { ...first, text: cap.text + first.text, box: [cap.box[0], Math.min(cap.box[1], first.box[1]), first.box[2], first.box[3]] };
    out.splice(i, 1);
  }
  return out;
}
