// Letters the recognizer reads as digits inside words. PP-OCR's recognizer (trained mostly on
// Chinese and figures) now and then reads a capital O at a word's start as a zero ("0ctober":
// 14 of 95 "October"s on the generated scans' tune pages) or a small o inside a word ("Krak0w").
// A zero with letters on both sides, or opening a word of small letters, is a letter; zeros among
// digits, and hexadecimal "0x…", stay zeros.

/** A zero between letters: a small o ("Krak0w", "p0ol"). */
const ZERO_IN_WORD = /(?<=\p{L})0(?=\p{Ll})/gu;
/** A zero opening a word of two small letters or more, not a hexadecimal "0x…": a capital O ("0ctober", "0n"). */
const ZERO_OPENING_WORD = /(?<![\p{L}\p{N}.,])0(?!x[\da-f]*\b)(?=\p{Ll}{1,}\b)/gu;

/** The text with zeros read for letters inside words put back as letters; same length. */
export function lettersForDigits(text: string): string {
  return text.replace(ZERO_IN_WORD, 'o').replace(ZERO_OPENING_WORD, 'O');
}
