// Every formula the engine emits is read back by KaTeX's parser; what it does not accept is
// replaced by a safer form, down to plain text, so an emitted formula always parses.
import katex from 'katex';

/** KaTeX's parser alone (no rendering); exported by the package, not in its type declarations. */
const parser = katex as unknown as { __parse(latex: string, options: katex.KatexOptions): unknown };

/** KaTeX's parser (display mode, where \tag and environments are allowed). */
export function parses(latex: string): boolean {
  try {
    parser.__parse(latex, { displayMode: true, throwOnError: true, strict: 'ignore', trust: false, maxExpand: 1000 });
    return true;
  } catch {
    return false;
  }
}

/** Text KaTeX reads inside \text{…}: TeX's special characters escaped. */
export function textLatex(text: string): string {
  const escaped = text
    .replace(/[\\{}$&#^_%~]/g, (c) => ({ '\\': '\\backslash ', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '#': '\\#', '^': '\\^{}', _: '\\_', '%': '\\%', '~': '\\~{}' })[c]!)
    .replace(/[\u0000-\u001f]/g, ' ');
  return `\\text{${escaped}}`;
}

/**
 * The first candidate KaTeX accepts; the plain text of the formula in \text{} otherwise, and
 * the empty formula as the last resort.
 */
export function firstParsing(candidates: string[], plain: string): string {
  for (const c of candidates) if (c && parses(c)) return c;
  const text = textLatex(plain);
  if (parses(text)) return text;
  const ascii = textLatex(plain.replace(/[^\x20-\x7e]/g, '?'));
  return parses(ascii) ? ascii : '';
}
