// Text conventions shared by the stages: how lines join into running text, what opens a list
// item, and how captions and table notes open.

import type { Box, TextLine } from './document.js';

/** Joins the lines of a paragraph, undoing end-of-line hyphenation ("exam-" + "ple"). */
export function joinLines(texts: readonly string[]): string {
  // The text so far is `parts` joined, its last two characters `tail` (testing the growing text
  // itself flattened it at every line: quadratic in a paragraph's length).
  const parts: string[] = [];
  let tail = '';
  for (const raw of texts) {
    const t = raw.trim();
    if (!t) continue;
    if (!parts.length) {
      parts.push(t);
      tail = t.slice(-2);
    } else if (/[A-Za-zÀ-ÿ]-$/.test(tail) && /^[a-zà-ÿ]/.test(t)) {
      // The hyphen goes: it ends the last part.
      parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
      parts.push(t);
      tail = t.length >= 2 ? t.slice(-2) : tail[0] + t;
    } else {
      parts.push(' ', t);
      tail = t.length >= 2 ? t.slice(-2) : ' ' + t;
    }
  }
  return parts.join('');
}

// Bullet glyphs, including Symbol/Wingdings bullets that map to the Private Use Area (U+F0xx).
const BULLET_CHARS = '•◦▪▫●○■□‣⁃∙·*–\\-»►▶▸▹➢➤✓✔❖◆◇→\\uF0A7\\uF0B7\\uF076\\uF0D8\\uF0FC\\uF0A8';
/** A bullet and the space after it; round and square bullets may touch their text (OCR reads "•Item"). */
export const BULLET = new RegExp(`^([${BULLET_CHARS}]\\s+|[•◦▪●■·∙](?=\\p{Lu}))`, 'u');
/** A line that is only a bullet glyph (set apart from its text by a tab stop). */
export const LONE_BULLET = new RegExp(`^[${BULLET_CHARS}]$`, 'u');
/** An enumerator: "1.", "a)", "(iii)", "2.1.3". */
export const ENUMERATOR = /^(\(?(\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]|\d{1,3}(\.\d{1,3})+\.?)\s+/i;

export function isListStart(text: string): boolean {
  return BULLET.test(text) || ENUMERATOR.test(text);
}

/** A table cell holding a figure other than a year: a value, not a column's heading ("2022" heads a column, "28" or "72%" fills one). */
export const FORMATTED_VALUE = /^(?!\s*(1[89]|20)\d\d\s*$).*\d/;

/** Text going on in lower case: the rest of a sentence or a phrase, a wrapped line. */
export const LOWER_START = /^\p{Ll}/u;

/** Whether a line goes on from the line above it: in lower case, or a figure after a comma ("…and April 28," / "2016"). */
export function goesOnFrom(above: string, line: string): boolean {
  return LOWER_START.test(line) || (above.trimEnd().endsWith(',') && /^\d/.test(line.trimStart()));
}

/** A leader's dot ("Step . . . . Action", "Step......Action"): '.', '·' or '…', by code point. */
export function isLeaderDot(code: number): boolean {
  return code === 46 || code === 0xb7 || code === 0x2026;
}
/** Dot leaders: ". . . ." or "....", "……", "····", as a table of contents runs to its page numbers. */
export const DOT_LEADERS = /(\.\s?){4,}|…{2,}|·{4,}/;
/** A table of contents' heading ("Contents", "Table of Contents", "Inhaltsverzeichnis", "Sommaire"…). */
const CONTENTS_HEADING = /^(table of )?contents$|^inhalt(sverzeichnis)?$|^sommaire$|^table des mati[eè]res$|^[íi]ndice$|^spis treści$|^inhoud(sopgave)?$/iu;

/** Whether the nearest line over `box`, across its extent, is a table of contents' heading. */
export function underContentsHeading(box: Box, lines: readonly TextLine[]): boolean {
  const over = lines.filter((l) => l.box[3] <= box[1] && l.box[2] > box[0] && l.box[0] < box[2]).sort((a, b) => b.box[3] - a.box[3])[0];
  return over !== undefined && CONTENTS_HEADING.test(over.text.trim());
}
/** Leader dots that run a label out to its values at the end of a line ("Net exposure . . . . . ."). */
export const TRAILING_LEADERS = /(\s*[.·…]){3,}\s*$/u;
/** A figure's caption: "Figure 3: …", "Fig. 2.", "Chart 1". */
export const FIGURE_CAPTION = /^(fig(ure)?|image|chart|graph|plate|photo)\.?\s*[\dIVX]+/i;
/** A table's caption: "Table 2: …", "Tab. IV". */
export const TABLE_CAPTION = /^(table|tab\.)\s*[\dIVXA-Z]+\b/i;
/**
 * A sentence that opens by naming a float ("Figure 10 shows the speedups…", "Table 2 lists…"):
 * a label and its number, then a word in lower case. A caption's label is followed by
 * punctuation or a capital ("Figure 3: Results", "Fig. 3 Results"). Case-sensitive on purpose.
 */
const SENTENCE_REFERENCE = /^\S+\s*[\dIVXA-Z]+[a-z]?\s+\p{Ll}{2,}/u;

export function isSentenceReference(text: string): boolean {
  return SENTENCE_REFERENCE.test(text);
}
/** A table's caption ("TABLE II. Flow…", "Table 2: …"), not a sentence that names a table ("Table 4 lists…"). */
export function isTableCaption(text: string): boolean {
  const t = text.trim();
  return TABLE_CAPTION.test(t) && !isSentenceReference(t);
}
/** Any float's caption opening: a figure's or a table's. */
export const ANY_CAPTION = new RegExp(`${FIGURE_CAPTION.source}|${TABLE_CAPTION.source}`, 'i');
/** A caption's label with nothing after it ("TABLE II", "Figure 3."): its text is on the next line. */
export const CAPTION_LABEL_ONLY = new RegExp(`(${FIGURE_CAPTION.source}|${TABLE_CAPTION.source})[.:]?$`, 'i');
/**
 * The caption line a table carries where it goes on after a page break: "(continued)", "Table 3
 * (continued)", "Table 3: Results — cont'd", "Continued from previous page".
 */
export const CONTINUED_CAPTION = /^(?:(?:table|tab\.)\s*[\dIVXA-Z]+\b.{0,160}?)?[\s(—–-]*(?:continued|cont(?:\.|['’]d))(?:\s+from\s+(?:the\s+)?previous\s+page)?\s*\)?[.:]?$/i;
/** The line under a table that goes on after the page break ("Continued on next page", longtable's footer). */
export const CONTINUED_FOOTER = /^[\s(]*continued\s+on\s+(?:the\s+)?next\s+page\s*\)?[.:]?$/i;
/** Notes under a table: "Note:", "Source:", a mark (*, †, a) …) before the text. */
/** A picture's credit line: "Photo: A. Name / Reuters", "© A. Name", "Illustration: …". */
export const IMAGE_CREDIT = /^(photo(graph)?s?|image|illustration|graphic|credit|courtesy)\b[^:.]{0,24}:\s*\S|^©\s*\S/iu;
export const TABLE_NOTE = /^(notes?|sources?)\b|^[*†‡§¶]|^\(?[a-z]\)\s|^[a-z]\s\p{Lu}/iu;
