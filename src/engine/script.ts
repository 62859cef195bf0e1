// Writing-direction helpers shared by extraction (line building) and layout (reading order).

/** Hebrew, Arabic, Syriac, Thaana and their presentation forms. */
export function isRightToLeft(code: number): boolean {
  return (code >= 0x0590 && code <= 0x08ff) || (code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfeff);
}
