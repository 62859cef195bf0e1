// HTML families printed to PDF by headless Chromium: web articles with infoboxes, sidebars and
// CSS columns; invoices with letterheads, address blocks and item tables; magazine pages.
// Every element that holds text is coloured `var(--qN)`: the truth rendering defines --qN as
// the colour encoding its id, the normal rendering as the element's display colour. Running
// heads repeat on every page as `position: fixed` elements; page numbers are @page margin boxes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content } from './random.js';
import { registerFigure } from './picture.js';
import { columnCount, idColour, randomBody, randomTable, Registry, tableHtml, type SpecBlock, type SpecCell } from './spec.js';

export const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FONTS = ['"Liberation Serif", serif', '"Liberation Sans", sans-serif', '"DejaVu Sans", sans-serif', '"DejaVu Serif", serif', 'Georgia, "Liberation Serif", serif', '"Latin Modern Roman", serif', '"TeX Gyre Pagella", serif', '"Linux Libertine O", serif'];

export class HtmlWriter {
  /** Display colour of an id in the normal rendering (black unless set). */
  readonly tints = new Map<number, string>();
  constructor(readonly reg: Registry) {}
  style(id: number, tint?: string): string {
    if (tint) this.tints.set(id, tint);
    return `color:var(--q${id})`;
  }
}

/** Share of invoices whose items are a price list (a quote, a menu, a fee schedule) rather than a table of quantities. */
const PRICE_LIST_SHARE = 0.4;
/**
 * In CSS columns a table of more columns than this (or of sentences) spans the columns, as
 * magazines set it: squeezed into one column of a three-column page its words broke letter by
 * letter and its rows ran on over two or three columns, a table no reader, human or machine,
 * could rebuild as its truth says (the html-magazine pages of earlier corpora, TEDS about 0.3).
 */
const COLUMN_TABLE_MAX_COLUMNS = 3;

/**
 * A price list: a head row ("Item | Price"), items of a label (a phrase, or a sentence longer than
 * a cell) and an amount set flush right across the page (the currency before it, after it or
 * none), in sections each opened by a row of its label alone (the amount cell empty).
 */
function priceListRows(c: Content, items: number): SpecCell[][] {
  const r = c.rng;
  const [head, unit] = r.pick([['Item', 'Price'], ['Service', 'Fee'], ['Description', 'Amount'], ['Position', 'Cost']]);
  const money = r.pick([(v: number) => `${v.toFixed(2)} €`, (v: number) => `$${v.toFixed(2)}`, (v: number) => v.toFixed(2), (v: number) => `€ ${v.toFixed(0)}`, (v: number) => `${v.toFixed(0)} €`]);
  const rows: SpecCell[][] = [[{ text: head!, header: true }, { text: unit!, header: true }]];
  const sections = r.chance(0.7);
  for (let i = 0; i < items; i++) {
    if (sections && (i === 0 || r.chance(0.3))) {
      const t = c.phrase(r.int(1, 3));
      rows.push([{ text: t[0]!.toUpperCase() + t.slice(1) }, { text: '' }]);
    }
    rows.push([{ text: r.chance(0.4) ? c.sentence().replace(/\.$/, '').slice(0, r.int(46, 75)).replace(/\s+\S*$/, '') : c.phrase(r.int(2, 5)) }, { text: money(r.range(3, 400)) }]);
  }
  return rows;
}

export function tableHtmlColoured(w: HtmlWriter, id: number, rows: SpecCell[][], headRows: number, styleName: string, headTint: string): string {
  let index = 0;
  const trs = rows.map((row, r) => {
    const cells = row.map((cell) => {
      const part = w.reg.part(id, 'cell', index++);
      const tag = r < headRows ? 'th' : 'td';
      const span = `${(cell.colspan ?? 1) > 1 ? ` colspan="${cell.colspan}"` : ''}${(cell.rowspan ?? 1) > 1 ? ` rowspan="${cell.rowspan}"` : ''}`;
      return `<${tag}${span} style="${w.style(part, r < headRows ? headTint : undefined)}">${esc(cell.text)}</${tag}>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table class="t-${styleName}"><thead>${trs.slice(0, headRows).join('')}</thead><tbody>${trs.slice(headRows).join('')}</tbody></table>`;
}

/** An SVG bar chart or box diagram; its labels are text in the figure's colour. */
export function svgFigure(kind: 'diagram' | 'chart', labels: string[], c: Content): string {
  const r = c.rng;
  if (kind === 'chart') {
    const values = labels.map(() => r.range(10, 100));
    const bars = values.map((v, i) => `<rect x="${50 + i * 70}" y="${170 - v * 1.5}" width="45" height="${v * 1.5}" fill="hsl(${r.int(0, 360)},45%,60%)"/><text x="${72 + i * 70}" y="188" text-anchor="middle" font-size="11">${esc(labels[i]!)}</text>`);
    const ticks = [0, 25, 50, 75, 100].map((t) => `<text x="40" y="${174 - t * 1.5}" text-anchor="end" font-size="10">${t}</text>`);
    return `<svg viewBox="0 0 ${60 + labels.length * 70} 200" width="100%" style="max-width:${60 + labels.length * 70}px" fill="currentColor"><line x1="45" y1="170" x2="${50 + labels.length * 70}" y2="170" stroke="#333"/><line x1="45" y1="10" x2="45" y2="170" stroke="#333"/>${bars.join('')}${ticks.join('')}</svg>`;
  }
  const boxes = labels.map((l, i) => `<rect x="${10 + (i % 3) * 150}" y="${10 + Math.floor(i / 3) * 70}" width="120" height="40" rx="8" fill="none" stroke="#444"/><text x="${70 + (i % 3) * 150}" y="${35 + Math.floor(i / 3) * 70}" text-anchor="middle" font-size="13">${esc(l)}</text>`);
  const rows = Math.ceil(labels.length / 3);
  return `<svg viewBox="0 0 460 ${rows * 70}" width="100%" style="max-width:460px" fill="currentColor">${boxes.join('')}</svg>`;
}

function bodyHtml(w: HtmlWriter, blocks: SpecBlock[], c: Content, look: Look, dir: string, pictures: { n: number }): string {
  const r = c.rng;
  const reg = w.reg;
  const out: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading': {
        const id = reg.block('title', { level: b.level, role: b.role, text: b.text, textFromGlyphs: true });
        const tag = `h${Math.min(6, b.level)}`;
        out.push(`<${tag} style="${w.style(id, look.headingTint)}">${b.number ? esc(b.number) + ' ' : ''}${esc(b.text)}</${tag}>`);
        break;
      }
      case 'paragraph': {
        const id = reg.block('text', { text: b.text, role: b.role, textFromGlyphs: true });
        let head = '';
        if (b.runIn) {
          const h = reg.block('title', { level: 4, role: 'run-in', text: b.runIn, textFromGlyphs: true });
          head = `<b style="${w.style(h)}">${esc(b.runIn)}</b> `;
        }
        out.push(`<p style="${w.style(id)}">${head}${esc(b.text)}</p>`);
        break;
      }
      case 'list': {
        const id = reg.block(b.references ? 'ref_text' : 'list', { text: '', enumerated: b.enumerated, items: [], textFromGlyphs: true });
        const tag = b.enumerated ? 'ol' : 'ul';
        const gap = b.loose ? `margin-bottom:${r.int(6, 14)}px` : '';
        out.push(nestedListHtml(w, id, tag, `<${tag} class="${b.references ? 'refs' : ''}">`, b.items, (part) => `${w.style(part)};${gap}`));
        break;
      }
      case 'table': {
        const id = reg.block('table', { text: '', cells: [], html: tableHtml(b.rows), specRows: b.rows, textFromGlyphs: true });
        const cap = b.caption ? reg.block('caption', { text: b.caption, captionOf: id, textFromGlyphs: true }) : 0;
        const caption = cap ? `<div class="caption" style="${w.style(cap)}">Table ${look.tableNo++}. ${esc(b.caption!)}</div>` : '';
        const note = b.notes ? `<div class="note" style="${w.style(reg.block('caption', { role: 'table-footnote', text: b.notes, captionOf: id, textFromGlyphs: true }))}">${esc(b.notes)}</div>` : '';
        let table = tableHtmlColoured(w, id, b.rows, b.headRows, b.style, look.headingTint);
        // A table of words is set at a width that wraps its long cells: fixed columns, or auto.
        if (b.words) table = table.replace('<table class="', `<table style="width:${r.pick([100, 90, 75, 60])}%;table-layout:${r.pick(['fixed', 'auto'])}" class="words `);
        const above = r.chance(0.6);
        const wide = b.words || columnCount(b.rows) > COLUMN_TABLE_MAX_COLUMNS;
        out.push(`<div class="tablewrap${wide ? ' wide' : ''}">${above ? caption : ''}${table}${above ? '' : caption}${note}</div>`);
        break;
      }
      case 'figure': {
        const { id, marker, caption: cap, file } = registerFigure(reg, b, r, dir, pictures);
        const inner = file ? `<img src="${file}" style="width:${r.int(50, 95)}%">` : svgFigure(b.figure === 'chart' ? 'chart' : 'diagram', b.labels, c);
        out.push(`<figure><div class="fig" style="${w.style(id)};background:var(--m${marker})">${inner}</div><figcaption style="${w.style(cap)}">Figure ${look.figureNo++}: ${esc(b.caption)}</figcaption></figure>`);
        break;
      }
      case 'equation': {
        // Browsers have no TeX: equations stay in the LaTeX families.
        break;
      }
      case 'code': {
        const id = reg.block('code', { text: b.lines.join('\n'), textFromGlyphs: false });
        out.push(`<pre style="${w.style(id)}">${esc(b.lines.join('\n'))}</pre>`);
        break;
      }
      case 'fields': {
        out.push(fieldsHtml(w, b.role, b.title, b.fields, look));
        break;
      }
    }
  }
  return out.join('\n');
}

/**
 * A list block's items as nested HTML lists, each item registered as a part of block `id` (in
 * order) and styled by `itemStyle` of its part's id; `open` is the outer list's opening tag.
 */
export function nestedListHtml(w: HtmlWriter, id: number, tag: 'ol' | 'ul', open: string, items: ReadonlyArray<{ text: string; level: number }>, itemStyle: (part: number) => string): string {
  const html: string[] = [open];
  let level = 0;
  items.forEach((item, k) => {
    while (level < item.level) {
      html.push(`<${tag}>`);
      level++;
    }
    while (level > item.level) {
      html.push(`</${tag}>`);
      level--;
    }
    const part = w.reg.part(id, 'item', k);
    w.reg.get(id).items!.push({ text: item.text, level: item.level, boxes: [], lines: [] });
    html.push(`<li style="${itemStyle(part)}">${esc(item.text)}</li>`);
  });
  while (level-- > 0) html.push(`</${tag}>`);
  html.push(`</${tag}>`);
  return html.join('');
}

/** Label/value fields: an infobox (a small table), memo lines, document-control lines, a form. */
function fieldsHtml(w: HtmlWriter, role: string, title: string | undefined, fields: Array<[string, string]>, look: Look): string {
  const reg = w.reg;
  if (role === 'infobox') {
    const rows: SpecCell[][] = fields.map(([k, v]) => [{ text: k, header: true }, { text: v }]);
    // The title is printed above the table, so it is registered (read) first.
    const head = title ? `<div class="boxtitle" style="${w.style(reg.block('title', { level: 3, role: 'infobox-title', text: title, textFromGlyphs: true }), look.headingTint)}">${esc(title)}</div>` : '';
    const id = reg.block('table', { role: 'infobox', text: '', cells: [], html: tableHtml(rows), specRows: rows, textFromGlyphs: true });
    let index = 0;
    const trs = rows.map((row) => `<tr>${row.map((cell, i) => `<${i === 0 ? 'th' : 'td'} style="${w.style(reg.part(id, 'cell', index++))}">${esc(cell.text)}</${i === 0 ? 'th' : 'td'}>`).join('')}</tr>`);
    return `<aside class="infobox">${head}<table>${trs.join('')}</table></aside>`;
  }
  // Each field its own text block: "Label: value".
  return `<div class="fields ${role}">${fields.map(([k, v]) => `<div style="${w.style(reg.block('text', { role, text: `${k}: ${v}`, textFromGlyphs: true }))}"><b>${esc(k)}:</b> ${esc(v)}</div>`).join('')}</div>`;
}

interface Look {
  headingTint: string;
  tableNo: number;
  figureNo: number;
}

function baseCss(c: Content, font: string, size: number, margin: number, pageSize: string): string {
  const r = c.rng;
  const ruled = r.pick(['1px solid #999', '0.5px solid #444', '1px solid #ccc']);
  return `
@page { size: ${pageSize}; margin: ${margin}mm ${margin}mm ${margin + 4}mm ${margin}mm; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: ${font}; font-size: ${size}pt; line-height: ${r.range(1.25, 1.6).toFixed(2)}; margin: 0; }
h1 { font-size: ${(size * r.range(1.8, 2.4)).toFixed(1)}pt; margin: 0.3em 0; }
h2 { font-size: ${(size * r.range(1.3, 1.6)).toFixed(1)}pt; margin: 1em 0 0.4em; ${r.chance(0.3) ? 'border-bottom: 1px solid #aaa;' : ''} }
h3 { font-size: ${(size * r.range(1.05, 1.25)).toFixed(1)}pt; margin: 0.8em 0 0.3em; }
h4 { font-size: ${size}pt; margin: 0.6em 0 0.2em; }
p { margin: ${r.chance(0.5) ? '0 0 0.6em' : '0; text-indent: 1.5em'}; text-align: ${r.pick(['left', 'justify'])}; }
table { border-collapse: collapse; margin: 0.4em 0; font-size: ${(size * 0.9).toFixed(1)}pt; }
th, td { padding: ${r.int(2, 6)}px ${r.int(4, 10)}px; vertical-align: top; }
th { text-align: left; }
td { text-align: ${r.pick(['left', 'right'])}; }
td:first-child, .words td { text-align: left; }
.t-ruled th, .t-ruled td { border: ${ruled}; }
.t-booktabs { border-top: 1.5px solid #000; border-bottom: 1.5px solid #000; } .t-booktabs thead { border-bottom: 1px solid #000; }
.t-striped tbody tr:nth-child(odd) { background: #eef1f5; } .t-striped thead { background: #d9dee6; }
.t-dotleader { width: 100%; }
.caption { font-size: ${(size * 0.9).toFixed(1)}pt; margin: 0.3em 0; ${r.chance(0.5) ? 'font-style: italic;' : 'font-weight: bold;'} }
.note { font-size: ${(size * 0.8).toFixed(1)}pt; }
figure { margin: 0.8em 0; break-inside: avoid; } figcaption { font-size: ${(size * 0.9).toFixed(1)}pt; margin-top: 0.3em; }
.tablewrap { break-inside: avoid; overflow: hidden; }
pre { font-size: ${(size * 0.85).toFixed(1)}pt; background: #f4f4f4; padding: 6px; }
.infobox { float: right; width: ${r.int(32, 42)}%; border: 1px solid #bbb; background: #f8f9fa; margin: 0 0 0.8em 1em; padding: 6px; font-size: ${(size * 0.85).toFixed(1)}pt; }
.infobox th { font-weight: bold; padding-right: 8px; } .boxtitle { font-weight: bold; text-align: center; font-size: ${(size * 1.05).toFixed(1)}pt; margin-bottom: 4px; }
.sidebar { border-left: 4px solid #7a9cc6; background: #eef3f9; padding: 6px 10px; margin: 0.8em 0; ${r.chance(0.5) ? 'float: right; width: 38%; margin-left: 1em;' : ''} }
.fields div { margin: 2px 0; }
.cols table { width: 100%; table-layout: fixed; } .cols td, .cols th { overflow-wrap: anywhere; }
.cols .tablewrap.wide { column-span: all; margin: 0.6em 0; }
.cols .infobox, .cols .sidebar { float: none; width: auto; margin: 0.8em 0; }
`;
}

export function pageNumberCss(id: number, r: Content['rng'], size: number): string {
  const where = r.pick(['bottom-center', 'bottom-right']);
  const form = r.pick(['counter(page)', '"Page " counter(page) " of " counter(pages)', '"– " counter(page) " –"', 'counter(page) " / " counter(pages)']);
  return `@page { @${where} { content: ${form}; color: var(--q${id}); font-size: ${(size * 0.8).toFixed(1)}pt; } }`;
}

export function htmlDocument(family: string, c: Content, targetPages: number, dir: string): { source: (truth: boolean) => string; reg: Registry } {
  const r = c.rng;
  const reg = new Registry();
  const w = new HtmlWriter(reg);
  const look: Look = { headingTint: r.pick(['#000000', '#000000', '#1a3c6e', '#7a1f1f', '#23523a']), tableNo: 1, figureNo: 1 };
  const size = r.pick([9, 10, 10.5, 11, 12]);
  const margin = r.int(12, 25);
  const pageSize = r.pick(['A4', 'Letter']);
  const font = r.pick(FONTS);
  const pictures = { n: 0 };
  let css = baseCss(c, font, size, margin, pageSize);
  const parts: string[] = [];
  // Running heads and feet are @page margin boxes: Chromium prints them on every page.
  const cssString = (t: string) => `"${t.replace(/["\\]/g, '')}"`;
  const running = (text: string, right?: string) => {
    const h = reg.block('header', { text, textFromGlyphs: true, furniturePerPage: true });
    css += `@page { @top-left { content: ${cssString(text)}; color: var(--q${h}); font-size: ${(size * 0.8).toFixed(1)}pt; } ${right ? `@top-right { content: ${cssString(right)}; color: var(--q${h}); font-size: ${(size * 0.8).toFixed(1)}pt; }` : ''} }`;
  };
  const pageNumber = () => {
    const id = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    css += pageNumberCss(id, r, size);
  };

  if (family === 'html-invoice') {
    css += `.letterhead { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 1.5em; } .letterhead .name { font-size: ${size * 1.8}pt; font-weight: bold; } .meta { text-align: right; } .addr { margin: 1em 0; } .totals { margin-left: auto; } .totals td:first-child { text-align: right; padding-right: 1em; }`;
    const company = c.org();
    const lh = reg.block('text', { role: 'letterhead', text: company, textFromGlyphs: true });
    const lhAddr = reg.block('text', { role: 'letterhead', text: '', textFromGlyphs: true });
    const title = reg.block('title', { level: 1, text: 'Invoice', textFromGlyphs: true });
    const invoiceNo = `${r.pick(['INV', 'RE', 'FA', 'No.'])}-${r.int(1000, 99999)}`;
    const meta: Array<[string, string]> = [['Invoice number', invoiceNo], ['Date', c.date()], ['Due date', c.date()], ...(r.chance(0.5) ? [['Customer ID', String(r.int(10000, 99999))] as [string, string]] : [])];
    parts.push(`<div class="letterhead"><div><div class="name" style="${w.style(lh, look.headingTint)}">${esc(company)}</div><div style="${w.style(lhAddr)}">${r.int(1, 200)} ${esc(c.surname())} Street<br>${r.int(10000, 99999)} ${esc(c.city())}<br>VAT ${r.pick(['DE', 'FR', 'PL', 'ES'])}${r.int(100000000, 999999999)}</div></div><div class="meta"><h1 style="${w.style(title, look.headingTint)}">${r.pick(['INVOICE', 'Invoice', 'Tax Invoice'])}</h1>${fieldsHtml(w, 'form', undefined, meta, look)}</div></div>`);
    const billTo = reg.block('text', { role: 'address', text: '', textFromGlyphs: true });
    parts.push(`<div class="addr" style="${w.style(billTo)}"><b>Bill to:</b><br>${esc(c.name())}<br>${esc(c.org())}<br>${r.int(1, 99)} ${esc(c.surname())} Road, ${esc(c.city())}</div>`);
    const items = r.int(3, Math.max(4, targetPages * 14));
    // (Drawn before the items: a seed's invoice differs from before price lists were added.)
    const priceList = r.chance(PRICE_LIST_SHARE);
    if (priceList) {
      parts.push(bodyHtml(w, [{ kind: 'table', rows: priceListRows(c, items), headRows: 1, style: r.pick(['borderless', 'borderless', 'rowruled']) }], c, look, dir, pictures).replace('<table ', '<table style="width:100%" ').replace('class="t-', 'class="pricelist t-'));
      css += '.pricelist td:last-child, .pricelist th:last-child { text-align: right; white-space: nowrap; }';
    } else {
      const rows: SpecCell[][] = [[{ text: 'Description', header: true }, { text: 'Qty', header: true }, { text: 'Unit price', header: true }, { text: 'Amount', header: true }]];
      for (let i = 0; i < items; i++) rows.push([{ text: r.chance(0.3) ? c.sentence().replace(/\.$/, '') : c.phrase(r.int(2, 5)) }, { text: String(r.int(1, 40)) }, { text: r.range(5, 900).toFixed(2) }, { text: r.range(5, 9000).toFixed(2) }]);
      parts.push(bodyHtml(w, [{ kind: 'table', rows, headRows: 1, style: r.pick(['ruled', 'borderless', 'striped', 'booktabs']) }], c, look, dir, pictures).replace('<table ', '<table style="width:100%" '));
    }
    const totals: SpecCell[][] = [['Subtotal', r.range(100, 9000).toFixed(2)], [`VAT ${r.pick([7, 19, 20, 21, 23])}%`, r.range(10, 900).toFixed(2)], ['Total due', r.range(100, 9999).toFixed(2)]].map(([k, v]) => [{ text: k! }, { text: v! }]);
    const tot = reg.block('table', { role: 'totals', text: '', cells: [], html: tableHtml(totals), specRows: totals, textFromGlyphs: true });
    parts.push(tableHtmlColoured(w, tot, totals, 0, 'borderless', look.headingTint).replace('class="t-borderless"', 'class="t-borderless totals"'));
    parts.push(bodyHtml(w, [{ kind: 'paragraph', text: `Payment terms: ${c.sentence()} ${c.sentence()}` }], c, look, dir, pictures));
    const foot = reg.block('footer', { text: '', textFromGlyphs: true, furniturePerPage: true });
    css += `@page { @bottom-left { content: ${cssString(`${company} · IBAN ${r.pick(['DE', 'FR', 'NL'])}${r.int(10, 99)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} · ${c.city()}`)}; color: var(--q${foot}); font-size: ${(size * 0.75).toFixed(1)}pt; } }`;
    if (r.chance(0.6)) pageNumber();
  } else {
    // Articles and magazine pages.
    const magazine = family === 'html-magazine';
    const site = c.org();
    if (r.chance(0.7)) running(site, r.chance(0.5) ? c.date() : undefined);
    pageNumber();
    const title = reg.block('title', { level: 1, text: '', textFromGlyphs: true });
    parts.push(`<h1 style="${w.style(title, look.headingTint)}">${esc(c.phrase(r.int(3, 7)))}</h1>`);
    const by = reg.block('text', { role: 'author-list', text: '', textFromGlyphs: true });
    parts.push(`<div class="byline" style="${w.style(by)};font-size:${size * 0.9}pt;margin-bottom:1em">${r.chance(0.5) ? 'By ' : ''}${Array.from({ length: r.int(1, 3) }, () => esc(c.name())).join(', ')} · ${esc(c.date())}</div>`);
    if (r.chance(0.6)) {
      const fields: Array<[string, string]> = [['Location', c.city()], ['Founded', String(r.int(1850, 2015))], ['Staff', String(r.int(12, 9000))], ['Budget', c.number()], ['Contact', c.name()]];
      parts.push(fieldsHtml(w, 'infobox', c.phrase(2), r.sample(fields, r.int(3, 5)), look));
    }
    const numbered = r.chance(0.5);
    const body = randomBody(c, { sections: Math.max(2, Math.round(targetPages * (magazine ? 2.5 : 1.6))), depth: r.pick([2, 3]), numbered, trailingDot: r.chance(0.5), runIn: r.chance(0.3), lists: true, tables: true, figures: true, code: !magazine && r.chance(0.2), tableStyles: ['ruled', 'borderless', 'striped', 'booktabs', 'rowruled'], references: !magazine && r.chance(0.3) });
    // A sidebar after the second section's first paragraph.
    const at = body.findIndex((b, i) => i > 3 && b.kind === 'paragraph');
    let html = bodyHtml(w, body.slice(0, at > 0 ? at : body.length), c, look, dir, pictures);
    if (at > 0) {
      const sb = reg.block('title', { level: 4, role: 'sidebar-heading', text: '', textFromGlyphs: true });
      const sbt = reg.block('text', { role: 'sidebar', text: '', textFromGlyphs: true });
      html += `<div class="sidebar"><div style="${w.style(sb, look.headingTint)};font-weight:bold">${esc(c.phrase(2))}</div><div style="${w.style(sbt)}">${esc(c.paragraph(2))}</div></div>`;
    }
    const columns = magazine || r.chance(0.25);
    const wrapColumns = (h: string) => (columns ? `<div class="cols" style="column-count:${magazine ? r.int(2, 3) : ARTICLE_COLUMNS};column-gap:${r.int(14, 30)}px">${h}</div>` : h);
    parts.push(wrapColumns(html));
    if (at > 0) {
      if (magazine && r.chance(0.7)) {
        // Two small tables side by side, across the page.
        const t1 = randomTable(c, { cols: 3, rows: r.int(3, 5) });
        const t2 = randomTable(c, { cols: 3, rows: r.int(3, 5) });
        parts.push(`<div style="display:flex;gap:1.5em;break-inside:avoid">${[t1, t2].map((t) => `<div style="flex:1">${bodyHtml(w, [{ kind: 'table', ...t, caption: c.phrase(3), style: r.pick(['ruled', 'booktabs', 'borderless']) }], c, look, dir, pictures)}</div>`).join('')}</div>`);
      }
      parts.push(wrapColumns(bodyHtml(w, body.slice(at), c, look, dir, pictures)));
    }
    // Articles (a tune family) close on two small captioned tables side by side now and then, as
    // magazine pages (validate-only) set them. Drawn last, so that a seed's document is the same
    // up to there as before this was added.
    if (!magazine && r.chance(0.3)) {
      const pair = [randomTable(c, { cols: r.int(2, 4), rows: r.int(3, 5) }), randomTable(c, { cols: r.int(2, 4), rows: r.int(3, 5) })];
      parts.push(`<div style="display:flex;gap:${r.int(1, 3)}em;break-inside:avoid">${pair.map((t) => `<div style="flex:1">${bodyHtml(w, [{ kind: 'table', ...t, caption: c.phrase(3), style: r.pick(['ruled', 'booktabs', 'borderless', 'striped']) }], c, look, dir, pictures)}</div>`).join('')}</div>`);
    }
  }

  // Rules under every row and none between columns; either under each row (the last one too) or
  // above each row under the head (Bootstrap's .table: no rule under the last row). Drawn last, so
  // that a seed's document is the same up to there as before this style was added.
  const rowRule = `${r.pick(['1px', '0.5px', '0.75px'])} solid ${r.pick(['#999', '#444', '#dee2e6', '#000'])}`;
  css += r.chance(0.5)
    ? `.t-rowruled th, .t-rowruled td { border-bottom: ${rowRule}; } .t-rowruled thead th { border-bottom: ${r.pick(['1.5px', '2px', '1px'])} solid #000; }`
    : `.t-rowruled td { border-top: ${rowRule}; } .t-rowruled thead th { border-bottom: ${r.pick(['1.5px', '2px', '1px'])} solid ${r.pick(['#000', '#444', '#dee2e6'])}; vertical-align: bottom; }`;
  // Articles (a tune family) set in columns take three narrow ones now and then, as magazine
  // pages (validate-only) do: justified prose a few words wide, tables squeezed into a column.
  // Drawn last, so that a seed's document is drawn the same up to here as before.
  const articleColumns = family === 'html-article' && r.chance(ARTICLE_THREE_COLUMNS) ? 3 : 2;
  const bodySource = parts.join('\n').replaceAll(ARTICLE_COLUMNS, String(articleColumns));
  return { source: (truth) => pageSource(w, css, bodySource, truth), reg };
}

/** The column count of an article set in columns, filled in once drawn (see the end of htmlDocument). */
const ARTICLE_COLUMNS = '__ARTICLE_COLUMNS__';
/** Share of articles set in columns that take three. */
const ARTICLE_THREE_COLUMNS = 0.5;

/**
 * The whole page: every id's colour variable (its code in the truth rendering, its display
 * colour in the normal one; figure markers transparent there), the style sheet and the body.
 */
export function pageSource(w: HtmlWriter, css: string, body: string, truth: boolean): string {
  const vars: string[] = [];
  for (const b of w.reg.blocks) vars.push(`--q${b.id}:${truth ? `rgb(${idColour(b.id).join(',')})` : (w.tints.get(b.id) ?? '#000')}`);
  for (const [id, part] of w.reg.parts) vars.push(part.kind === 'marker' ? `--m${id}:${truth ? `rgb(${idColour(id).join(',')})` : 'transparent'}` : `--q${id}:${truth ? `rgb(${idColour(id).join(',')})` : (w.tints.get(id) ?? '#000')}`);
  return `<!doctype html><html><head><meta charset="utf-8"><style>:root{${vars.join(';')}}${css}</style></head><body>${body}</body></html>`;
}

const CHROMIUM_TIMEOUT_MS = 90_000;

export function printHtml(dir: string, name: string, source: string): Promise<Uint8Array> {
  const html = join(dir, `${name}.html`);
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(html, source);
  execFileSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-pdf-header-footer', `--user-data-dir=${join(dir, 'profile')}`, `--print-to-pdf=${pdf}`, `file://${html}`], { timeout: CHROMIUM_TIMEOUT_MS, stdio: 'pipe' });
  if (!existsSync(pdf)) throw new Error('chromium wrote no PDF');
  return Promise.resolve(new Uint8Array(readFileSync(pdf)));
}

