// Markdown to safe HTML for the playground: tables, code, and math typeset by KaTeX.
import markdownit from '/vendor/markdown-it/markdown-it.esm.min.mjs';
import DOMPurify from '/vendor/dompurify/purify.es.mjs';
import katex from '/vendor/katex/katex.mjs';

// html: the Markdown carries tables as HTML.
const markdown = markdownit({ html: true, linkify: false });

/**
 * Markdown to safe HTML: math is taken out first (so Markdown does not read `_` or `*` in LaTeX as
 * emphasis), the HTML is sanitized (the document's own text could hold markup), then the math is
 * put back typeset by KaTeX.
 */
export function renderMarkdown(source) {
  const math = [];
  const hold = (tex, display) => `QUIREMATH${math.push({ tex, display }) - 1}END`;
  const protectedSource = source
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, tex) => hold(tex, true))
    // Inline $…$: no space inside either dollar, and no digit right after the closing one ($5 and $10).
    .replace(/(^|[^\\$])\$(?=\S)([^$\n]*?\S)\$(?!\d)/g, (_, before, tex) => before + hold(tex, false));
  const html = DOMPurify.sanitize(markdown.render(protectedSource));
  return html.replace(/QUIREMATH(\d+)END/g, (_, i) => {
    const { tex, display } = math[Number(i)];
    return katex.renderToString(tex, { displayMode: display, throwOnError: false });
  });
}
