// LaTeX families: article, report/book, IEEEtran, elsarticle, llncs and beamer, set by pdflatex.
// Every block is preceded by \color{qN}; the truth rendering defines qN as the colour that
// encodes block N, the normal rendering defines every qN as black (or the block's display
// colour). The colour commands are the same in both, so both set the same layout.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content, Rng } from './random.js';
import { idColour, randomBody, Registry, tableHtml, type SpecBlock, type SpecCell, placeSpecCells, columnCount, randomTable } from './spec.js';
import { registerFigure } from './picture.js';

export type TexClass = 'article' | 'report' | 'book' | 'IEEEtran' | 'elsarticle' | 'llncs' | 'beamer' | JournalClass;
/** Publishers' classes of the journal family (latex-journal.ts). */
export type JournalClass = 'revtex4-2' | 'acmart' | 'amsart' | 'mnras';

export const FONTS: Record<string, string> = {
  'latin-modern': '\\usepackage{lmodern}',
  times: '\\usepackage{mathptmx}',
  palatino: '\\usepackage{mathpazo}',
  libertine: '\\usepackage{libertine}',
  charter: '\\usepackage{XCharter}',
  bookman: '\\usepackage{bookman}',
  helvetica: '\\usepackage[scaled]{helvet}\\renewcommand{\\familydefault}{\\sfdefault}',
  'latin-modern-sans': '\\usepackage{lmodern}\\renewcommand{\\familydefault}{\\sfdefault}',
};

/** Characters LaTeX treats specially, escaped for running text. */
export function texEscape(text: string): string {
  return text.replace(/[\\&%$#_{}~^]/g, (ch) => ({ '\\': '\\textbackslash{}', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}' })[ch] ?? `\\${ch}`);
}

export class TexWriter {
  readonly out: string[] = [];
  /** Colour name of an id. */
  c(id: number): string {
    return `q${id}`;
  }
  color(id: number): string {
    return `\\color{q${id}}`;
  }
}

export interface TexStyle {
  cls: TexClass;
  options: string[];
  twocolumn: boolean;
  font: string;
  runningHeads: boolean;
  toc: boolean;
  geometry?: string;
  parskip: boolean;
}

/** Everything a LaTeX family decides for one document. */
function texStyle(family: string, r: Rng): TexStyle {
  const size = r.pick(['10pt', '11pt', '12pt']);
  const font = r.pick(Object.keys(FONTS));
  const paper = r.pick(['a4paper', 'letterpaper']);
  switch (family) {
    case 'tex-article': {
      const twocolumn = r.chance(0.4);
      const margin = r.range(1.5, 3).toFixed(1);
      return { cls: 'article', options: [size, paper, ...(twocolumn ? ['twocolumn'] : [])], twocolumn, font, runningHeads: r.chance(0.7), toc: !twocolumn && r.chance(0.25), geometry: `margin=${margin}cm${twocolumn ? `,columnsep=${r.range(0.5, 1.2).toFixed(2)}cm` : ''}`, parskip: r.chance(0.25) };
    }
    case 'tex-report':
      return { cls: r.pick(['report', 'book']), options: [size, paper, 'openany'], twocolumn: false, font, runningHeads: true, toc: r.chance(0.6), geometry: `margin=${r.range(2, 3.2).toFixed(1)}cm`, parskip: r.chance(0.2) };
    case 'tex-ieee':
      return { cls: 'IEEEtran', options: ['conference', r.pick(['10pt', '10pt', '11pt']), paper], twocolumn: true, font: 'times', runningHeads: true, toc: false, parskip: false };
    case 'tex-elsarticle': {
      const twocolumn = r.chance(0.5);
      return { cls: 'elsarticle', options: twocolumn ? ['5p', 'twocolumn'] : [r.pick(['preprint', '3p']), r.pick(['12pt', '10pt'])], twocolumn, font: r.pick(['times', 'latin-modern', 'charter']), runningHeads: false, toc: false, parskip: false };
    }
    case 'tex-llncs':
      return { cls: 'llncs', options: [], twocolumn: false, font: r.pick(['latin-modern', 'times', 'palatino']), runningHeads: true, toc: false, parskip: false };
    case 'tex-beamer':
      return { cls: 'beamer', options: [r.pick(['aspectratio=43', 'aspectratio=169']), r.pick(['10pt', '11pt', '12pt'])], twocolumn: false, font: r.pick(['latin-modern-sans', 'helvetica', 'palatino', 'latin-modern']), runningHeads: false, toc: false, parskip: false };
    default:
      throw new Error(`unknown LaTeX family ${family}`);
  }
}

/** Heading commands by level (2 = top-level section). */
function sectionCommand(cls: TexClass, level: number): string {
  const chaptered = cls === 'report' || cls === 'book';
  const names = chaptered ? ['chapter', 'section', 'subsection', 'subsubsection'] : ['section', 'subsection', 'subsubsection', 'subsubsection'];
  return names[Math.min(level - 2, names.length - 1)]!;
}

function cellTex(w: TexWriter, reg: Registry, table: number, index: number, cell: SpecCell, bold: boolean): string {
  const id = reg.part(table, 'cell', index);
  // \leavevmode: a colour set in vertical mode at the top of a p{} cell would open an empty first line, pushing the cell a line below its row.
  const body = `{\\leavevmode${w.color(id)}${bold ? '\\bfseries ' : ''}${texEscape(cell.text)}}`;
  let tex = body;
  if ((cell.rowspan ?? 1) > 1) tex = `\\multirow{${cell.rowspan}}{*}{${tex}}`;
  if ((cell.colspan ?? 1) > 1) tex = `\\multicolumn{${cell.colspan}}{c}{${tex}}`;
  return tex;
}

/**
 * Leader dots lead a label out to a value or two (contents, price lists). Wider tables are set with
 * rules instead: the labels' X column of a tabularx gets what the other columns leave of the line,
 * which for many columns is a word's width or less, its words broken letter by letter and overprinted
 * by the next column (no truth can be read from such a table).
 */
const MAX_LEADER_COLUMNS = 3;

function tabularTex(w: TexWriter, reg: Registry, id: number, rows: SpecCell[][], headRows: number, asked: string, wrapped: boolean, words = false): string {
  const cols = columnCount(rows);
  const style = asked === 'dotleader' && cols > MAX_LEADER_COLUMNS ? 'booktabs' : asked;
  const ruled = style === 'ruled';
  // \hline under every row, no `|` between columns.
  const rowRuled = style === 'rowruled';
  const first = wrapped ? 'p{0.32\\linewidth}' : 'l';
  // A table of words: its text columns are paragraphs of a fixed width, set ragged right.
  const textCol = `>{\\raggedright\\arraybackslash}p{${Math.min(0.34, 0.8 / cols).toFixed(2)}\\linewidth}`;
  const others = Array<string>(cols - 1).fill(words ? textCol : 'r');
  const spec = style === 'dotleader' ? `@{}X ${others.join(' ')}@{}` : ruled ? `|${[first, ...others].join('|')}|` : [first, ...others].join(' ');
  const lines: string[] = [];
  const env = style === 'dotleader' ? 'tabularx' : 'tabular';
  lines.push(`\\begin{${env}}${env === 'tabularx' ? '{\\linewidth}' : ''}{${spec}}`);
  if (style === 'booktabs') lines.push('\\toprule');
  if (ruled || rowRuled) lines.push('\\hline');
  let index = 0;
  const placed = placeSpecCells(rows);
  rows.forEach((row, r) => {
    // Cells covered by a rowspan from above need an empty slot in LaTeX.
    const slots: string[] = [];
    let col = 0;
    const starts = placed.filter((p) => p.row === r);
    while (col < cols) {
      const here = starts.find((p) => p.col === col);
      if (here) {
        let tex = cellTex(w, reg, id, index++, here.cell, r < headRows && style !== 'dotleader');
        if (style === 'dotleader' && col === 0) tex = `${tex}\\dotfill`;
        slots.push(tex);
        col += here.cell.colspan ?? 1;
      } else {
        slots.push('');
        col++;
      }
    }
    lines.push(slots.join(' & ') + ' \\\\');
    if (r === headRows - 1 && style === 'booktabs') lines.push('\\midrule');
    if (ruled || rowRuled) lines.push(ruleUnderRow(placed, r, cols));
    else if (r === 0 && headRows === 2 && style === 'booktabs') lines.push(`\\cmidrule(lr){2-${cols}}`);
  });
  if (style === 'booktabs') lines.push('\\bottomrule');
  lines.push(`\\end{${env}}`);
  return lines.join('\n');
}

/**
 * The rule under row `r` of a ruled table: \hline, or where a cell spans on into the next row
 * (\multirow), \cline over the other columns, as an author sets it: an \hline would strike
 * through the spanning cell's text, which no reader could then take for a cell.
 */
function ruleUnderRow(placed: ReturnType<typeof placeSpecCells>, r: number, cols: number): string {
  const spanned = new Set<number>();
  for (const p of placed) if (p.row <= r && r < p.row + (p.cell.rowspan ?? 1) - 1) for (let c = p.col; c < p.col + (p.cell.colspan ?? 1); c++) spanned.add(c);
  if (!spanned.size) return '\\hline';
  const parts: string[] = [];
  for (let c = 0; c < cols; c++) {
    if (spanned.has(c)) continue;
    let end = c;
    while (end + 1 < cols && !spanned.has(end + 1)) end++;
    parts.push(`\\cline{${c + 1}-${end + 1}}`);
    c = end;
  }
  return parts.join(' ');
}

/** The body blocks in LaTeX. */
export function bodyTex(w: TexWriter, reg: Registry, blocks: SpecBlock[], style: TexStyle, r: Rng, dir: string, pictures: { n: number }): string {
  const out: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    switch (b.kind) {
      case 'heading': {
        const next = blocks[i + 1];
        if (next?.kind === 'list' && next.references) {
          // thebibliography prints the heading itself: the heading's colour, then each entry's.
          const head = reg.block('title', { level: 2, text: b.text, textFromGlyphs: true });
          const list = reg.block('ref_text', { text: '', enumerated: true, items: [], textFromGlyphs: true });
          const name = style.cls === 'report' || style.cls === 'book' ? 'bibname' : 'refname';
          out.push(`\\renewcommand{\\${name}}{${texEscape(b.text)}}`, `${w.color(head)}\\begin{thebibliography}{99}`);
          next.items.forEach((item, k) => {
            const part = reg.part(list, 'item', k);
            reg.get(list).items!.push({ text: item.text, level: 0, boxes: [], lines: [] });
            out.push(`${w.color(part)}\\bibitem{r${k}} ${texEscape(item.text)}`);
          });
          out.push('\\end{thebibliography}');
          i++;
          break;
        }
        const id = reg.block('title', { level: b.level, text: b.text, textFromGlyphs: true });
        out.push(`${w.color(id)}\\${sectionCommand(style.cls, b.level)}{${texEscape(b.text)}}`);
        break;
      }
      case 'paragraph': {
        let tex = '';
        if (b.runIn) {
          const head = reg.block('title', { level: 4, role: 'run-in', text: b.runIn, textFromGlyphs: true });
          const id = reg.block('text', { text: b.text, textFromGlyphs: true });
          tex = `${w.color(id)}\\paragraph{${w.color(head)}${texEscape(b.runIn)}}${texEscape(b.text)}`;
        } else {
          const id = reg.block('text', { text: b.text, textFromGlyphs: true });
          // Coloured once the paragraph has started: a wrapped figure set at its start keeps its own colours.
          tex = `\\leavevmode${w.color(id)}${texEscape(b.text)}`;
        }
        if (b.footnote) {
          const fn = reg.block('page_footnote', { text: b.footnote, textFromGlyphs: true });
          tex = tex.replace(/\.(?=[^.]*$)/, `.\\footnote{${w.color(fn)}${texEscape(b.footnote)}}`);
        }
        if (b.marginNote && !style.twocolumn && style.cls !== 'beamer') {
          const note = reg.block('aside_text', { role: 'margin-note', text: b.marginNote, textFromGlyphs: true });
          tex = `\\marginpar{${w.color(note)}\\footnotesize\\raggedright ${texEscape(b.marginNote)}}` + tex;
        }
        out.push(tex + '\n');
        break;
      }
      case 'list': {
        const id = reg.block('list', { text: '', enumerated: b.enumerated, items: [], textFromGlyphs: true });
        const env = b.enumerated ? 'enumerate' : 'itemize';
        // enumitem's options; beamer (no enumitem) sets \itemsep itself.
        const beamer = style.cls === 'beamer';
        const spacing = b.loose ? (beamer ? `\\setlength{\\itemsep}{${r.int(4, 10)}pt}` : `[itemsep=${r.int(4, 10)}pt]`) : r.chance(0.5) && !beamer ? '[noitemsep]' : '';
        const lines: string[] = [`${w.color(id)}\\begin{${env}}${spacing}`];
        let level = 0;
        const counters = [0, 0];
        b.items.forEach((item, k) => {
          while (level < item.level) {
            lines.push(`\\begin{${env}}`);
            level++;
            counters[level] = 0;
          }
          while (level > item.level) {
            lines.push(`\\end{${env}}`);
            level--;
          }
          counters[level]!++;
          const part = reg.part(id, 'item', k);
          reg.get(id).items!.push({ text: item.text, level: item.level, boxes: [], lines: [] });
          // The label carries the item's colour itself (beamer colours labels with its own theme).
          const label = b.enumerated ? `[{${w.color(part)}${level === 0 ? `${counters[0]}.` : `(${String.fromCharCode(96 + counters[1]!)})`}}]` : '';
          lines.push(`${w.color(part)}\\item${label} ${texEscape(item.text)}`);
        });
        while (level-- > 0) lines.push(`\\end{${env}}`);
        lines.push(`\\end{${env}}`);
        out.push(lines.join('\n'));
        break;
      }
      case 'table': {
        const wrapped = !b.words && b.rows.some((row) => row[0] && row[0].text.length > 30);
        const id = reg.block('table', { text: '', cells: [], html: tableHtml(b.rows), specRows: b.rows, textFromGlyphs: true });
        const captionAbove = style.cls === 'IEEEtran' || r.chance(0.6);
        const cap = b.caption ? reg.block('caption', { text: b.caption, captionOf: id, textFromGlyphs: true }) : 0;
        const captionTex = cap ? `${w.color(cap)}\\caption{${w.color(cap)}${texEscape(b.caption!)}}` : '';
        const tabular = tabularTex(w, reg, id, b.rows, b.headRows, b.style, wrapped, b.words);
        const notes = b.notes ? `\n\n${w.color(reg.block('caption', { role: 'table-footnote', text: b.notes, captionOf: id, textFromGlyphs: true }))}{\\footnotesize ${texEscape(b.notes)}\\par}` : '';
        const star = style.twocolumn && (b.rows[0]?.length ?? 0) > 4 ? '*' : '';
        const placement = style.cls === 'beamer' ? '' : r.pick(['[t]', '[h]', '[tbp]', '[!htb]']);
        const fit = `\\resizebox{\\ifdim\\wd\\qtab>\\linewidth\\linewidth\\else\\wd\\qtab\\fi}{!}{\\usebox\\qtab}`;
        out.push(`\\begin{table${star}}${placement}\n\\centering\n${captionAbove ? captionTex + '\n' : ''}${w.color(id)}\\sbox\\qtab{${tabular}}${fit}${captionAbove ? '' : '\n' + captionTex}${notes}\n\\end{table${star}}`);
        break;
      }
      case 'figure': {
        const { id, marker, caption: cap, file } = registerFigure(reg, b, r, dir, pictures);
        const content = file ? `\\includegraphics[width=${r.range(0.5, 0.9).toFixed(2)}\\linewidth]{${file}}` : b.figure === 'chart' ? tikzChart(b.labels, r) : tikzDiagram(b.labels, r);
        const wrap = b.wrap && !style.twocolumn && style.cls !== 'beamer';
        const env = wrap ? 'wrapfigure' : 'figure';
        const open = wrap ? `\\begin{wrapfigure}{${r.pick(['r', 'l'])}}{0.42\\linewidth}` : `\\begin{figure}${style.cls === 'beamer' ? '' : r.pick(['[t]', '[h]', '[tbp]', '[!htb]'])}`;
        out.push(`${open}\n\\centering\n${w.color(id)}\\qmark{${w.c(marker)}}{\\resizebox{${wrap ? '\\linewidth' : `${r.range(0.6, 0.95).toFixed(2)}\\linewidth`}}{!}{${content}}}\n\n\\def\\qcapcolor{q${cap}}${w.color(cap)}\\caption{${w.color(cap)}${texEscape(b.caption)}}\n\\end{${env}}`);
        break;
      }
      case 'equation': {
        const id = reg.block('equation', { text: b.latex, latex: b.latex, textFromGlyphs: false });
        out.push(r.chance(0.6) ? `${w.color(id)}\\begin{equation}\n${b.latex}\n\\end{equation}` : `${w.color(id)}\\[\n${b.latex}\n\\]`);
        break;
      }
      case 'code': {
        const id = reg.block('code', { text: b.lines.join('\n'), textFromGlyphs: false });
        out.push(`${w.color(id)}\\begin{verbatim}\n${b.lines.join('\n')}\n\\end{verbatim}`);
        break;
      }
      case 'fields':
        break;
    }
  }
  return out.join('\n\n');
}

/** A box-and-arrow diagram whose nodes carry labels (text inside a figure). */
function tikzDiagram(labels: string[], r: Rng): string {
  const perRow = r.int(2, 3);
  const nodes = labels.map((l, i) => `\\node[draw,${r.pick(['rounded corners', 'rectangle', 'ellipse'])},minimum width=2.2cm,minimum height=0.8cm,align=center] (n${i}) at (${(i % perRow) * 3.2},${-Math.floor(i / perRow) * 1.6}) {${texEscape(l)}};`);
  const edges = labels.slice(1).map((_, i) => `\\draw[->,thick] (n${i}) -- (n${i + 1});`);
  return `\\begin{tikzpicture}[font=\\small]\n${nodes.join('\n')}\n${edges.join('\n')}\n\\end{tikzpicture}`;
}

/** A bar chart drawn with TikZ: bars, axes, tick labels, category labels, an axis title. */
function tikzChart(labels: string[], r: Rng): string {
  const values = labels.map(() => r.range(0.5, 4));
  const max = Math.ceil(Math.max(...values));
  const lines = ['\\begin{tikzpicture}[font=\\small]', `\\draw[->] (0,0) -- (${labels.length * 1.5 + 0.5},0);`, `\\draw[->] (0,0) -- (0,${max + 0.5});`];
  for (let t = 0; t <= max; t++) lines.push(`\\node[left] at (0,${t}) {${t * 25}};`, `\\draw (-0.05,${t}) -- (0.05,${t});`);
  values.forEach((v, i) => lines.push(`\\fill[gray!${r.int(30, 70)}] (${i * 1.5 + 0.4},0) rectangle (${i * 1.5 + 1.3},${v.toFixed(2)});`, `\\node[below] at (${i * 1.5 + 0.85},0) {${texEscape(labels[i]!)}};`));
  lines.push(`\\node[rotate=90] at (-1,${(max / 2).toFixed(1)}) {${r.pick(['Count', 'Share (\\%)', 'Value', 'Rate'])}};`, '\\end{tikzpicture}');
  return lines.join('\n');
}

/** A figure's printed label ("Fig. 3.") in its caption's colour (\\qcapcolor, set before each figure caption). */
export const CAPTION_LABEL_COLOUR = '\\makeatletter\\def\\qcapcolor{black}\\let\\qfnumfigure\\fnum@figure\\def\\fnum@figure{\\color{\\qcapcolor}\\qfnumfigure}\\makeatother';
/** \\qmark{colour}{content}: content with a filled box in the marker colour behind it (figure boxes in the truth). */
export const FIGURE_MARK = ['\\newsavebox\\qbox\\newsavebox\\qtab', '\\newcommand\\qmark[2]{\\sbox\\qbox{#2}\\smash{\\rlap{\\qfill{#1}{\\wd\\qbox}{\\ht\\qbox}{\\dp\\qbox}}}\\usebox\\qbox}'];

function preamble(style: TexStyle, c: Content, reg: Registry, w: TexWriter, shortTitle: string): string {
  const lines = [`\\documentclass[${style.options.join(',')}]{${style.cls}}`, '\\pdfsuppresswarningpagegroup=1'];
  if (style.cls !== 'beamer') lines.push('\\usepackage[T1]{fontenc}');
  lines.push('\\usepackage[utf8]{inputenc}', '\\usepackage{textcomp}', FONTS[style.font]!);
  lines.push('\\usepackage{xcolor}', '\\usepackage{graphicx}', '\\usepackage{booktabs}', '\\usepackage{tabularx}', '\\usepackage{multirow}', '\\usepackage{tikz}', '\\usetikzlibrary{shapes.geometric}');
  if (style.cls !== 'beamer') lines.push('\\usepackage{enumitem}', '\\usepackage{wrapfig}', '\\usepackage{amsmath}');
  if (style.geometry) lines.push(`\\usepackage[${style.geometry}]{geometry}`);
  if (style.parskip) lines.push('\\usepackage{parskip}');
  // A figure's label ("Fig. 3.") takes its caption's colour: IEEEtran sets the label outside
  // the colour given before \\caption, so the truth had captions without their printed label.
  if (style.cls !== 'beamer') lines.push(CAPTION_LABEL_COLOUR);
  lines.push(...FIGURE_MARK);
  if (style.runningHeads && style.cls !== 'beamer') {
    // Running heads and page numbers: fancyhdr, coloured like every block (one id per kind of
    // furniture; the truth splits them per page).
    const head = reg.block('header', { text: shortTitle, textFromGlyphs: true, furniturePerPage: true });
    const page = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    const pageLeft = c.rng.chance(0.3);
    lines.push('\\usepackage{fancyhdr}', '\\pagestyle{fancy}', '\\fancyhf{}');
    lines.push(`\\fancyhead[${c.rng.pick(['L', 'C', 'R'])}]{${w.color(head)}\\small\\itshape ${texEscape(shortTitle)}}`);
    lines.push(pageLeft ? `\\fancyhead[R]{${w.color(page)}\\small\\thepage}` : `\\fancyfoot[C]{${w.color(page)}\\thepage}`);
    lines.push(`\\renewcommand{\\headrulewidth}{${c.rng.pick(['0pt', '0.4pt'])}}`, `\\fancypagestyle{plain}{\\fancyhf{}\\fancyfoot[C]{${w.color(page)}\\thepage}\\renewcommand{\\headrulewidth}{0pt}}`);
    if (style.cls === 'IEEEtran') lines.push('\\makeatletter\\let\\ps@IEEEtitlepagestyle\\ps@plain\\makeatother');
  } else if (style.cls !== 'beamer') {
    const page = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    lines.push('\\makeatletter', `\\def\\ps@plain{\\let\\@oddhead\\@empty\\let\\@evenhead\\@empty\\def\\@oddfoot{\\hfil${w.color(page)}\\thepage\\hfil}\\let\\@evenfoot\\@oddfoot}`, '\\pagestyle{plain}');
    if (style.cls === 'elsarticle') {
      const foot = reg.block('footer', { text: '', textFromGlyphs: true, furniturePerPage: true });
      lines.push(`\\def\\ps@pprintTitle{\\let\\@oddhead\\@empty\\let\\@evenhead\\@empty\\def\\@oddfoot{${w.color(foot)}\\footnotesize\\itshape Preprint submitted to ${texEscape(c.org())}\\hfill ${texEscape(c.date())}}\\let\\@evenfoot\\@oddfoot}`);
    }
    lines.push('\\makeatother');
  }
  return lines.join('\n');
}

/** Title, authors, date and abstract, as the class sets them. */
function frontMatter(style: TexStyle, c: Content, reg: Registry, w: TexWriter, title: string): { before: string; after: string } {
  const r = c.rng;
  const t = reg.block('title', { level: 1, text: title, textFromGlyphs: true });
  const authors = Array.from({ length: r.int(1, style.cls === 'beamer' ? 2 : 4) }, () => ({ name: c.name(), org: `${c.org()}, ${c.city()}` }));
  const au = reg.block('text', { role: 'author-list', text: '', textFromGlyphs: true });
  const abstractText = c.paragraph(r.int(3, 6));
  const titleTex = `\\title{${w.color(t)}${texEscape(title)}}`;
  switch (style.cls) {
    case 'IEEEtran': {
      const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      const blocks = authors.map((a) => `\\IEEEauthorblockN{${w.color(au)}${texEscape(a.name)}}\\IEEEauthorblockA{${w.color(au)}${texEscape(a.org)}}`).join('\n\\and\n');
      return { before: `${titleTex}\n\\author{${blocks}}`, after: `\\maketitle\n${w.color(abs)}\\begin{abstract}\n${texEscape(abstractText)}\n\\end{abstract}` };
    }
    case 'elsarticle': {
      const absHead = reg.block('title', { level: 2, role: 'abstract-heading', text: 'Abstract', textFromGlyphs: true });
      const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      // elsarticle prints the abstract heading and text inside its frontmatter; colours set inside.
      // The authors and affiliations are printed in the colour current at the frontmatter.
      const authorTex = authors.map((a, i) => `\\author[a${i}]{${texEscape(a.name)}}\n\\affiliation[a${i}]{organization={${texEscape(a.org)}}}`).join('\n');
      return { before: '', after: `${w.color(au)}\\begin{frontmatter}\n${titleTex}\n${authorTex}\n${w.color(absHead)}\\begin{abstract}\n${w.color(abs)}${texEscape(abstractText)}\n\\end{abstract}\n\\end{frontmatter}` };
    }
    case 'llncs': {
      const absHead = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      const inst = authors.map((a, i) => `${w.color(au)}${texEscape(a.org)}`).join(' \\and ');
      return { before: `${titleTex}\n\\titlerunning{${texEscape(title.slice(0, 40))}}\n\\author{${authors.map((a, i) => `${w.color(au)}${texEscape(a.name)}\\inst{${i + 1}}`).join(' \\and ')}}\n\\authorrunning{${texEscape(authors[0]!.name)} et al.}\n\\institute{${inst}}`, after: `\\maketitle\n${w.color(absHead)}\\begin{abstract}\n${texEscape(abstractText)}\n\\end{abstract}` };
    }
    case 'beamer':
      return { before: `${titleTex}\n\\author{${w.color(au)}${authors.map((a) => texEscape(a.name)).join(' \\and ')}}\n\\date{${w.color(au)}${texEscape(c.date())}}`, after: '\\begin{frame}\n\\titlepage\n\\end{frame}' };
    default: {
      const date = reg.block('text', { role: 'date', text: '', textFromGlyphs: true });
      const authorTex = authors.map((a) => `${w.color(au)}${texEscape(a.name)}\\\\${w.color(au)}\\small ${texEscape(a.org)}`).join('\n\\and\n');
      let after = `\\maketitle`;
      if (style.cls === 'article') {
        const absHead = reg.block('title', { level: 2, role: 'abstract-heading', text: 'Abstract', textFromGlyphs: true });
        const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
        after += `\n${w.color(absHead)}\\begin{abstract}\n${w.color(abs)}${texEscape(abstractText)}\n\\end{abstract}`;
      }
      if (style.toc) {
        const head = reg.block('title', { level: 2, role: 'toc-heading', text: 'Contents', textFromGlyphs: true });
        const toc = reg.block('text', { role: 'toc', text: '', textFromGlyphs: true });
        after += `\n\\renewcommand{\\contentsname}{${w.color(head)}Contents${w.color(toc)}}\n\\begingroup\\let\\normalcolor\\relax${w.color(toc)}\\tableofcontents\\endgroup`;
        if (style.cls !== 'article') after += '\n\\clearpage';
      }
      return { before: `${titleTex}\n\\author{${authorTex}}\n\\date{${w.color(date)}${texEscape(c.date())}}`, after };
    }
  }
}

/** Slides: a frame per topic, with a title and a list, table, figure or short paragraph. */
function beamerBody(w: TexWriter, reg: Registry, c: Content, frames: number, dir: string, pictures: { n: number }): string {
  const r = c.rng;
  const out: string[] = [];
  for (let f = 0; f < frames; f++) {
    const title = reg.block('title', { level: 2, text: c.topic(), textFromGlyphs: true });
    const kind = r.pick(['list', 'list', 'table', 'figure', 'paragraph']);
    let blocks: SpecBlock[];
    if (kind === 'list') blocks = [{ kind: 'list', enumerated: r.chance(0.3), loose: r.chance(0.3), items: Array.from({ length: r.int(2, 5) }, () => ({ text: c.item(false), level: 0 })) }];
    else if (kind === 'table') blocks = [{ kind: 'table', ...randomTable(c, { rows: r.int(2, 5), cols: r.int(3, 5) }), style: r.pick(['booktabs', 'ruled', 'borderless']) }];
    else if (kind === 'figure') blocks = [{ kind: 'figure', figure: r.pick(['diagram', 'chart']), labels: Array.from({ length: r.int(2, 4) }, () => c.word()), caption: c.phrase(3) }];
    else blocks = [{ kind: 'paragraph', text: c.paragraph(2) }];
    const frameTitle = reg.get(title).text;
    out.push(`\\begin{frame}\n\\frametitle{${w.color(title)}${texEscape(frameTitle)}}\n${bodyTex(w, reg, blocks, { cls: 'beamer' } as TexStyle, r, dir, pictures)}\n\\end{frame}`);
  }
  return out.join('\n\n');
}

/** Every id's colour (black in the normal rendering) and \\qfill (figure marker boxes, only in the truth rendering). */
export function colourDefinitions(reg: Registry, truth: boolean): string {
  const defs: string[] = [];
  const ids = [...reg.blocks.map((b) => b.id), ...reg.parts.keys()];
  for (const id of ids) {
    const [R, G, B] = truth ? idColour(id) : [0, 0, 0];
    defs.push(`\\definecolor{q${id}}{RGB}{${R},${G},${B}}`);
  }
  const fill = truth ? '\\newcommand\\qfill[4]{\\color{#1}\\rule[-#4]{#2}{\\dimexpr#3+#4\\relax}}' : '\\newcommand\\qfill[4]{}';
  return `${defs.join('\n')}\n${fill}`;
}

/** A LaTeX document of a family: its source (with colour commands) and truth registry. */
export function latexDocument(family: string, c: Content, targetPages: number, dir: string): { source: (truth: boolean) => string; reg: Registry; runs: number } {
  const r = c.rng;
  const style = texStyle(family, r);
  const reg = new Registry();
  const w = new TexWriter();
  const title = c.phrase(r.int(3, 7));
  const shortTitle = title.length > 50 ? title.slice(0, 48).replace(/\s+\S*$/, '') : title;
  const pre = preamble(style, c, reg, w, shortTitle);
  const front = frontMatter(style, c, reg, w, title);
  const pictures = { n: 0 };
  let body: string;
  if (style.cls === 'beamer') {
    const pageNo = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    body = `\\setbeamertemplate{caption}{\\raggedright\\insertcaption\\par}\\setbeamertemplate{navigation symbols}{}\\setbeamertemplate{footline}{\\hfill${w.color(pageNo)}\\insertframenumber\\hspace*{1em}\\vspace*{0.6em}}\n` + beamerBody(w, reg, c, Math.max(2, targetPages - 1), dir, pictures);
  } else {
    const perPage = style.twocolumn ? 2.2 : 1.3;
    body = bodyTex(
      w,
      reg,
      randomBody(c, {
        sections: Math.max(2, Math.round(targetPages * perPage)),
        depth: r.pick([2, 3, 3, 4]),
        numbered: true,
        runIn: r.chance(0.5),
        lists: true,
        tables: true,
        figures: true,
        equations: r.chance(0.6),
        code: r.chance(0.3),
        footnotes: r.chance(0.6),
        marginNotes: !style.twocolumn && r.chance(0.3),
        tableStyles: r.sample(['booktabs', 'ruled', 'borderless', 'dotleader', 'rowruled'] as const, r.int(1, 3)),
        references: r.chance(0.6),
      }).map((b) => (b.kind === 'figure' && r.chance(0.25) ? { ...b, wrap: true } : b)),
      style,
      r,
      dir,
      pictures,
    );
  }
  const source = (truth: boolean) => `${pre}\n${colourDefinitions(reg, truth)}\n${front.before}\n\\begin{document}\n${front.after}\n${body}\n\\end{document}\n`;
  return { source, reg, runs: style.toc ? 2 : 1 };
}

const LATEX_TIMEOUT_MS = 60_000;

/** Runs pdflatex (twice when a table of contents needs the first run's pages); throws when it fails. */
export function compileLatex(dir: string, name: string, source: string, runs: number): Uint8Array {
  writeFileSync(join(dir, `${name}.tex`), source);
  for (let run = 0; run < runs; run++) {
    try {
      execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', `${name}.tex`], { cwd: dir, timeout: LATEX_TIMEOUT_MS, stdio: 'pipe' });
    } catch (e) {
      const log = existsSync(join(dir, `${name}.log`)) ? readFileSync(join(dir, `${name}.log`), 'utf8') : String(e);
      const error = log.split('\n').find((l) => l.startsWith('!')) ?? 'pdflatex failed';
      throw new Error(`pdflatex: ${error}`);
    }
  }
  return new Uint8Array(readFileSync(join(dir, `${name}.pdf`)));
}

