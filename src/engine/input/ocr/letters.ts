// Characters the recognizer reads in the wrong form. Full-width punctuation on Latin lines:
// trained mostly on Chinese, it reads a monospaced comma or parenthesis with the blank cell beside
// it as its full-width form ("found，otherwise", "i2f（v1)", code set in Courier). A line of Latin
// letters or digits and no CJK characters gets the ASCII forms back, before its word spaces are
// put back (spacing.ts); a line of punctuation alone (a speck read as "。") is left as it is.
//
// Letters the recognizer reads as digits inside words. PP-OCR's recognizer (trained mostly on
// Chinese and figures) now and then reads a capital O at a word's start as a zero ("0ctober":
// 14 of 95 "October"s on the generated scans' tune pages) or a small o inside a word ("Krak0w").
// A zero with letters on both sides, or opening a word of small letters, is a letter; zeros among
// digits, and hexadecimal "0x…", stay zeros.

/** A zero between letters: a small o ("Krak0w", "p0ol"). */
const ZERO_IN_WORD = /(?<=\p{L})0(?=\p{Ll})/gu;
/** A zero opening a word of two small letters or more, not a hexadecimal "0x…": a capital O ("0ctober", "0n"). */
const ZERO_OPENING_WORD = /(?<![\p{L}\p{N}.,])0(?!x[\da-f]*\b)(?=\p{Ll}{1,}\b)/gu;

/** A CJK character: a line holding one keeps its full-width forms. */
export const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
/** Full-width forms of ASCII characters (U+FF01-FF5E), and the ideographic comma and full stop. */
const FULL_WIDTH = /^[\uFF01-\uFF5E\u3001\u3002]$/u;

/** A Latin letter or a digit, of either width: a line holding one and no CJK character is a Latin line. */
const LATIN = /[\p{sc=Latin}0-9\uFF10-\uFF19]/u;

/** A Latin line's characters with ASCII forms for full-width ones; other lines' as they are. */
export function asciiForFullWidth<T extends { text: string }>(chars: T[]): T[] {
  if (!chars.some((c) => FULL_WIDTH.test(c.text)) || !chars.some((c) => LATIN.test(c.text)) || chars.some((c) => CJK.test(c.text))) return chars;
  return chars.map((c) => (FULL_WIDTH.test(c.text) ? { ...c, text: ascii(c.text) } : c));
}

function ascii(ch: string): string {
  if (ch === '\u3001') return ',';
  if (ch === '\u3002') return '.';
  return String.fromCharCode(ch.charCodeAt(0) - 0xfee0);
}

/** The text with zeros read for letters inside words put back as letters; same length. */
export function lettersForDigits(text: string): string {
  return text.replace(ZERO_IN_WORD, 'o').replace(ZERO_OPENING_WORD, 'O');
}
