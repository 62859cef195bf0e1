// Writing-direction helpers shared by extraction (line building) and layout (reading order).

/** Hebrew, Arabic, Syriac, Thaana and their presentation forms. */
export function isRightToLeft(code: number): boolean {
  return (code >= 0x0590 && code <= 0x08ff) || (code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfeff);
}

/**
 * A rough but fast letter test for direction votes: ASCII and Latin letters, and any character
 * from Greek onwards outside the punctuation, symbol and CJK punctuation blocks.
 */
function isLetterLike(code: number): boolean {
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  if (code < 0x370) return code >= 0xc0 && code !== 0xd7 && code !== 0xf7;
  return !(code >= 0x2000 && code <= 0x2bff) && !(code >= 0x3000 && code <= 0x303f);
}

/** isMostlyRightToLeft of the UTF-16 units of the texts one after another, without gathering them. */
export function isMostlyRightToLeftText(texts: readonly string[]): boolean {
  let rtl = 0;
  let letters = 0;
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (!isLetterLike(code)) continue;
      letters++;
      if (isRightToLeft(code)) rtl++;
    }
  }
  return rtl > letters / 2;
}

/** Most letters among the character codes are Hebrew, Arabic, Syriac or Thaana. */
export function isMostlyRightToLeft(codes: ArrayLike<number>): boolean {
  let rtl = 0;
  let letters = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (!isLetterLike(code)) continue;
    letters++;
    if (isRightToLeft(code)) rtl++;
  }
  return rtl > letters / 2;
}
