// News, blog, newsletter and documentation web pages printed to PDF by headless Chromium: a
// masthead with the site's name and a nav bar (page furniture), a kicker over the headline, a
// byline and date, a lead paragraph, sections with h2–h4 headings in the site's styles, lists,
// tables, figures with credits, pull quotes and block quotes, end notes, and either one column
// or a main column beside a sidebar of boxes (contents, related links, author, newsletter
// sign-up); the site's footer closes the page. Colour coding as in html.ts: every element
// holding text is coloured `var(--qN)`.
import type { Content } from './random.js';
import { registerFigure } from './picture.js';
import { randomBody, Registry, tableHtml, type SpecBlock, type SpecCell } from './spec.js';
import { esc, HtmlWriter, nestedListHtml, pageNumberCss, pageSource, svgFigure, tableHtmlColoured } from './html.js';

type Genre = 'news' | 'blog' | 'newsletter' | 'docs';

const SERIF = ["'Liberation Serif', serif", "'DejaVu Serif', serif", "'TeX Gyre Termes', serif", "'TeX Gyre Pagella', serif", "'TeX Gyre Bonum', serif", "'TeX Gyre Schola', serif", "'Linux Libertine O', serif"];
const SANS = ["'Liberation Sans', sans-serif", "'DejaVu Sans', sans-serif", "'TeX Gyre Heros', sans-serif", "'TeX Gyre Adventor', sans-serif", "'Linux Biolinum O', sans-serif", "'Liberation Sans Narrow', sans-serif"];
const ACCENTS = ['#b3121b', '#0b5cad', '#1d6b45', '#6a2c91', '#c25700', '#0f6e7a', '#222222', '#8a1538'];
const SITE_WORDS = ['Herald', 'Dispatch', 'Ledger', 'Courier', 'Observer', 'Review', 'Gazette', 'Bulletin', 'Digest', 'Notebook', 'Journal', 'Wire'];
const SECTIONS = ['World', 'Business', 'Science', 'Technology', 'Health', 'Climate', 'Opinion', 'Culture', 'Sport', 'Markets', 'Cities', 'Data', 'Podcasts', 'Newsletters'];
const DOC_NAV = ['Guides', 'Reference', 'API', 'Tutorials', 'Release notes', 'Community', 'Blog', 'Support'];
const FOOT_LINKS = ['About us', 'Contact', 'Careers', 'Advertise', 'Privacy policy', 'Terms of use', 'Cookie settings', 'Accessibility', 'Newsroom', 'Corrections', 'RSS', 'Sitemap', 'Help centre', 'Status'];

/** A heading look: CSS for one level. */
function headingCss(c: Content, level: number, size: number, accent: string, headFont: string): { css: string; tint?: string } {
  const r = c.rng;
  const scale = level === 2 ? r.range(1.3, 1.7) : level === 3 ? r.range(1.1, 1.3) : r.range(0.95, 1.1);
  const base = `font-family:${headFont};font-size:${(size * scale).toFixed(1)}pt;margin:${level === 2 ? '1.1em' : '0.9em'} 0 0.35em;line-height:1.2;font-weight:bold;`;
  const style = r.pick(['plain', 'plain', 'upper', 'coloured', 'underline', 'border-bottom', 'border-left', 'border-top', 'band']);
  switch (style) {
    case 'upper':
      return { css: `${base}text-transform:uppercase;letter-spacing:0.06em;font-size:${(size * (level === 2 ? r.range(1.0, 1.2) : r.range(0.85, 1.0))).toFixed(1)}pt;`, tint: r.chance(0.5) ? accent : undefined };
    case 'coloured':
      return { css: base, tint: accent };
    case 'underline':
      return { css: `${base}text-decoration:underline;text-underline-offset:3px;` };
    case 'border-bottom':
      return { css: `${base}border-bottom:${r.int(1, 3)}px solid ${r.pick([accent, '#999', '#222'])};padding-bottom:3px;` };
    case 'border-left':
      return { css: `${base}border-left:${r.int(3, 6)}px solid ${accent};padding-left:8px;` };
    case 'border-top':
      return { css: `${base}border-top:${r.int(1, 3)}px solid #222;padding-top:4px;` };
    case 'band':
      return { css: `${base}background:${r.pick(['#eeeeee', '#f1f4f8', '#f6f1e7'])};padding:3px 6px;` };
    default:
      return { css: `${base}${r.chance(0.3) ? 'font-weight:normal;' : ''}` };
  }
}

/** A headline: a phrase, or a sentence without its full stop. */
function headline(c: Content): string {
  if (c.rng.chance(0.5)) return c.phrase(c.rng.int(3, 5));
  const s = c.sentence().replace(/\.$/, '');
  return s.length <= 90 ? s : c.phrase(c.rng.int(3, 5));
}

export function newsDocument(c: Content, targetPages: number, dir: string): { source: (truth: boolean) => string; reg: Registry } {
  const r = c.rng;
  const reg = new Registry();
  const w = new HtmlWriter(reg);
  const genre: Genre = r.pick(['news', 'news', 'blog', 'newsletter', 'docs']);
  const accent = r.pick(ACCENTS);
  const serifBody = r.chance(genre === 'docs' ? 0.2 : 0.55);
  const bodyFont = r.pick(serifBody ? SERIF : SANS);
  const headFont = r.chance(0.5) ? bodyFont : r.pick(r.chance(0.5) ? SERIF : SANS);
  const size = r.pick([9.5, 10, 10.5, 11, 12]);
  const margin = r.int(10, 20);
  const pageSize = r.pick(['A4', 'Letter']);
  const small = (k: number) => `${(size * k).toFixed(1)}pt`;
  const sidebar: 'none' | 'left' | 'right' = genre === 'newsletter' ? 'none' : r.pick(genre === 'docs' ? ['none', 'left', 'left', 'right'] : ['none', 'right', 'right', 'left']);
  const pictures = { n: 0 };
  let tableNo = 1;
  let figureNo = 1;
  const numberedFloats = genre === 'docs' || r.chance(0.3);
  const site = `${r.pick(['The', 'The', '', ''])} ${c.city()} ${r.pick(SITE_WORDS)}`.trim();
  const title = headline(c);
  const cssString = (t: string) => `"${t.replace(/["\\]/g, '')}"`;

  const heads = [2, 3, 4].map((level) => headingCss(c, level, size, accent, headFont));
  let css = `
@page { size: ${pageSize}; margin: ${margin}mm ${margin}mm ${margin + 4}mm ${margin}mm; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; box-sizing: border-box; }
body { font-family: ${bodyFont}; font-size: ${size}pt; line-height: ${r.range(1.3, 1.65).toFixed(2)}; margin: 0; }
${genre === 'newsletter' ? `.n-page { max-width: ${r.int(150, 170)}mm; margin: 0 auto; }` : ''}
h1 { font-family: ${headFont}; font-size: ${small(r.range(2.0, 2.8))}; line-height: 1.15; margin: 0.2em 0 0.3em; font-weight: ${r.pick(['bold', 'bold', 'normal'])}; }
h2 { ${heads[0]!.css} } h3 { ${heads[1]!.css} } h4 { ${heads[2]!.css} }
p { margin: 0 0 ${r.pick(['0.5em', '0.7em', '0.9em'])}; text-align: ${r.pick(['left', 'left', 'justify'])}; }
.n-kicker { font-family: ${headFont}; font-size: ${small(0.8)}; font-weight: bold; text-transform: uppercase; letter-spacing: 0.08em; margin-bottom: 0.3em; }
.n-kicker + h2 { margin-top: 0.1em; }
.n-kicker.pill { display: inline-block; background: ${accent}; padding: 1px 7px; border-radius: 3px; }
.n-standfirst { font-size: ${small(r.range(1.15, 1.35))}; line-height: 1.35; margin: 0 0 0.6em; }
.n-byline { font-size: ${small(0.85)}; margin: 0.2em 0; }
.n-meta { display: flex; justify-content: space-between; align-items: baseline; gap: 1em; border-${r.pick(['top', 'bottom'])}: 1px solid #ccc; padding: 4px 0; margin-bottom: 1em; }
.n-lead { font-size: ${small(r.range(1.05, 1.2))}; ${r.chance(0.7) ? 'font-weight: bold;' : ''} line-height: 1.45; }
.n-layout { display: flex; gap: ${r.int(16, 30)}px; align-items: flex-start; ${sidebar === 'left' ? 'flex-direction: row-reverse;' : ''} }
.n-main { flex: 1; min-width: 0; }
.n-aside { width: ${r.int(26, 33)}%; flex: none; font-size: ${small(0.88)}; }
.n-box { margin: 0 0 1.2em; padding: ${r.pick(['8px 10px', '10px 12px', '6px 0'])}; ${r.pick(['border: 1px solid #ccc;', `border-top: 3px solid ${accent};`, 'background: #f3f4f6;', `background: #f7f3ea; border-left: 3px solid ${accent};`])} break-inside: avoid; }
.n-main .n-box { margin: 1em 0; }
.n-boxtitle { font-family: ${headFont}; font-weight: bold; margin-bottom: 0.4em; ${r.chance(0.5) ? `text-transform: uppercase; letter-spacing: 0.05em; font-size: ${small(0.8)};` : `font-size: ${small(1.0)};`} }
.n-box.n-tocbox { break-inside: auto; } .n-toc div { margin: 2px 0; } .n-toc .sub { padding-left: 1em; }
.n-box ul, .n-box ol { margin: 0; padding-left: 1.3em; } .n-box li { margin: 0 0 0.35em; }
.n-related li .d { font-size: ${small(0.75)}; opacity: 0.8; }
.n-input { border: 1px solid #999; padding: 3px 6px; margin: 6px 0 4px; background: #fff; font-size: ${small(0.8)}; }
.n-button { display: inline-block; background: ${accent}; padding: 3px 10px; border-radius: 3px; font-weight: bold; font-size: ${small(0.8)}; }
.n-pull { font-family: ${headFont}; font-size: ${small(r.range(1.25, 1.6))}; line-height: 1.3; ${r.pick(['font-style: italic;', ''])} margin: 1em 0; padding: 0.5em 0; ${r.pick([`border-top: 3px solid ${accent}; border-bottom: 1px solid ${accent};`, `border-left: 5px solid ${accent}; padding-left: 14px;`, 'text-align: center;'])} break-inside: avoid; }
.n-pull.float { float: right; width: ${r.int(38, 46)}%; margin: 0.3em 0 0.6em 1.2em; }
.n-pull .who { display: block; font-size: ${small(0.8)}; font-style: normal; margin-top: 0.3em; }
blockquote { margin: 0.8em 1.2em; padding: 0.2em 0 0.2em 12px; border-left: 3px solid ${r.pick(['#bbb', accent])}; ${r.chance(0.5) ? 'font-style: italic;' : ''} }
.n-callout { margin: 0.9em 0; padding: 8px 12px; border-radius: 4px; break-inside: avoid; ${r.pick(['background: #eef5ff; border: 1px solid #9bbce6;', 'background: #fff8e1; border-left: 4px solid #e0a800;', 'background: #f1f8f2; border-left: 4px solid #3c8d50;'])} }
ul, ol { margin: 0.3em 0 0.8em; padding-left: ${r.pick(['1.4em', '1.8em', '2.2em'])}; }
ul { list-style-type: ${r.pick(['disc', 'disc', 'square', 'circle', '"– "'])}; } ol { list-style-type: ${r.pick(['decimal', 'decimal', 'decimal-leading-zero', 'lower-alpha'])}; }
ol ol { list-style-type: ${r.pick(['lower-roman', 'decimal', 'lower-alpha'])}; } ul ul { list-style-type: ${r.pick(['circle', '"– "', 'square'])}; }
${r.chance(0.4) ? `ul > li::marker { color: ${accent}; }` : ''}
table { border-collapse: collapse; font-size: ${small(0.88)}; margin: 0.3em 0; ${r.chance(0.6) ? 'width: 100%;' : ''} }
th, td { padding: ${r.int(3, 6)}px ${r.int(5, 10)}px; vertical-align: top; overflow-wrap: anywhere; }
th { text-align: left; } td { text-align: ${r.pick(['left', 'right'])}; } td:first-child { text-align: left; }
.t-ruled th, .t-ruled td { border: 1px solid ${r.pick(['#999', '#ccc', '#444'])}; }
.t-hlines th, .t-hlines td { border-bottom: 1px solid #ccc; } .t-hlines thead th { border-bottom: 2px solid #333; }
.t-striped tbody tr:nth-child(even) { background: #f2f3f5; } .t-striped thead th { border-bottom: 2px solid ${accent}; }
.t-headband thead th { background: ${accent}; } .t-headband { border: 1px solid ${accent}; }
.n-table { margin: 1em 0; break-inside: avoid; }
.n-tcap { font-size: ${small(0.9)}; margin: 0.3em 0; ${r.pick(['font-weight: bold;', 'font-style: italic;', ''])} }
.n-tnote { font-size: ${small(0.78)}; margin-top: 0.3em; }
figure { margin: 1em 0; break-inside: avoid; } figure.float { float: right; width: ${r.int(40, 50)}%; margin: 0.2em 0 0.6em 1.2em; }
figure img { display: block; max-height: ${r.int(55, 90)}mm; object-fit: cover; } .fig { width: 100%; padding: 1px; }
figcaption { font-size: ${small(0.82)}; margin-top: 0.35em; line-height: 1.35; ${r.chance(0.3) ? `border-left: 2px solid ${accent}; padding-left: 6px;` : ''} }
.n-credit { font-size: ${small(0.7)}; text-transform: uppercase; letter-spacing: 0.04em; ${r.chance(0.5) ? 'text-align: right;' : ''} margin-top: 2px; }
figcaption .cr { font-size: ${small(0.72)}; opacity: 0.85; }
pre { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: ${small(0.8)}; background: ${r.pick(['#f5f5f5', '#f6f8fa', '#fbfaf4'])}; border: 1px solid #e1e4e8; padding: 8px 10px; border-radius: 4px; white-space: pre-wrap; break-inside: avoid; }
.n-notes { margin-top: 1.5em; padding-top: 0.5em; border-top: 1px solid #bbb; font-size: ${small(0.8)}; }
.n-notes div { margin: 0 0 0.3em; }
sup { font-size: 0.7em; line-height: 0; }
.n-footer { margin-top: 2em; padding: 10px ${r.pick(['0', '12px'])}; break-inside: avoid; font-size: ${small(0.8)}; ${r.pick(['border-top: 2px solid #222;', 'background: #f0f0f0;', 'background: #1f2329;', `border-top: 4px solid ${accent};`])} }
.n-footcols { display: flex; gap: 2em; margin-bottom: 0.8em; } .n-footcols div div { margin: 2px 0; }
.n-tags span { display: inline-block; border: 1px solid #bbb; border-radius: 10px; padding: 0 8px; margin: 0 4px 4px 0; font-size: ${small(0.78)}; }
`;
  const footerDark = css.includes('background: #1f2329;');

  // Print chrome: Chromium's own header and footer look (date and title, address and page of pages), or a running head and a page number.
  const url = `https://www.${site.toLowerCase().replace(/^the /, '').replace(/[^a-z]+/g, '')}.${r.pick(['com', 'org', 'net', 'eu'])}/${r.pick(['news', 'blog', 'docs', 'stories', '2026'])}/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40).replace(/-$/, '')}`;
  if (r.chance(0.35)) {
    const stamp = reg.block('header', { role: 'print-header', text: '', textFromGlyphs: true, furniturePerPage: true });
    const foot = reg.block('footer', { role: 'print-footer', text: '', textFromGlyphs: true, furniturePerPage: true });
    const page = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    const f = small(0.7);
    css += `@page { @top-left { content: ${cssString(`${r.int(1, 12)}/${r.int(1, 28)}/${r.int(20, 26)}, ${r.int(1, 12)}:${String(r.int(0, 59)).padStart(2, '0')} ${r.pick(['AM', 'PM'])}`)}; color: var(--q${stamp}); font-family: sans-serif; font-size: ${f}; } @top-center { content: ${cssString(`${title} | ${site}`.slice(0, 70))}; color: var(--q${stamp}); font-family: sans-serif; font-size: ${f}; } @bottom-left { content: ${cssString(url)}; color: var(--q${foot}); font-family: sans-serif; font-size: ${f}; } @bottom-right { content: counter(page) "/" counter(pages); color: var(--q${page}); font-family: sans-serif; font-size: ${f}; } }`;
  } else {
    if (r.chance(0.4)) {
      const h = reg.block('header', { text: site, textFromGlyphs: true, furniturePerPage: true });
      css += `@page { @top-${r.pick(['left', 'right'])} { content: ${cssString(site)}; color: var(--q${h}); font-size: ${small(0.75)}; } }`;
    }
    const page = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    css += pageNumberCss(page, r, size);
  }

  const parts: string[] = [];
  // Masthead: the site's name (and tagline or date), then the nav bar; documentation sites a breadcrumb.
  {
    const name = reg.block('header', { role: 'masthead', text: site, textFromGlyphs: true });
    const layout = r.pick(['centred', 'row', 'stacked']);
    const nameCss = `font-family:${r.pick([...SERIF, ...SANS])};font-size:${small(layout === 'centred' ? r.range(2.2, 3.0) : r.range(1.5, 2.1))};font-weight:bold;${r.chance(0.3) ? 'font-style:italic;' : ''}${r.chance(0.3) ? 'text-transform:uppercase;letter-spacing:0.04em;' : ''}`;
    const tagline = r.chance(0.5) ? reg.block('header', { role: 'masthead', text: '', textFromGlyphs: true }) : 0;
    const tagText = genre === 'docs' ? `${r.pick(['Documentation', 'Developer docs', 'Handbook', 'Knowledge base'])} · v${r.int(1, 9)}.${r.int(0, 20)}` : r.chance(0.5) ? c.date() : r.pick(['Independent reporting since ' + r.int(1870, 2015), 'News, analysis and data', 'Notes from the field', 'Weekly briefing']);
    const navItems = r.sample(genre === 'docs' ? DOC_NAV : SECTIONS, r.int(4, 7));
    const navDark = r.chance(0.35);
    const nav = reg.block('header', { role: 'nav', text: '', textFromGlyphs: true });
    const sep = r.pick(['', ' · ', ' | ']);
    const navHtml = `<div style="${w.style(nav, navDark ? '#ffffff' : r.chance(0.4) ? accent : undefined)};display:flex;gap:${sep ? '0.4em' : '1.4em'};flex-wrap:wrap;font-family:${headFont};font-size:${small(0.85)};font-weight:${r.pick(['bold', 'normal'])};${r.chance(0.4) ? 'text-transform:uppercase;letter-spacing:0.05em;' : ''}padding:${navDark ? '5px 10px' : '4px 0'};${navDark ? `background:${accent};` : `border-top:1px solid #222;border-bottom:${r.int(1, 3)}px solid #222;`}${layout === 'centred' ? 'justify-content:center;' : ''}">${navItems.map((n, i) => `<span>${esc(n)}${sep && i < navItems.length - 1 ? sep : ''}</span>`).join('')}</div>`;
    const nameHtml = `<div style="${w.style(name, r.chance(0.5) ? accent : undefined)};${nameCss}">${esc(site)}</div>`;
    const tagHtml = tagline ? `<div style="${w.style(tagline)};font-size:${small(0.8)};${r.chance(0.5) ? 'font-style:italic;' : ''}">${esc(tagText)}</div>` : '';
    if (layout === 'row' && !navDark) parts.push(`<div style="display:flex;justify-content:space-between;align-items:center;gap:1em;border-bottom:2px solid #222;padding-bottom:6px;margin-bottom:1.2em"><div>${nameHtml}${tagHtml}</div><div>${navHtml.replace(/border-top:[^;]*;border-bottom:[^;]*;/, '')}</div></div>`);
    else parts.push(`<div style="${layout === 'centred' ? 'text-align:center;' : ''}margin-bottom:1.2em"><div style="margin-bottom:6px">${nameHtml}${tagHtml}</div>${navHtml}</div>`);
    if (genre === 'docs' || r.chance(0.15)) {
      const crumb = reg.block('header', { role: 'breadcrumb', text: '', textFromGlyphs: true });
      const trail = ['Home', r.pick(navItems), c.phrase(2)];
      parts.push(`<div style="${w.style(crumb, '#555555')};font-size:${small(0.78)};margin:-0.6em 0 1em">${trail.map(esc).join(r.pick([' › ', ' / ', ' » ']))}</div>`);
    }
  }

  // Article head: kicker, headline, standfirst, byline and date.
  const head: string[] = [];
  if (genre !== 'docs' && r.chance(0.7)) {
    const k = reg.block('text', { role: 'kicker', text: '', textFromGlyphs: true });
    const pill = r.chance(0.3);
    head.push(`<div><div class="n-kicker${pill ? ' pill' : ''}" style="${w.style(k, pill ? '#ffffff' : accent)}">${esc(r.pick([...SECTIONS.slice(0, 10), c.word()]))}${r.chance(0.3) ? ` ${r.pick(['|', '/', '·'])} ${esc(r.pick(['Analysis', 'Explainer', 'Exclusive', 'Live', 'Interview', 'Review']))}` : ''}</div></div>`);
  }
  const h1 = reg.block('title', { level: 1, text: title, textFromGlyphs: true });
  head.push(`<h1 style="${w.style(h1, r.chance(0.2) ? accent : undefined)}">${esc(title)}</h1>`);
  if (r.chance(genre === 'docs' ? 0.4 : 0.55)) {
    const s = reg.block('text', { role: 'standfirst', text: '', textFromGlyphs: true });
    head.push(`<div class="n-standfirst" style="${w.style(s, r.pick(['#444444', '#000000', '#555555']))}">${esc(c.sentence())}${r.chance(0.5) ? ' ' + esc(c.sentence()) : ''}</div>`);
  }
  {
    const authors = Array.from({ length: r.int(1, genre === 'news' ? 3 : 2) }, () => c.name());
    const names = authors.length > 1 ? `${authors.slice(0, -1).join(', ')} and ${authors[authors.length - 1]}` : authors[0]!;
    const by = reg.block('text', { role: 'author-list', text: '', textFromGlyphs: true });
    const byText = genre === 'docs' ? `${r.pick(['Written by', 'Maintained by', 'Author:'])} ${names}` : `${r.pick(['By ', 'By ', '', 'Words: '])}${names}${r.chance(0.3) ? `, ${r.pick(['Science correspondent', 'Staff writer', 'in ' + c.city(), 'Data editor'])}` : ''}`;
    const dateText = `${r.pick(['', 'Published ', 'Updated ', 'Last updated: '])}${c.date()}${r.chance(0.4) ? ` · ${r.int(3, 14)} min read` : ''}`;
    const split = r.chance(0.5);
    if (split) {
      const d = reg.block('text', { role: 'date', text: '', textFromGlyphs: true });
      const inMeta = r.chance(0.5);
      head.push(`<div class="${inMeta ? 'n-meta' : ''}" style="${inMeta ? '' : 'margin-bottom:1em'}"><div class="n-byline" style="${w.style(by, r.chance(0.4) ? accent : undefined)};font-weight:bold">${esc(byText)}</div><div class="n-byline" style="${w.style(d, '#555555')}">${esc(dateText)}</div></div>`);
    } else {
      head.push(`<div class="n-byline" style="${w.style(by, '#333333')};margin-bottom:1em">${esc(byText)} · ${esc(dateText)}</div>`);
    }
  }

  // The body: sections from the shared generator, with level-4 headings added here and there.
  // Sections per page: fewer in a main column beside a sidebar, and with a large type size.
  const sections = Math.max(1, Math.round(targetPages * (sidebar === 'none' ? 0.9 : 0.7) * (size >= 11 ? 0.8 : 1)));
  const numbered = genre === 'docs' && r.chance(0.5);
  const spec = randomBody(c, { sections, depth: r.pick([2, 3, 3]), numbered, trailingDot: r.chance(0.3), lists: true, tables: true, figures: true, code: genre === 'docs', tableStyles: ['ruled', 'borderless', 'striped'], figureKinds: genre === 'docs' ? ['diagram', 'chart', 'image'] : ['image', 'image', 'chart'] });
  const blocks: SpecBlock[] = [];
  let deepest = 2;
  for (const b of spec) {
    if (b.kind === 'heading') deepest = b.level;
    else if (b.kind === 'paragraph' && blocks[blocks.length - 1]?.kind === 'paragraph' && deepest >= 3 && r.chance(0.25)) blocks.push({ kind: 'heading', level: 4, text: c.phrase(r.int(2, 4)) });
    blocks.push(b);
  }
  const sectionTitles = blocks.filter((b): b is Extract<SpecBlock, { kind: 'heading' }> => b.kind === 'heading' && b.level <= 3).map((b) => ({ level: b.level, text: (b.number ? b.number + ' ' : '') + b.text }));

  // Boxes (sidebar, or between the article's parts when there is no sidebar).
  // A box's heading is registered before its content (reading order follows registration).
  const box = (titleText: string, inner: () => string, cls = '') => {
    const t = reg.block('title', { level: 4, role: 'sidebar-heading', text: titleText, textFromGlyphs: true });
    const title = `<div class="n-boxtitle" style="${w.style(t, r.chance(0.4) ? accent : undefined)}">${esc(titleText)}</div>`;
    return `<div class="n-box ${cls}">${title}${inner()}</div>`;
  };
  const tocBox = () => {
    return box(genre === 'newsletter' ? r.pick(['In this issue', 'In this edition', 'Inside']) : r.pick(['In this article', 'On this page', 'Contents', 'Jump to']), () => {
      const toc = reg.block('text', { role: 'toc', text: '', textFromGlyphs: true });
      return `<div class="n-toc" style="${w.style(toc, r.chance(0.5) ? accent : undefined)}">${sectionTitles.map((s) => `<div class="${s.level > 2 ? 'sub' : ''}">${esc(s.text)}</div>`).join('')}</div>`;
    }, 'n-tocbox');
  };
  const relatedBox = () => box(r.pick(['Related', 'Read more', 'Most read', 'More on this story', 'See also']), () => {
    const id = reg.block('list', { role: 'related', text: '', enumerated: false, items: [], textFromGlyphs: true });
    const numberedList = r.chance(0.4);
    reg.get(id).enumerated = numberedList;
    const items = Array.from({ length: r.int(3, 5) }, () => headline(c));
    const withDates = r.chance(0.4);
    const lis = items.map((text, k) => {
      const part = reg.part(id, 'item', k);
      reg.get(id).items!.push({ text, level: 0, boxes: [], lines: [] });
      return `<li style="${w.style(part)}">${esc(text)}${withDates ? ` <span class="d">${esc(c.date())}</span>` : ''}</li>`;
    });
    return `<${numberedList ? 'ol' : 'ul'} class="n-related">${lis.join('')}</${numberedList ? 'ol' : 'ul'}>`;
  });
  const authorBox = () => box(r.pick(['About the author', 'The author', 'Written by']), () => {
    const t = reg.block('text', { role: 'sidebar', text: '', textFromGlyphs: true });
    return `<div style="${w.style(t)}"><b>${esc(c.name())}</b> ${esc(r.pick(['is a reporter at', 'writes about ' + c.word() + ' for', 'is an editor at', 'leads the data team at']))} ${esc(site)}. ${esc(c.sentence())}</div>`;
  });
  const newsletterBox = () => box(r.pick(['Sign up for our newsletter', 'Get the weekly briefing', 'Newsletter', 'Stay informed']), () => {
    const t = reg.block('text', { role: 'sidebar', text: '', textFromGlyphs: true });
    const input = reg.block('text', { role: 'form', text: '', textFromGlyphs: true });
    const button = reg.block('text', { role: 'form', text: '', textFromGlyphs: true });
    return `<div style="${w.style(t)}">${esc(c.sentence())}</div><div class="n-input" style="${w.style(input, '#777777')}">${r.pick(['Your email address', 'name@example.com', 'Email'])}</div><div class="n-button" style="${w.style(button, '#ffffff')}">${r.pick(['Subscribe', 'Sign up', 'Join'])}</div>`;
  });
  const tagsBox = () => box('Tags', () => {
    const t = reg.block('text', { role: 'tags', text: '', textFromGlyphs: true });
    return `<div class="n-tags" style="${w.style(t)}">${r.sample([...c.domain.nouns], r.int(3, 6)).map((x) => `<span>${esc(x)}</span>`).join('')}</div>`;
  });

  // Body blocks as HTML.
  const noteTexts: string[] = [];
  const pullFrom: string[] = [];
  let paragraphs = 0;
  const bodyHtml = (list: SpecBlock[], hero = false): string => {
    const out: string[] = [];
    for (const b of list) {
      switch (b.kind) {
        case 'heading': {
          // Newsletters (and some news pages) label their stories: a kicker over the heading.
          if (b.level === 2 && (genre === 'newsletter' ? r.chance(0.7) : genre === 'news' && r.chance(0.15))) {
            const k = reg.block('text', { role: 'kicker', text: '', textFromGlyphs: true });
            if (genre === 'newsletter' && out.length) out.push('<hr style="border:0;border-top:1px solid #bbb;margin:1.4em 0 0.6em">');
            out.push(`<div class="n-kicker" style="${w.style(k, accent)};margin-top:1em">${esc(r.pick(SECTIONS))}</div>`);
          }
          const id = reg.block('title', { level: b.level, role: b.role, text: b.text, textFromGlyphs: true });
          const tag = `h${Math.min(4, b.level)}`;
          out.push(`<${tag} style="${w.style(id, heads[Math.min(4, b.level) - 2]!.tint)}">${b.number ? esc(b.number) + ' ' : ''}${esc(b.text)}</${tag}>`);
          break;
        }
        case 'paragraph': {
          const id = reg.block('text', { text: b.text, textFromGlyphs: true });
          paragraphs++;
          pullFrom.push(b.text.split(/(?<=\.) /)[0]!);
          let mark = '';
          if (r.chance(0.12) && noteTexts.length < 4) {
            noteTexts.push(c.sentence() + (r.chance(0.4) ? ' ' + c.sentence() : ''));
            mark = `<sup>${noteTexts.length}</sup>`;
          }
          out.push(`<p style="${w.style(id)}">${esc(b.text)}${mark}</p>`);
          if (paragraphs > 2 && r.chance(0.07)) {
            const q = reg.block('text', { role: 'quote', text: '', textFromGlyphs: true });
            out.push(`<blockquote style="${w.style(q, r.chance(0.3) ? '#444444' : undefined)}">${esc(c.paragraph(r.int(1, 3)))}</blockquote>`);
          } else if (paragraphs > 2 && r.chance(0.06)) {
            const q = reg.block('text', { role: 'pull-quote', text: '', textFromGlyphs: true });
            const quoted = r.pick(pullFrom);
            out.push(`<div class="n-pull${r.chance(0.4) ? ' float' : ''}" style="${w.style(q, r.chance(0.5) ? accent : undefined)}">“${esc(quoted)}”${r.chance(0.5) ? `<span class="who">— ${esc(c.name())}</span>` : ''}</div>`);
          } else if (genre === 'docs' && r.chance(0.08)) {
            const n = reg.block('text', { role: 'callout', text: '', textFromGlyphs: true });
            out.push(`<div class="n-callout" style="${w.style(n)}"><b>${r.pick(['Note:', 'Tip:', 'Warning:', 'Important:'])}</b> ${esc(c.sentence())}</div>`);
          }
          break;
        }
        case 'list': {
          const id = reg.block('list', { text: '', enumerated: b.enumerated, items: [], textFromGlyphs: true });
          const tag = b.enumerated ? 'ol' : 'ul';
          const gap = b.loose ? `;margin-bottom:${r.int(5, 12)}px` : '';
          out.push(nestedListHtml(w, id, tag, `<${tag}>`, b.items, (part) => `${w.style(part)}${gap}`));
          break;
        }
        case 'table': {
          const id = reg.block('table', { text: '', cells: [], html: tableHtml(b.rows), specRows: b.rows, textFromGlyphs: true });
          const cap = b.caption ? reg.block('caption', { text: b.caption, captionOf: id, textFromGlyphs: true }) : 0;
          const caption = cap ? `<div class="n-tcap" style="${w.style(cap)}">${numberedFloats ? `Table ${tableNo++}${r.pick(['.', ':'])} ` : ''}${esc(b.caption!)}</div>` : '';
          const noteText = b.notes ?? (r.chance(0.3) ? `Source: ${c.org()}${r.chance(0.5) ? ', ' + c.date() : ''}` : undefined);
          const note = noteText ? `<div class="n-tnote" style="${w.style(reg.block('caption', { role: 'table-footnote', text: noteText, captionOf: id, textFromGlyphs: true }), '#555555')}">${esc(noteText)}</div>` : '';
          const style = r.pick(['ruled', 'borderless', 'hlines', 'striped', 'headband']);
          const table = tableHtmlColoured(w, id, b.rows, b.headRows, style, style === 'headband' ? '#ffffff' : '#000000');
          const above = r.chance(0.6);
          out.push(`<div class="n-table">${above ? caption : ''}${table}${above ? '' : caption}${note}</div>`);
          break;
        }
        case 'figure': {
          const credit = b.figure === 'image' && r.chance(0.7) ? `${r.pick(['Photo: ', 'Photograph: ', 'Image: ', '© ', 'Illustration: '])}${c.name()}${r.chance(0.5) ? ' / ' + r.pick(['Reuters', 'AP', 'Getty Images', site, 'Wikimedia Commons', 'handout']) : ''}` : '';
          const inCaption = credit && r.chance(0.6);
          const { id, marker, caption: cap, file } = registerFigure(reg, b, r, dir, pictures);
          const floated = !file || hero ? false : r.chance(0.25);
          const inner = file ? `<img src="${file}" style="width:${floated ? 100 : r.int(60, 100)}%">` : svgFigure(b.figure === 'chart' ? 'chart' : 'diagram', b.labels, c);
          const separateCredit = credit && !inCaption ? `<div class="n-credit" style="${w.style(reg.block('caption', { role: 'credit', text: credit, captionOf: id, textFromGlyphs: true }), '#666666')}">${esc(credit)}</div>` : '';
          const number = numberedFloats ? `${r.pick(['Figure', 'Fig.'])} ${figureNo++}${r.pick([':', '.'])} ` : '';
          out.push(`<figure class="${floated ? 'float' : ''}"><div class="fig" style="${w.style(id)};background:var(--m${marker})">${inner}</div>${separateCredit}<figcaption style="${w.style(cap, r.chance(0.4) ? '#444444' : undefined)}">${number}${esc(b.caption)}${inCaption ? ` <span class="cr">${esc(credit)}</span>` : ''}</figcaption></figure>`);
          break;
        }
        case 'code': {
          const id = reg.block('code', { text: b.lines.join('\n'), textFromGlyphs: false });
          out.push(`<pre style="${w.style(id)}">${esc(b.lines.join('\n'))}</pre>`);
          break;
        }
        default:
          break;
      }
    }
    return out.join('\n');
  };

  // Which boxes, and where.
  const boxes: Array<() => string> = [];
  const wantToc = sectionTitles.length >= 3 && r.chance(genre === 'docs' ? 0.8 : genre === 'newsletter' ? 0.6 : 0.4);
  if (sidebar !== 'none') {
    if (wantToc) boxes.push(tocBox);
    const others = r.sample([relatedBox, authorBox, newsletterBox, tagsBox], r.int(1, 3));
    boxes.push(...others);
  }

  const main: string[] = [];
  const headFullWidth = sidebar !== 'none' && r.chance(0.5);
  if (!headFullWidth) main.push(head.join('\n'));
  // A hero picture under the head (news and blogs).
  if (genre !== 'docs' && r.chance(0.4)) main.push(bodyHtml([{ kind: 'figure', figure: 'image', labels: [], caption: c.sentence() }], true));
  if (r.chance(genre === 'docs' ? 0.3 : 0.65)) {
    const lead = reg.block('text', { role: 'lead', text: '', textFromGlyphs: true });
    main.push(`<p class="n-lead" style="${w.style(lead)}">${esc(c.paragraph(r.int(2, 3)))}</p>`);
  }
  if (sidebar === 'none' && wantToc) main.push(tocBox());
  const middle = sidebar === 'none' && r.chance(0.35) ? Math.floor(blocks.length / 2) : -1;
  main.push(bodyHtml(middle > 0 ? blocks.slice(0, middle) : blocks));
  if (middle > 0) {
    main.push(newsletterBox());
    main.push(bodyHtml(blocks.slice(middle)));
  }
  if (sidebar === 'none') {
    if (r.chance(0.4)) main.push(authorBox());
    if (r.chance(0.4)) main.push(relatedBox());
  }
  // End notes, last in the article: footnotes of a web page.
  if (noteTexts.length) {
    const heading = r.chance(0.5) ? r.pick(['Notes', 'Footnotes', 'References and notes']) : '';
    const hid = heading ? reg.block('title', { level: r.pick([2, 3]), text: heading, textFromGlyphs: true }) : 0;
    const notes = noteTexts.map((text, i) => `<div style="${w.style(reg.block('page_footnote', { role: 'endnote', text, textFromGlyphs: true }))}"><sup>${i + 1}</sup> ${esc(text)}</div>`);
    main.push(`<div class="n-notes">${heading ? `<div style="${w.style(hid)};font-weight:bold;font-size:${small(1.05)};margin-bottom:0.4em">${esc(heading)}</div>` : ''}${notes.join('')}</div>`);
  }

  const page: string[] = [...parts];
  if (headFullWidth) page.push(head.join('\n'));
  if (sidebar === 'none') page.push(`<div class="n-main">${main.join('\n')}</div>`);
  else page.push(`<div class="n-layout"><div class="n-main">${main.join('\n')}</div><aside class="n-aside">${boxes.map((b) => b()).join('\n')}</aside></div>`);

  // The site's footer: link columns and the copyright line (furniture, once, at the end).
  {
    const tint = footerDark ? '#dddddd' : '#444444';
    const cols = r.chance(0.5) ? r.int(2, 4) : 0;
    const links = r.sample(FOOT_LINKS, FOOT_LINKS.length);
    const colsHtml = cols
      ? `<div class="n-footcols">${Array.from({ length: cols }, (_, k) => {
          const id = reg.block('footer', { role: 'site-footer', text: '', textFromGlyphs: true });
          return `<div style="${w.style(id, tint)}">${links.slice(k * 4, k * 4 + r.int(2, 4)).map((l) => `<div>${esc(l)}</div>`).join('')}</div>`;
        }).join('')}</div>`
      : '';
    const copy = reg.block('footer', { role: 'site-footer', text: '', textFromGlyphs: true });
    const line = cols ? '' : ` ${r.pick(['·', '|'])} ${links.slice(0, r.int(2, 4)).join(' · ')}`;
    page.push(`<footer class="n-footer">${colsHtml}<div style="${w.style(copy, tint)}">© ${r.int(2018, 2026)} ${esc(site)}. ${r.pick(['All rights reserved.', 'Some rights reserved.', 'Published under CC BY 4.0.', ''])}${esc(line)}</div></footer>`);
  }

  const body = genre === 'newsletter' ? `<div class="n-page">${page.join('\n')}</div>` : page.join('\n');
  return { source: (truth) => pageSource(w, css, body, truth), reg };
}
