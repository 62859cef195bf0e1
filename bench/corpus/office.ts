// Office families converted to PDF by LibreOffice: Word-style reports (document-control lines,
// numbered headings, Word tables, lists, figures, running heads with "Page X of Y") and memos
// and letters (letterhead, To/From/Date/Subject lines). Written as flat OpenDocument text
// (.fodt, one XML file). Every paragraph has its own automatic style whose character colour
// encodes its id in the truth rendering and is black (or its display colour) in the normal one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content } from './random.js';
import { randomPicture } from './picture.js';
import { idColour, placeSpecCells, randomBody, Registry, tableHtml, type SpecBlock, type SpecCell, type TableStyle } from './spec.js';

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FONTS = ['Liberation Serif', 'Liberation Sans', 'DejaVu Sans', 'DejaVu Serif', 'Carlito', 'Caladea'];

interface Look {
  font: string;
  size: number;
  headingTint: string;
  ruled: boolean;
  headerFill: boolean;
  /** The rule under each row of a 'rowruled' table (in the headings' tint: Word's list table styles). */
  rowRule: string;
  tableNo: number;
  figureNo: number;
}

class OdtWriter {
  readonly tints = new Map<number, string>();
  /** Paragraph styles per id: parent style and extra paragraph properties. */
  readonly paragraphStyles = new Map<number, { parent: string; props: string; text?: string }>();
  readonly extraStyles: string[] = [];
  constructor(readonly reg: Registry) {}
  /** The automatic paragraph style of an id. */
  p(id: number, parent = 'Standard', props = '', tint?: string, text = ''): string {
    this.paragraphStyles.set(id, { parent, props, text });
    if (tint) this.tints.set(id, tint);
    return `P${id}`;
  }
  /** A text span in the colour of an id. */
  span(id: number, text: string, tint?: string): string {
    if (tint) this.tints.set(id, tint);
    this.paragraphStyles.set(-id, { parent: '', props: '' });
    return `<text:span text:style-name="S${id}">${text}</text:span>`;
  }
}

function tableXml(w: OdtWriter, id: number, rows: SpecCell[][], headRows: number, look: Look, name: string, style: TableStyle = 'ruled', words = false): string {
  const cols = Math.max(...placeSpecCells(rows).map((p) => p.col + (p.cell.colspan ?? 1)));
  const placed = placeSpecCells(rows);
  const covered = new Set<string>();
  for (const p of placed) for (let dr = 0; dr < (p.cell.rowspan ?? 1); dr++) for (let dc = 0; dc < (p.cell.colspan ?? 1); dc++) if (dr || dc) covered.add(`${p.row + dr},${p.col + dc}`);
  // Word's plain table styles: a rule under every row, none between columns (the head's heavier).
  const rowRuled = style === 'rowruled';
  const ruled = look.ruled && !rowRuled;
  const border = ruled ? '0.5pt solid #000000' : 'none';
  const bodyBorder = rowRuled ? `fo:border="none" fo:border-bottom="${look.rowRule}"` : `fo:border="${border}"`;
  const headBorder = rowRuled ? `fo:border="none" fo:border-bottom="1pt solid #000000"` : `fo:border="${ruled ? border : 'none'}" ${ruled ? '' : 'fo:border-bottom="0.75pt solid #000000"'}`;
  w.extraStyles.push(`<style:style style:name="C${id}" style:family="table-cell"><style:table-cell-properties fo:padding="0.06cm" ${bodyBorder}/></style:style>`, `<style:style style:name="CH${id}" style:family="table-cell"><style:table-cell-properties fo:padding="0.06cm" ${headBorder} ${look.headerFill ? 'fo:background-color="#d9e2f3"' : ''}/></style:style>`, `<style:style style:name="T${id}" style:family="table"><style:table-properties style:width="${(cols * 3).toFixed(1)}cm" table:align="margins" fo:margin-top="0.2cm" fo:margin-bottom="0.2cm"/></style:style>`);
  let index = 0;
  const xml: string[] = [`<table:table table:name="${name}" table:style-name="T${id}"><table:table-column table:number-columns-repeated="${cols}"/>`];
  rows.forEach((_, r) => {
    xml.push('<table:table-row>');
    for (let c = 0; c < cols; c++) {
      if (covered.has(`${r},${c}`)) {
        xml.push('<table:covered-table-cell/>');
        continue;
      }
      const p = placed.find((x) => x.row === r && x.col === c);
      if (!p) {
        xml.push(`<table:table-cell table:style-name="C${id}"><text:p/></table:table-cell>`);
        continue;
      }
      const part = w.reg.part(id, 'cell', index++);
      const head = r < headRows;
      const spans = `${(p.cell.colspan ?? 1) > 1 ? ` table:number-columns-spanned="${p.cell.colspan}"` : ''}${(p.cell.rowspan ?? 1) > 1 ? ` table:number-rows-spanned="${p.cell.rowspan}"` : ''}`;
      xml.push(`<table:table-cell table:style-name="${head ? 'CH' : 'C'}${id}" office:value-type="string"${spans}><text:p text:style-name="${w.p(part, head ? 'TableHead' : 'TableBody', c > 0 && !head && !words ? 'fo:text-align="end"' : '')}">${esc(p.cell.text)}</text:p></table:table-cell>`);
    }
    xml.push('</table:table-row>');
  });
  xml.push('</table:table>');
  return xml.join('');
}

function bodyXml(w: OdtWriter, blocks: SpecBlock[], c: Content, look: Look, pictures: { n: number }): string {
  const r = c.rng;
  const reg = w.reg;
  const out: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading': {
        const id = reg.block('title', { level: b.level, role: b.role, text: b.text, textFromGlyphs: true });
        out.push(`<text:h text:style-name="${w.p(id, `Heading${Math.min(b.level, 4)}`, '', look.headingTint)}" text:outline-level="${Math.max(1, b.level - 1)}">${b.number ? esc(b.number) + ' ' : ''}${esc(b.text)}</text:h>`);
        break;
      }
      case 'paragraph': {
        const id = reg.block('text', { text: b.text, role: b.role, textFromGlyphs: true });
        let head = '';
        if (b.runIn) {
          const h = reg.block('title', { level: 4, role: 'run-in', text: b.runIn, textFromGlyphs: true });
          head = `<text:span text:style-name="Bold">${w.span(h, esc(b.runIn))}</text:span> `;
        }
        out.push(`<text:p text:style-name="${w.p(id, 'Body')}">${head}${esc(b.text)}</text:p>`);
        break;
      }
      case 'list': {
        const id = reg.block(b.references ? 'ref_text' : 'list', { text: '', enumerated: b.enumerated, items: [], textFromGlyphs: true });
        const style = b.enumerated ? 'LNum' : r.pick(['LBullet', 'LDash']);
        const gap = b.loose ? `fo:margin-bottom="${r.range(0.15, 0.4).toFixed(2)}cm"` : 'fo:margin-bottom="0cm"';
        const xml: string[] = [`<text:list text:style-name="${style}">`];
        let level = 0;
        b.items.forEach((item, k) => {
          while (level < item.level) {
            xml.push('<text:list-item><text:list>');
            level++;
          }
          while (level > item.level) {
            xml.push('</text:list></text:list-item>');
            level--;
          }
          const part = reg.part(id, 'item', k);
          reg.get(id).items!.push({ text: item.text, level: item.level, boxes: [], lines: [] });
          xml.push(`<text:list-item><text:p text:style-name="${w.p(part, 'ListPara', gap)}">${esc(item.text)}</text:p></text:list-item>`);
        });
        while (level-- > 0) xml.push('</text:list></text:list-item>');
        xml.push('</text:list>');
        out.push(xml.join(''));
        break;
      }
      case 'table': {
        const id = reg.block('table', { text: '', cells: [], html: tableHtml(b.rows), specRows: b.rows, textFromGlyphs: true });
        const cap = b.caption ? reg.block('caption', { text: b.caption, captionOf: id, textFromGlyphs: true }) : 0;
        const caption = cap ? `<text:p text:style-name="${w.p(cap, 'Caption')}">Table ${look.tableNo++}: ${esc(b.caption!)}</text:p>` : '';
        const note = b.notes ? `<text:p text:style-name="${w.p(reg.block('caption', { role: 'table-footnote', text: b.notes, captionOf: id, textFromGlyphs: true }), 'Note')}">${esc(b.notes)}</text:p>` : '';
        const above = r.chance(0.7);
        out.push(`${above ? caption : ''}${tableXml(w, id, b.rows, b.headRows, look, `Table${id}`, b.style, b.words)}${above ? '' : caption}${note}`);
        break;
      }
      case 'figure': {
        const id = reg.block('image', { role: 'image', text: '', textFromGlyphs: true });
        const marker = reg.part(id, 'marker', 0);
        const cap = reg.block('caption', { text: b.caption, captionOf: id, textFromGlyphs: true });
        const png = randomPicture(r);
        const width = r.range(7, 14);
        const height = (width * png.readUInt32BE(20)) / png.readUInt32BE(16);
        w.extraStyles.push(`<style:style style:name="fr${marker}" style:family="graphic"><style:graphic-properties style:wrap="none" style:horizontal-pos="center" style:horizontal-rel="paragraph" fo:background-color="MARKER${marker}" draw:fill="solid" draw:fill-color="MARKER${marker}" fo:padding="0cm" fo:border="none"/></style:style>`);
        pictures.n++;
        out.push(`<text:p text:style-name="Figure"><draw:frame draw:style-name="fr${marker}" draw:name="Image${marker}" text:anchor-type="as-char" svg:width="${width.toFixed(2)}cm" svg:height="${height.toFixed(2)}cm"><draw:image><office:binary-data>${png.toString('base64')}</office:binary-data></draw:image></draw:frame></text:p><text:p text:style-name="${w.p(cap, 'Caption')}">Figure ${look.figureNo++}: ${esc(b.caption)}</text:p>`);
        break;
      }
      case 'code': {
        const id = reg.block('code', { text: b.lines.join('\n'), textFromGlyphs: false });
        const style = w.p(id, 'Code');
        out.push(b.lines.map((l) => `<text:p text:style-name="${style}">${esc(l).replace(/^( +)/, (m) => `<text:s text:c="${m.length}"/>`)}</text:p>`).join(''));
        break;
      }
      case 'fields': {
        for (const [k, v] of b.fields) {
          const id = reg.block('text', { role: b.role, text: `${k}: ${v}`, textFromGlyphs: true });
          out.push(`<text:p text:style-name="${w.p(id, 'Field')}"><text:span text:style-name="Bold">${esc(k)}:</text:span><text:tab/>${esc(v)}</text:p>`);
        }
        break;
      }
      case 'equation':
        break;
    }
  }
  return out.join('');
}

function stylesXml(look: Look, c: Content): string {
  const r = c.rng;
  const size = look.size;
  const spacing = r.range(0.1, 0.35).toFixed(2);
  const heading = (n: number, pt: number) => `<style:style style:name="Heading${n}" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="${n}"><style:paragraph-properties fo:margin-top="${(0.2 + 0.1 * (4 - n)).toFixed(2)}cm" fo:margin-bottom="0.15cm" fo:keep-with-next="always"/><style:text-properties fo:font-size="${pt.toFixed(1)}pt" fo:font-weight="bold"/></style:style>`;
  const bullet = (name: string, char: string) => `<text:list-style style:name="${name}">${[1, 2, 3].map((l) => `<text:list-level-style-bullet text:level="${l}" text:bullet-char="${l === 1 ? char : '◦'}"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="${(0.63 * l).toFixed(2)}cm" fo:text-indent="-0.63cm" fo:margin-left="${(0.63 * l).toFixed(2)}cm"/></style:list-level-properties></text:list-level-style-bullet>`).join('')}</text:list-style>`;
  const numbered = `<text:list-style style:name="LNum">${[1, 2, 3].map((l) => `<text:list-level-style-number text:level="${l}" style:num-suffix="${l === 1 ? '.' : ')'}" style:num-format="${l === 1 ? '1' : 'a'}"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="${(0.63 * l).toFixed(2)}cm" fo:text-indent="-0.63cm" fo:margin-left="${(0.63 * l).toFixed(2)}cm"/></style:list-level-properties></text:list-level-style-number>`).join('')}</text:list-style>`;
  return `<office:styles>
<style:default-style style:family="paragraph"><style:text-properties style:font-name="${look.font}" fo:font-size="${size}pt" fo:language="en" fo:country="GB"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph"><style:text-properties style:font-name="${look.font}" fo:font-size="${size}pt"/></style:style>
<style:style style:name="Body" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="${spacing}cm" fo:line-height="${r.pick(['100%', '115%', '130%'])}" fo:text-align="${r.pick(['start', 'justify'])}"/></style:style>
<style:style style:name="ListPara" style:family="paragraph" style:parent-style-name="Standard"/>
<style:style style:name="Field" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="0.05cm"><style:tab-stops><style:tab-stop style:position="2.5cm"/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Caption" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-top="0.1cm" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="${(size * 0.9).toFixed(1)}pt" fo:font-style="${r.pick(['italic', 'normal'])}"/></style:style>
<style:style style:name="Note" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-size="${(size * 0.8).toFixed(1)}pt"/></style:style>
<style:style style:name="Figure" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="center" fo:margin-top="0.2cm"/></style:style>
<style:style style:name="Code" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties style:font-name="Liberation Mono" fo:font-size="${(size * 0.85).toFixed(1)}pt"/></style:style>
<style:style style:name="TableHead" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-weight="bold" fo:font-size="${(size * 0.9).toFixed(1)}pt"/></style:style>
<style:style style:name="TableBody" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-size="${(size * 0.9).toFixed(1)}pt"/></style:style>
<style:style style:name="Furniture" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="8cm" style:type="center"/><style:tab-stop style:position="16cm" style:type="right"/></style:tab-stops></style:paragraph-properties><style:text-properties fo:font-size="${(size * 0.8).toFixed(1)}pt"/></style:style>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="${(size * 2).toFixed(1)}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Letterhead" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-size="${(size * 1.5).toFixed(1)}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Bold" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="Underline" style:family="text"><style:text-properties style:text-underline-style="solid" style:text-underline-width="auto" style:text-underline-color="font-color"/></style:style>
<style:style style:name="Spaced" style:family="text"><style:text-properties fo:letter-spacing="0.08cm" fo:font-size="${(size * 1.3).toFixed(1)}pt"/></style:style>
<style:style style:name="Small" style:family="text"><style:text-properties fo:font-size="${(size * 0.8).toFixed(1)}pt"/></style:style>
${heading(1, size * 1.7)}${heading(2, size * 1.4)}${heading(3, size * 1.15)}${heading(4, size)}
${bullet('LBullet', '•')}${bullet('LDash', '–')}${numbered}
</office:styles>`;
}

/**
 * Business correspondence of another office's templates than office-memo's (a tune family of the
 * same genre): letterheads set apart by a rule, set in the page header or in spaced capitals with
 * the sender's details below; reference lines; subjects underlined, in capitals or centred;
 * letters with short headed sections; interoffice memos with capitalised field names and a rule;
 * signature blocks with enclosures and copies; a registration line and page numbers at the foot.
 */
function letterXml(w: OdtWriter, c: Content, look: Look, pictures: { n: number }, targetPages: number): { body: string; header: string; footer: string } {
  const r = c.rng;
  const reg = w.reg;
  const out: string[] = [];
  const org = c.org();
  const text = (role: string, style: string, props: string, xml: string) => {
    const id = reg.block('text', { role, text: '', textFromGlyphs: true });
    out.push(`<text:p text:style-name="${w.p(id, style, props)}">${xml}</text:p>`);
  };
  const details = () => `${r.int(1, 300)} ${esc(c.surname())} ${r.pick(['Avenue', 'Lane', 'Square', 'Street'])}<text:line-break/>${esc(c.city())} ${r.int(10000, 99999)}<text:line-break/>${r.pick(['T', 'Phone', 'Tel.'])} +${r.int(30, 49)} ${r.int(10, 99)} ${r.int(1000, 9999)} ${r.int(1000, 9999)}${r.chance(0.6) ? `<text:line-break/>${esc(c.surname().toLowerCase())}@${esc(org.split(' ')[0]!.toLowerCase())}.example` : ''}`;
  let header = '';
  const letterhead = r.pick(['ruled', 'page-header', 'spaced'] as const);
  if (letterhead === 'page-header') {
    const id = reg.block('header', { role: 'letterhead', text: '', textFromGlyphs: true, furniturePerPage: true });
    header = w.span(id, `<text:span text:style-name="Bold">${esc(org)}</text:span><text:tab/><text:tab/>${esc(c.city())}`);
  } else if (letterhead === 'ruled') {
    text('letterhead', 'Letterhead', `fo:text-align="${r.pick(['start', 'center', 'end'])}" fo:border-bottom="0.75pt solid ${look.headingTint}" fo:padding-bottom="0.1cm" fo:margin-bottom="0.2cm"`, esc(org));
    text('letterhead', 'Standard', 'fo:text-align="end" fo:margin-bottom="0.5cm"', `<text:span text:style-name="Small">${details()}</text:span>`);
  } else {
    // Spaced capitals: the truth takes the source's text (the glyphs' gaps are all word-wide to PDFium).
    const id = reg.block('text', { role: 'letterhead', text: org.toUpperCase(), textFromGlyphs: false });
    out.push(`<text:p text:style-name="${w.p(id, 'Standard', 'fo:text-align="center"')}"><text:span text:style-name="Spaced">${esc(org.toUpperCase())}</text:span></text:p>`);
    text('letterhead', 'Standard', 'fo:text-align="center" fo:margin-bottom="0.6cm"', `<text:span text:style-name="Small">${details().replace(/<text:line-break\/>/g, ' | ')}</text:span>`);
  }
  const memo = r.chance(0.35);
  if (memo) {
    const words = r.pick(['INTEROFFICE MEMORANDUM', 'Internal Note', 'NOTE TO FILE', 'Memorandum']);
    const title = reg.block('title', { level: 1, text: words, textFromGlyphs: false });
    out.push(`<text:p text:style-name="${w.p(title, 'Standard', `fo:text-align="${r.pick(['start', 'center'])}" fo:margin-bottom="0.3cm"`, look.headingTint)}"><text:span text:style-name="Spaced">${words}</text:span></text:p>`);
    const upper = r.chance(0.5);
    const fields: Array<[string, string]> = [['To', r.chance(0.3) ? `${c.name()}, ${c.name()}` : c.name()], ['From', `${c.name()}, ${c.phrase(2)}`], ...(r.chance(0.4) ? [['Copy', c.name()] as [string, string]] : []), ['Date', c.date()], [r.pick(['Re', 'Subject', 'Topic']), c.phrase(r.int(3, 6))]];
    fields.forEach(([k, v], i) => {
      const last = i === fields.length - 1;
      const id = reg.block('text', { role: 'memo-field', text: '', textFromGlyphs: true });
      out.push(`<text:p text:style-name="${w.p(id, 'Field', last ? `fo:border-bottom="1pt solid #000000" fo:padding-bottom="0.15cm" fo:margin-bottom="0.4cm"` : '')}">${upper ? esc(k.toUpperCase()) : esc(k)}:<text:tab/>${esc(v)}</text:p>`);
    });
  } else {
    if (r.chance(0.3)) text('notice', 'Standard', 'fo:margin-bottom="0.2cm"', `<text:span text:style-name="Bold">${r.pick(['PRIVATE AND CONFIDENTIAL', 'BY EMAIL', 'Personal', 'URGENT'])}</text:span>`);
    const dateFirst = r.chance(0.5);
    const dateLine = () => text('date', 'Standard', `fo:text-align="${r.pick(['start', 'end'])}" fo:margin-bottom="0.4cm"`, esc(r.chance(0.5) ? c.date() : `${c.city()}, ${c.date()}`));
    if (dateFirst) dateLine();
    text('address', 'Standard', 'fo:margin-bottom="0.4cm"', `${r.chance(0.5) ? r.pick(['Ms ', 'Mr ', 'Dr ', 'Prof. ']) : ''}${esc(c.name())}<text:line-break/>${r.chance(0.7) ? esc(c.org()) + '<text:line-break/>' : ''}${r.int(1, 99)} ${esc(c.surname())} Road<text:line-break/>${esc(c.city())}${r.chance(0.4) ? '<text:line-break/>' + r.pick(['Germany', 'France', 'United Kingdom', 'Canada', 'Spain']) : ''}`);
    if (r.chance(0.5)) text('reference', 'Standard', 'fo:margin-bottom="0.3cm"', `${r.pick(['Our ref', 'Our reference', 'Ref.'])}: ${r.pick(['AB', 'KL', 'HR', 'FIN'])}/${r.int(100, 9999)}${r.chance(0.5) ? `<text:tab/>${r.pick(['Your ref', 'Your letter of'])}: ${r.chance(0.5) ? esc(c.date()) : `${r.int(10, 99)}-${r.int(1000, 9999)}`}` : ''}`);
    if (!dateFirst) dateLine();
    const subject = reg.block('title', { level: 2, role: 'subject', text: '', textFromGlyphs: true });
    const words = esc(c.phrase(r.int(3, 6)));
    const form = r.pick(['underline', 'caps', 'centred'] as const);
    const subjectXml = form === 'underline' ? `${r.pick(['Subject: ', 'Re: ', ''])}<text:span text:style-name="Underline">${words}</text:span>` : form === 'caps' ? `<text:span text:style-name="Bold">${r.pick(['RE: ', ''])}${words.toUpperCase()}</text:span>` : `<text:span text:style-name="Bold">${words}</text:span>`;
    out.push(`<text:p text:style-name="${w.p(subject, 'Standard', `fo:margin-bottom="0.35cm"${form === 'centred' ? ' fo:text-align="center"' : ''}`)}">${subjectXml}</text:p>`);
    text('salutation', 'Body', '', `${r.pick(['Dear', 'Dear', 'Hello'])} ${r.chance(0.5) ? esc(c.name()) : r.pick(['Sir or Madam', 'colleagues', 'Dr ' + esc(c.surname())])}${r.pick([',', ',', ':'])}`);
  }
  // The letter's or memo's body: short sections with headings in about half of them.
  const headed = memo || r.chance(0.5);
  const spec = randomBody(c, { sections: Math.max(1, targetPages * 2), depth: 2, numbered: r.chance(0.4), trailingDot: r.chance(0.5), lists: true, tables: r.chance(0.4), figures: false, paragraphsPerSection: [1, 3], tableStyles: ['ruled', 'ruled', 'rowruled'] });
  out.push(bodyXml(w, headed ? spec.map((b) => (b.kind === 'heading' ? { ...b, level: 4 } : b)) : spec.filter((b) => b.kind !== 'heading'), c, look, pictures));
  if (!memo) {
    text('closing', 'Body', 'fo:margin-top="0.4cm"', `${r.pick(['Yours sincerely,', 'Yours faithfully,', 'With best wishes,', 'Regards,'])}<text:line-break/><text:line-break/><text:line-break/>${esc(c.name())}<text:line-break/>${esc(c.phrase(2))}${r.chance(0.5) ? '<text:line-break/>' + esc(org) : ''}`);
  } else if (r.chance(0.5)) {
    text('closing', 'Standard', 'fo:margin-top="0.3cm"', esc(c.initialName()));
  }
  if (r.chance(0.5)) text('enclosures', 'Standard', 'fo:margin-top="0.3cm"', `${r.pick(['Enclosures', 'Enc.', 'Attachments'])}: ${r.int(1, 4)}`);
  if (r.chance(0.4)) text('copies', 'Standard', '', `${r.pick(['cc', 'Copy to', 'cc:'])}${r.pick([':', ''])} ${esc(c.name())}${r.chance(0.5) ? ', ' + esc(c.name()) : ''}`);
  // The foot: the company's registration line, the page number or both.
  const parts: string[] = [];
  if (r.chance(0.6)) parts.push(w.span(reg.block('footer', { text: '', textFromGlyphs: true, furniturePerPage: true }), `${esc(org)} · Registered in ${esc(c.city())} No. ${r.int(1000000, 9999999)}`));
  if (r.chance(0.7) || !parts.length) {
    const id = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    parts.push(w.span(id, r.pick(['- <text:page-number text:select-page="current">1</text:page-number> -', 'Page <text:page-number text:select-page="current">1</text:page-number>', '<text:page-number text:select-page="current">1</text:page-number>/<text:page-count>1</text:page-count>'])));
  }
  return { body: out.join(''), header, footer: parts.join('<text:tab/><text:tab/>') };
}

export function officeDocument(family: string, c: Content, targetPages: number, _dir: string): { source: (truth: boolean) => string; reg: Registry } {
  const r = c.rng;
  const reg = new Registry();
  const w = new OdtWriter(reg);
  const look: Look = { font: r.pick(FONTS), size: r.pick([10, 11, 12]), headingTint: r.pick(['#000000', '#1f3864', '#2e74b5', '#000000']), ruled: r.chance(0.7), headerFill: r.chance(0.4), rowRule: '', tableNo: 1, figureNo: 1 };
  look.rowRule = `0.5pt solid ${look.headingTint}`;
  const pictures = { n: 0 };
  const body: string[] = [];
  let header = '';
  let footer = '';
  const pageField = () => {
    const id = reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true });
    return w.span(id, r.chance(0.5) ? 'Page <text:page-number text:select-page="current">1</text:page-number> of <text:page-count>1</text:page-count>' : '<text:page-number text:select-page="current">1</text:page-number>');
  };
  const org = c.org();
  if (family === 'office-memo') {
    const letter = r.chance(0.4);
    const lh = reg.block('text', { role: 'letterhead', text: org, textFromGlyphs: true });
    body.push(`<text:p text:style-name="${w.p(lh, 'Letterhead', '', look.headingTint)}">${esc(org)}</text:p>`);
    const addr = reg.block('text', { role: 'letterhead', text: '', textFromGlyphs: true });
    body.push(`<text:p text:style-name="${w.p(addr, 'Standard', 'fo:margin-bottom="0.6cm"')}">${r.int(1, 200)} ${esc(c.surname())} Street · ${esc(c.city())} · Tel. +${r.int(30, 49)} ${r.int(100, 999)} ${r.int(100000, 999999)}</text:p>`);
    if (letter) {
      const to = reg.block('text', { role: 'address', text: '', textFromGlyphs: true });
      body.push(`<text:p text:style-name="${w.p(to, 'Standard', 'fo:margin-bottom="0.5cm"')}">${esc(c.name())}<text:line-break/>${esc(c.org())}<text:line-break/>${r.int(1, 99)} ${esc(c.surname())} Road<text:line-break/>${esc(c.city())}</text:p>`);
      const date = reg.block('text', { role: 'date', text: '', textFromGlyphs: true });
      body.push(`<text:p text:style-name="${w.p(date, 'Standard', 'fo:text-align="end" fo:margin-bottom="0.4cm"')}">${esc(c.city())}, ${esc(c.date())}</text:p>`);
      const subject = reg.block('title', { level: 2, role: 'subject', text: '', textFromGlyphs: true });
      body.push(`<text:p text:style-name="${w.p(subject, 'Standard', 'fo:margin-bottom="0.4cm"')}"><text:span text:style-name="Bold">${r.pick(['Re: ', 'Subject: ', ''])}${esc(c.phrase(r.int(3, 5)))}</text:span></text:p>`);
      const dear = reg.block('text', { role: 'salutation', text: '', textFromGlyphs: true });
      body.push(`<text:p text:style-name="${w.p(dear, 'Body')}">Dear ${esc(c.name())},</text:p>`);
    } else {
      const title = reg.block('title', { level: 1, text: '', textFromGlyphs: true });
      body.push(`<text:p text:style-name="${w.p(title, 'Title', '', look.headingTint)}">${r.pick(['MEMORANDUM', 'Memo', 'Internal Memo'])}</text:p>`);
      body.push(bodyXml(w, [{ kind: 'fields', role: 'memo-field', fields: [['To', c.name()], ['From', c.name()], ...(r.chance(0.5) ? [['CC', c.name()] as [string, string]] : []), ['Date', c.date()], ['Subject', c.phrase(r.int(3, 6))]] }], c, look, pictures));
    }
    const spec = randomBody(c, { sections: Math.max(1, targetPages * 2 - 1), depth: 2, numbered: r.chance(0.3), lists: true, tables: r.chance(0.5), figures: false, paragraphsPerSection: [1, 3], tableStyles: ['ruled', 'ruled', 'rowruled'] });
    body.push(bodyXml(w, letter ? spec.filter((b) => b.kind !== 'heading') : spec, c, look, pictures));
    const close = reg.block('text', { role: 'closing', text: '', textFromGlyphs: true });
    body.push(`<text:p text:style-name="${w.p(close, 'Body', 'fo:margin-top="0.5cm"')}">${r.pick(['Sincerely,', 'Kind regards,', 'Best regards,'])}<text:line-break/><text:line-break/>${esc(c.name())}<text:line-break/>${esc(c.phrase(2))}</text:p>`);
    if (r.chance(0.6)) footer = pageField();
  } else if (family === 'office-letter') {
    const parts = letterXml(w, c, look, pictures, targetPages);
    body.push(parts.body);
    header = parts.header;
    footer = parts.footer;
  } else {
    // A Word-style report: title block, document-control lines, numbered headings "2.1." .
    const title = reg.block('title', { level: 1, text: '', textFromGlyphs: true });
    const docTitle = c.phrase(r.int(3, 6));
    body.push(`<text:p text:style-name="${w.p(title, 'Title', '', look.headingTint)}">${esc(docTitle)}</text:p>`);
    const revision = `${r.int(1, 9)}.${r.int(0, 9)}`;
    const docNo = `${r.pick(['QA', 'SOP', 'TR', 'DOC', 'ENG'])}-${r.int(100, 9999)}`;
    body.push(bodyXml(w, [{ kind: 'fields', role: 'document-control', fields: r.sample([['Document No.', docNo], ['Revision', revision], ['Date', c.date()], ['Author', c.name()], ['Status', r.pick(['Draft', 'Approved', 'Released', 'For review'])], ['Classification', r.pick(['Internal', 'Confidential', 'Public'])]] as Array<[string, string]>, r.int(3, 5)) }], c, look, pictures));
    body.push(bodyXml(w, randomBody(c, { sections: Math.max(2, Math.round(targetPages * 1.4)), depth: r.pick([3, 3, 4]), numbered: true, trailingDot: r.chance(0.6), runIn: r.chance(0.3), lists: true, tables: true, figures: true, code: r.chance(0.15), tableStyles: ['ruled', 'ruled', 'rowruled'] }), c, look, pictures));
    // Running head with the document number and revision; foot with page numbers.
    const head = reg.block('header', { role: 'document-control', text: '', textFromGlyphs: true, furniturePerPage: true });
    header = w.span(head, `${esc(docTitle)}<text:tab/><text:tab/>${esc(docNo)} · Revision: ${revision}`);
    const confidential = r.chance(0.5);
    const foot = confidential ? reg.block('footer', { text: '', textFromGlyphs: true, furniturePerPage: true }) : 0;
    footer = `${confidential ? w.span(foot, esc(org)) : ''}<text:tab/><text:tab/>${pageField()}`;
  }
  const margin = r.range(1.8, 2.8).toFixed(2);
  const page = r.chance(0.5) ? ['21cm', '29.7cm'] : ['21.59cm', '27.94cm'];
  const styles = stylesXml(look, c);
  const source = (truth: boolean) => {
    const colour = (id: number) => (truth ? '#' + idColour(id).map((v) => v.toString(16).padStart(2, '0')).join('') : (w.tints.get(id) ?? '#000000'));
    const auto: string[] = [];
    for (const [id, s] of w.paragraphStyles) {
      if (id < 0) auto.push(`<style:style style:name="S${-id}" style:family="text"><style:text-properties fo:color="${colour(-id)}"/></style:style>`);
      else auto.push(`<style:style style:name="P${id}" style:family="paragraph" style:parent-style-name="${s.parent}">${s.props ? `<style:paragraph-properties ${s.props}/>` : ''}<style:text-properties fo:color="${colour(id)}"/></style:style>`);
    }
    const extra = w.extraStyles.map((s) => s.replace(/MARKER(\d+)/g, (_, id: string) => (truth ? colour(Number(id)) : 'transparent')).replace(/draw:fill="solid" draw:fill-color="transparent"/, 'draw:fill="none"'));
    return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>${[...FONTS, 'Liberation Mono'].map((f) => `<style:font-face style:name="${f}" svg:font-family="'${f}'"/>`).join('')}</office:font-face-decls>
${styles}
<office:automatic-styles>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="${page[0]}" fo:page-height="${page[1]}" fo:margin-top="1.2cm" fo:margin-bottom="1.2cm" fo:margin-left="${margin}cm" fo:margin-right="${margin}cm"/><style:header-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.5cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-top="0.5cm"/></style:footer-style></style:page-layout>
${auto.join('\n')}
${extra.join('\n')}
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">${header ? `<style:header><text:p text:style-name="Furniture">${header}</text:p></style:header>` : ''}${footer ? `<style:footer><text:p text:style-name="Furniture">${footer}</text:p></style:footer>` : ''}</style:master-page></office:master-styles>
<office:body><office:text>${body.join('\n')}</office:text></office:body>
</office:document>
`;
  };
  return { source, reg };
}

const SOFFICE_TIMEOUT_MS = 120_000;

/**
 * LibreOffice converts .fodt files to PDF, all in one call (its start-up is most of the time),
 * with its own profile per directory so that conversions can run side by side.
 */
export function convertOffice(dir: string, documents: Array<{ name: string; source: string }>): Uint8Array[] {
  const files = documents.map((d) => {
    const file = join(dir, `${d.name}.fodt`);
    writeFileSync(file, d.source);
    return file;
  });
  execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, ...files], { timeout: SOFFICE_TIMEOUT_MS, stdio: 'pipe' });
  return documents.map((d) => {
    const pdf = join(dir, `${d.name}.pdf`);
    if (!existsSync(pdf)) throw new Error('soffice wrote no PDF');
    return new Uint8Array(readFileSync(pdf));
  });
}
