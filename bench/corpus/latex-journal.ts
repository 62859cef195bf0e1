// The journal family (tex-journal): papers set by publishers' classes that TeX Live ships,
// REVTeX 4.2 (APS/AIP), acmart (ACM proceedings and journals), amsart (AMS) and mnras (Monthly
// Notices), with their own title blocks, running heads, abstracts, keywords and theorems. The
// body (headings, paragraphs, lists, tables, figures, equations, references) is latex.ts's, the
// truth the same colour coding: every block is preceded by \color{qN}. Where a class prints
// something itself (labels, running heads, addresses, footnotes of the title page) the class's
// macros are patched so that it is printed in a block's colour. Conventions of the other LaTeX
// families: a displayed "Abstract" (or "Keywords", "CCS Concepts") heading is a level-2 title, a
// run-in label ("Abstract.", "Keywords:", "Theorem 2.1.", "Proof.") belongs to its text block.
import type { Content, Rng } from './random.js';
import { bodyTex, CAPTION_LABEL_COLOUR, colourDefinitions, FIGURE_MARK, FONTS, texEscape, TexWriter, type JournalClass, type TexStyle } from './latex.js';
import { randomBody, Registry, type SpecBlock } from './spec.js';

export const JOURNAL_CLASSES: JournalClass[] = ['revtex4-2', 'acmart', 'amsart', 'mnras'];

interface JournalStyle extends TexStyle {
  cls: JournalClass;
  /** acmart's format (sigconf, acmsmall, …); REVTeX's layout (reprint, preprint, …). */
  format: string;
}

const THEOREMS = [
  ['theorem', 'Theorem'],
  ['lemma', 'Lemma'],
  ['proposition', 'Proposition'],
  ['corollary', 'Corollary'],
  ['definition', 'Definition'],
] as const;

function journalStyle(r: Rng, only?: JournalClass): JournalStyle {
  const cls = only ?? r.pick(JOURNAL_CLASSES);
  const base = { runningHeads: true, toc: false, parskip: false };
  switch (cls) {
    case 'revtex4-2': {
      const society = r.pick([['aps', 'prl'], ['aps', 'pra'], ['aps', 'prb'], ['aps', 'pre'], ['aip', 'jap'], ['aip', 'apl']]);
      const format = r.pick(['reprint', 'reprint', 'preprint', 'twocolumn']);
      const twocolumn = format !== 'preprint';
      const options = [...society, format, 'amsmath', 'amssymb', 'showkeys', 'nofootinbib', ...(format === 'preprint' ? [r.pick(['12pt', '11pt'])] : []), ...(r.chance(0.5) ? ['superscriptaddress'] : [])];
      return { ...base, cls, format, options, twocolumn, font: r.pick(['latin-modern', 'latin-modern', 'times', 'palatino', 'charter']) };
    }
    case 'acmart': {
      const format = r.pick(['sigconf', 'sigconf', 'acmsmall', 'sigplan', 'acmlarge']);
      const options = [format, ...(r.chance(0.3) ? ['screen'] : [])];
      return { ...base, cls, format, options, twocolumn: format === 'sigconf' || format === 'sigplan', font: 'acm' };
    }
    case 'amsart':
      return { ...base, cls, format: 'amsart', options: [r.pick(['10pt', '11pt', '12pt']), r.pick(['a4paper', 'letterpaper'])], twocolumn: false, font: r.pick(['latin-modern', 'latin-modern', 'times', 'palatino', 'charter', 'libertine', 'bookman']), geometry: r.chance(0.4) ? `margin=${r.range(2.2, 3.2).toFixed(1)}cm` : undefined };
    case 'mnras': {
      const onecolumn = r.chance(0.15);
      return { ...base, cls, format: 'mnras', options: [...(onecolumn ? ['onecolumn'] : []), ...(r.chance(0.5) ? ['fleqn'] : [])], twocolumn: !onecolumn, font: r.pick(['times', 'times', 'latin-modern']) };
    }
  }
}

/** Blocks the body writer does not know: theorem-like statements and proofs. */
type JournalBlock = SpecBlock | { kind: 'theorem'; env: string; name?: string; text: string } | { kind: 'proof'; text: string };

function withTheorems(c: Content, blocks: SpecBlock[], rate: number): JournalBlock[] {
  const r = c.rng;
  const out: JournalBlock[] = [];
  for (const b of blocks) {
    out.push(b);
    if (b.kind !== 'paragraph' || !r.chance(rate)) continue;
    const [env] = r.pick(THEOREMS);
    const statement = Array.from({ length: r.int(1, 2) }, () => c.sentence()).join(' ');
    out.push({ kind: 'theorem', env, name: r.chance(0.25) ? c.phrase(2) : undefined, text: statement });
    if (env !== 'definition' && r.chance(0.6)) out.push({ kind: 'proof', text: c.paragraph(r.int(1, 3)) });
  }
  return out;
}

/** The body: runs of ordinary blocks through latex.ts's writer, statements and proofs here. */
function journalBody(w: TexWriter, reg: Registry, blocks: JournalBlock[], style: JournalStyle, r: Rng, dir: string): string {
  const pictures = { n: 0 };
  const out: string[] = [];
  let run: SpecBlock[] = [];
  const flush = () => {
    if (run.length) out.push(bodyTex(w, reg, run, style, r, dir, pictures));
    run = [];
  };
  for (const b of blocks) {
    if (b.kind === 'theorem') {
      flush();
      const id = reg.block('text', { role: 'theorem', text: b.text, textFromGlyphs: true });
      out.push(`${w.color(id)}\\begin{${b.env}}${b.name ? `[${texEscape(b.name)}]` : ''}\n${texEscape(b.text)}\n\\end{${b.env}}\n`);
    } else if (b.kind === 'proof') {
      flush();
      const id = reg.block('text', { role: 'proof', text: b.text, textFromGlyphs: true });
      out.push(`${w.color(id)}\\begin{proof}\n${texEscape(b.text)}\n\\end{proof}\n`);
    } else run.push(b);
  }
  flush();
  const tex = out.join('\n\n');
  // mnras's floats take no placement option (it would be printed).
  return style.cls === 'mnras' ? tex.replace(/\\begin\{(figure|table)(\*?)\}\[[!a-z]*\]/g, '\\begin{$1$2}') : tex;
}

interface Front {
  preamble: string[];
  /** After \begin{document}. */
  after: string[];
  /** Before \end{document}. */
  end: string[];
  runs: number;
}

/** Lower-case ASCII letters of a name (e-mail addresses). */
const ascii = (text: string) => text.normalize('NFKD').toLowerCase().replace(/[^a-z]+/g, '') || 'author';

const KEYWORD_COUNT: [number, number] = [3, 6];

/** Title block, abstract, keywords and page furniture as each class sets them. */
function frontMatter(style: JournalStyle, c: Content, reg: Registry, w: TexWriter, title: string, shortTitle: string): Front {
  const r = c.rng;
  const f: Front = { preamble: [], after: [], end: [], runs: 1 };
  const authors = Array.from({ length: r.int(1, 5) }, () => ({ name: c.name(), org: c.org(), city: c.city(), email: `${ascii(c.surname())}@${c.org().toLowerCase().replace(/[^a-z]+/g, '').slice(0, 12)}.org` }));
  const abstractText = c.paragraph(r.int(3, 7));
  const keywords = Array.from({ length: r.int(...KEYWORD_COUNT) }, () => c.phrase(r.int(1, 3)).toLowerCase());
  const furniture = (type: 'header' | 'footer' | 'page_number') => w.color(reg.block(type, { text: '', textFromGlyphs: true, furniturePerPage: true }));
  const T = reg.block('title', { level: 1, text: title, textFromGlyphs: true });
  const au = reg.block('text', { role: 'author-list', text: '', textFromGlyphs: true });
  switch (style.cls) {
    case 'revtex4-2': {
      const date = reg.block('text', { role: 'date', text: '', textFromGlyphs: true });
      const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      const kw = reg.block('text', { role: 'keywords', text: keywords.join(', '), textFromGlyphs: true });
      // REVTeX takes the title block after \\begin{document}.
      f.after.push(`\\title{${w.color(T)}${texEscape(title)}}`);
      for (const a of authors) f.after.push(`\\author{${w.color(au)}${texEscape(a.name)}}`, `\\affiliation{${w.color(au)}${texEscape(`${a.org}, ${a.city}`)}}`);
      f.after.push(`\\date{${texEscape(c.date())}}`);
      // REVTeX's "Keywords:" label and the keywords set where the abstract ends.
      f.preamble.push('\\makeatletter', `\\def\\@keys@name{${w.color(kw)}Keywords: }`, `\\pretocmd{\\frontmatter@RRAPformat}{${w.color(date)}}{}{\\errmessage{revtex date}}`, '\\makeatother');
      f.after.push(`\\begin{abstract}${w.color(abs)}\n${texEscape(abstractText)}\n\\end{abstract}`, `\\keywords{${w.color(kw)}${texEscape(keywords.join(', '))}}`, `${w.color(au)}\\maketitle`);
      // Running heads: REVTeX sets none of its own in these layouts; a short title and the page number.
      const head = furniture('header');
      const page = furniture('page_number');
      const headOn = r.chance(0.6);
      f.preamble.push('\\makeatletter', `\\def\\ps@qjournal{\\def\\@oddhead{${headOn ? `\\hfil${head}\\footnotesize ${texEscape(shortTitle)}\\hfil` : ''}}\\let\\@evenhead\\@oddhead\\def\\@oddfoot{\\hfil${page}\\thepage\\hfil}\\let\\@evenfoot\\@oddfoot}`, '\\def\\ps@titlepage{\\let\\@oddhead\\@empty\\let\\@evenhead\\@empty\\def\\@oddfoot{\\hfil' + page + '\\thepage\\hfil}\\let\\@evenfoot\\@oddfoot}', '\\makeatother');
      f.after.unshift('\\pagestyle{qjournal}');
      break;
    }
    case 'acmart': {
      const journal = style.format === 'acmsmall' || style.format === 'acmlarge';
      const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      const conf = `${c.word().toUpperCase().replace(/[^A-Z]/g, '').slice(0, 5) || 'CONF'} '${r.int(18, 26)}`;
      const venue = `${c.city()}`;
      // The title's colour in a group of its own (the class sets the title and authors in one box), dropped in the ACM reference format.
      f.preamble.push(`\\newcommand\\qtitlecolour[1]{\\textcolor{${w.c(T)}}{#1}}`, `\\title[${texEscape(shortTitle)}]{\\qtitlecolour{${texEscape(title)}}}`);
      for (const a of authors) f.preamble.push(`\\author{${texEscape(a.name)}}`, `\\affiliation{\\institution{${texEscape(a.org)}}\\city{${texEscape(a.city)}}\\country{${r.pick(['USA', 'Germany', 'Canada', 'France', 'Japan', 'Brazil'])}}}`, `\\email{${texEscape(a.email)}}`);
      f.preamble.push(`\\acmConference[${conf}]{${texEscape(c.phrase(3))} Conference}{${texEscape(c.date())}}{${texEscape(venue)}}`, `\\acmYear{20${r.int(18, 26)}}`, `\\copyrightyear{20${r.int(18, 26)}}`, `\\acmDOI{10.1145/${r.int(1000000, 9999999)}.${r.int(1000000, 9999999)}}`, `\\acmISBN{978-1-4503-${r.int(1000, 9999)}-${r.int(0, 9)}/${r.int(18, 26)}/${String(r.int(1, 12)).padStart(2, '0')}}`);
      if (journal) f.preamble.push(`\\acmJournal{${r.pick(['JACM', 'TOG', 'TOSEM', 'TODS', 'CSUR', 'TACO'])}}`, `\\acmVolume{${r.int(1, 60)}}`, `\\acmNumber{${r.int(1, 12)}}`, `\\acmArticle{${r.int(1, 200)}}`, `\\acmMonth{${r.int(1, 12)}}`);
      f.preamble.push(`\\setcopyright{${r.pick(['acmlicensed', 'acmcopyright', 'rightsretained'])}}`);
      const printRef = r.chance(0.6);
      f.preamble.push(`\\settopmatter{printacmref=${printRef}}`);
      f.runs = printRef ? 2 : 1;
      // CCS concepts and keywords: headings in the proceedings formats, run-in labels in the journals'.
      const ccs = reg.block('text', { role: 'ccs-concepts', text: '', textFromGlyphs: true });
      const kw = reg.block('text', { role: 'keywords', text: keywords.join(', '), textFromGlyphs: true });
      // sigconf sets them as unnumbered sections, sigplan as run-in \\paragraph headings, the journals as plain labels.
      const label = (role: string, text: string, own: number) => (journal ? own : style.format === 'sigplan' ? reg.block('title', { level: 4, role: 'run-in', text, textFromGlyphs: true }) : reg.block('title', { level: 2, role, text, textFromGlyphs: true }));
      const absHead = journal ? abs : reg.block('title', { level: 2, role: 'abstract-heading', text: 'Abstract', textFromGlyphs: true });
      const ccsHead = label('ccs-heading', 'CCS Concepts', ccs);
      const kwHead = label('keywords-heading', 'Keywords', kw);
      const acmRef = printRef ? reg.block('text', { role: 'acm-reference-format', text: '', textFromGlyphs: true }) : 0;
      const copyright = reg.block('page_footnote', { role: 'copyright', text: '', textFromGlyphs: true });
      const addresses = journal ? reg.block('page_footnote', { role: 'author-addresses', text: '', textFromGlyphs: true }) : 0;
      const concepts = Array.from({ length: r.int(1, 3) }, () => [r.pick(['Computing methodologies', 'Information systems', 'Software and its engineering', 'Theory of computation', 'Human-centered computing', 'Applied computing']), c.phrase(2)]);
      for (const [a, b] of concepts) f.preamble.push(`\\ccsdesc[${r.pick([500, 300, 100])}]{${texEscape(a!)}~${texEscape(b!)}}`);
      f.preamble.push(`\\keywords{${texEscape(keywords.join(', '))}}`);
      f.preamble.push(
        '\\makeatletter',
        `\\g@addto@macro\\@authorfont{${w.color(au)}}\\g@addto@macro\\@affiliationfont{${w.color(au)}}`,
        `\\renewcommand\\abstractname{${w.color(absHead)}Abstract}`,
        `\\patchcmd{\\maketitle}{\\@specialsection{CCS Concepts}}{\\@specialsection{${w.color(ccsHead)}CCS Concepts}}{}{\\errmessage{acmart ccs}}`,
        `\\patchcmd{\\maketitle}{\\noindent\\@concepts}{\\noindent${w.color(ccs)}\\@concepts}{}{\\errmessage{acmart concepts}}`,
        `\\patchcmd{\\maketitle}{\\@specialsection{\\keywordsname}}{\\@specialsection{${w.color(kwHead)}\\keywordsname}}{}{\\errmessage{acmart keywords}}`,
        `\\patchcmd{\\maketitle}{\\noindent\\@keywords}{\\noindent${w.color(kw)}\\@keywords}{}{\\errmessage{acmart keywords}}`,
        ...(printRef ? [`\\pretocmd{\\@mkbibcitation}{${w.color(acmRef)}\\let\\qtitlecolour\\relax}{}{\\errmessage{acmart reference}}`] : []),
        `\\let\\q@copyright\\footnotetextcopyrightpermission\\long\\def\\footnotetextcopyrightpermission#1{\\q@copyright{${w.color(copyright)}#1}}`,
        ...(journal ? [`\\let\\q@addresses\\footnotetextauthorsaddresses\\long\\def\\footnotetextauthorsaddresses#1{\\q@addresses{${w.color(addresses)}#1}}`] : []),
        '\\makeatother',
      );
      f.after.push(`\\begin{abstract}${w.color(abs)}\n${texEscape(abstractText)}\n\\end{abstract}`);
      // The class's running heads and feet, coloured (its own page styles, defined at \begin{document}).
      const left = furniture('header');
      const right = furniture('header');
      const page = furniture('page_number');
      const foot = journal ? furniture('footer') : '';
      const hf = '\\sffamily\\footnotesize';
      const journalFoot = journal ? `\\fancyfoot[RO,LE]{${foot}\\footnotesize \\@journalNameShort, Vol. \\@acmVolume, No. \\@acmNumber, Article \\@acmArticle. Publication date: \\@acmPubDate.}` : '';
      const standard = journal
        ? `\\fancyhead[LE,RO]{${page}${hf}\\@acmArticle:\\thepage}\\fancyhead[RE]{${right}${hf}\\@shortauthors}\\fancyhead[LO]{${left}${hf}\\shorttitle}${journalFoot}`
        : `\\fancyfoot[C]{${page}\\footnotesize\\thepage}\\fancyhead[LO]{${left}${hf}\\shorttitle}\\fancyhead[RE]{${right}${hf}\\@shortauthors}\\fancyhead[LE]{${left}${hf}\\acmConference@shortname, \\acmConference@date, \\acmConference@venue}\\fancyhead[RO]{${right}${hf}\\acmConference@shortname, \\acmConference@date, \\acmConference@venue}`;
      const first = journal ? journalFoot : `\\fancyfoot[C]{${page}\\footnotesize\\thepage}`;
      f.after.unshift('\\makeatletter', '\\hypersetup{hidelinks}', '\\pretocmd{\\caption}{\\colorlet{qcapcur}{.}}{}{\\errmessage{acmart caption}}\\let\\qfnumtable\\fnum@table\\def\\fnum@table{\\color{qcapcur}\\qfnumtable}', `\\fancypagestyle{standardpagestyle}{\\fancyhf{}\\renewcommand{\\headrulewidth}{0pt}\\renewcommand{\\footrulewidth}{0pt}${standard}}`, `\\fancypagestyle{firstpagestyle}{\\fancyhf{}\\renewcommand{\\headrulewidth}{0pt}\\renewcommand{\\footrulewidth}{0pt}${first}}`, '\\pagestyle{standardpagestyle}', '\\makeatother');
      // The colour current at \\maketitle is the authors' (the class sets them after the title, in a group of its own).
      f.after.push(`${w.color(au)}\\maketitle`);
      break;
    }
    case 'amsart': {
      const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      const date = reg.block('page_footnote', { role: 'date', text: '', textFromGlyphs: true });
      const subj = reg.block('page_footnote', { role: 'subject-classification', text: '', textFromGlyphs: true });
      const kw = reg.block('page_footnote', { role: 'keywords', text: keywords.join(', '), textFromGlyphs: true });
      const address = reg.block('text', { role: 'author-list', text: '', textFromGlyphs: true });
      // The title's colour in a group of its own (the class sets the title and authors in one box), dropped in the ACM reference format.
      f.preamble.push(`\\newcommand\\qtitlecolour[1]{\\textcolor{${w.c(T)}}{#1}}`, `\\title[${texEscape(shortTitle)}]{\\qtitlecolour{${texEscape(title)}}}`);
      for (const a of authors) f.preamble.push(`\\author{${texEscape(a.name)}}`, `\\address{${texEscape(`${a.org}, ${a.city}`)}}`, ...(r.chance(0.6) ? [`\\email{${texEscape(a.email)}}`] : []));
      f.preamble.push(`\\date{${texEscape(c.date())}}`, `\\subjclass[2020]{Primary ${r.int(10, 99)}A${r.int(10, 99)}; Secondary ${r.int(10, 99)}B${r.int(10, 99)}}`, `\\keywords{${texEscape(keywords.join(', '))}}`);
      f.preamble.push(
        '\\makeatletter',
        `\\pretocmd{\\@settitle}{${w.color(T)}}{}{\\errmessage{amsart title}}`,
        `\\pretocmd{\\@setauthors}{${w.color(au)}}{}{\\errmessage{amsart authors}}`,
        `\\pretocmd{\\@setdate}{${w.color(date)}}{}{\\errmessage{amsart date}}`,
        `\\pretocmd{\\@setsubjclass}{${w.color(subj)}}{}{\\errmessage{amsart subjclass}}`,
        `\\pretocmd{\\@setkeywords}{${w.color(kw)}}{}{\\errmessage{amsart keywords}}`,
        // Running heads: AMS style (authors on even pages, the short title on odd ones, the page number outside).
        ...pageStyleAms(w, reg),
        '\\makeatother',
      );
      // The label is set in the colour current at \\begin{abstract}, the text in its own.
      f.after.push(`${w.color(abs)}\\begin{abstract}${w.color(abs)}\n${texEscape(abstractText)}\n\\end{abstract}`, '\\maketitle');
      // amsart prints the addresses where the document ends.
      f.end.push(w.color(address));
      break;
    }
    case 'mnras': {
      const absHead = reg.block('title', { level: 2, role: 'abstract-heading', text: 'Abstract', textFromGlyphs: true });
      const abs = reg.block('text', { role: 'abstract', text: abstractText, textFromGlyphs: true });
      const kw = reg.block('text', { role: 'keywords', text: keywords.join(' -- '), textFromGlyphs: true });
      const date = reg.block('text', { role: 'date', text: '', textFromGlyphs: true });
      const names = authors.map((a, i) => `${texEscape(a.name)}$^{${i + 1}}$`).join(r.pick([', ', ',\n']));
      const orgs = authors.map((a, i) => `${w.color(au)}$^{${i + 1}}$${texEscape(`${a.org}, ${a.city}`)}`).join('\\\\\n');
      f.preamble.push(`\\title[${texEscape(shortTitle)}]{${w.color(T)}${texEscape(title)}}`, `\\author[${texEscape(authors[0]!.name)}${authors.length > 1 ? ' et al.' : ''}]{${w.color(au)}${names}\\\\\n${orgs}}`, `\\date{${w.color(date)}Accepted ${texEscape(c.date())}. Received ${texEscape(c.date())}}`, `\\pubyear{20${r.int(15, 26)}}`);
      f.preamble.push('\\providecommand\\refname{References}', '\\makeatletter', `\\patchcmd{\\@abstract}{{\\bf ABSTRACT}}{{${w.color(absHead)}\\bf ABSTRACT}}{}{\\errmessage{mnras abstract}}`, ...pageStyleMnras(w, reg), '\\makeatother');
      // hyperref's coloured links (mnras loads it with colorlinks) take the page range's and page
      // numbers' colour from wherever the colour stack stands at shipout: a float's cell colour leaked into them.
      f.preamble.push(`\\pagerange{\\pageref{firstpage}--\\pageref{lastpage}}`, '\\hypersetup{hidelinks}');
      f.after.push('\\label{firstpage}', '\\maketitle', `${w.color(abs)}\\begin{abstract}${w.color(abs)}\n${texEscape(abstractText)}\n\\end{abstract}`, `${w.color(kw)}\\begin{keywords}${w.color(kw)}\n${texEscape(keywords.join(' -- '))}\n\\end{keywords}`);
      f.end.push('\\label{lastpage}');
      f.runs = 2;
      break;
    }
  }
  return f;
}

/** amsart's headings page style with coloured running heads and page numbers. */
function pageStyleAms(w: TexWriter, reg: Registry): string[] {
  const head = w.color(reg.block('header', { text: '', textFromGlyphs: true, furniturePerPage: true }));
  const page = w.color(reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true }));
  return [
    `\\def\\ps@headings{\\ps@empty\\def\\@evenhead{\\normalfont\\scriptsize\\rlap{${page}\\thepage}\\hfil{${head}\\leftmark{}{}}\\hfil}\\def\\@oddhead{\\normalfont\\scriptsize\\hfil{${head}\\rightmark{}{}}\\hfil\\llap{${page}\\thepage}}\\let\\@mkboth\\markboth}`,
    `\\def\\ps@firstpage{\\ps@empty\\def\\@oddfoot{\\normalfont\\scriptsize\\hfil${page}\\thepage\\hfil}\\let\\@evenfoot\\@oddfoot}`,
    '\\pagestyle{headings}',
  ];
}

/** mnras's page styles with coloured heads, feet and page numbers. */
function pageStyleMnras(w: TexWriter, reg: Registry): string[] {
  const head = w.color(reg.block('header', { text: '', textFromGlyphs: true, furniturePerPage: true }));
  const page = w.color(reg.block('page_number', { text: '', textFromGlyphs: true, furniturePerPage: true }));
  const foot = w.color(reg.block('footer', { text: '', textFromGlyphs: true, furniturePerPage: true }));
  const journalFoot = `${foot}\\small MNRAS {\\bf \\@volume}, \\@pagerange\\ (\\@pubyear)`;
  return [
    `\\def\\ps@headings{\\let\\@mkboth\\markboth\\def\\@oddhead{\\Large\\hfill{${head}\\it\\@shorttitle}\\hspace{1.5em}{${page}\\rm\\@ddell\\thepage}}\\def\\@oddfoot{\\hfill${journalFoot}}\\def\\@evenhead{\\Large{${page}\\@ddell\\thepage}\\hspace{1.5em}{${head}\\it\\@shortauthor}\\hfill}\\def\\@evenfoot{${journalFoot}\\hfil}\\def\\sectionmark##1{\\markboth{##1}{}}\\def\\subsectionmark##1{\\markright{##1}}}`,
    `\\def\\ps@titlepage{\\let\\@mkboth\\@gobbletwo\\def\\@oddhead{${head}\\footnotesize\\@journal}\\def\\@oddfoot{${foot}\\small\\copyright\\ \\@pubyear\\ The Authors\\hfil}\\let\\@evenhead\\@oddhead\\let\\@evenfoot\\@oddfoot}`,
    '\\pagestyle{headings}',
  ];
}

function preamble(style: JournalStyle, front: Front): string[] {
  const lines = [`\\documentclass[${style.options.join(',')}]{${style.cls}}`, '\\pdfsuppresswarningpagegroup=1'];
  if (style.cls !== 'acmart') lines.push('\\usepackage[T1]{fontenc}', '\\usepackage[utf8]{inputenc}', '\\usepackage{textcomp}', FONTS[style.font]!);
  lines.push('\\usepackage{xcolor}', '\\usepackage{graphicx}', '\\usepackage{booktabs}', '\\usepackage{tabularx}', '\\usepackage{multirow}', '\\usepackage{tikz}', '\\usetikzlibrary{shapes.geometric}', '\\usepackage{etoolbox}');
  lines.push('\\usepackage{enumitem}', '\\usepackage{wrapfig}');
  if (style.cls !== 'acmart' && style.cls !== 'revtex4-2') lines.push('\\usepackage{amsmath}');
  if (style.cls === 'revtex4-2') lines.push('\\usepackage{amsthm}');
  if (style.geometry) lines.push(`\\usepackage[${style.geometry}]{geometry}`);
  // Theorem-like statements: acmart defines its own; amsthm's (or mnras's) for the others.
  if (style.cls !== 'acmart') {
    const within = style.cls === 'amsart' ? '[section]' : '';
    lines.push(`\\newtheorem{theorem}{Theorem}${within}`, '\\newtheorem{lemma}[theorem]{Lemma}', '\\newtheorem{proposition}[theorem]{Proposition}', '\\newtheorem{corollary}[theorem]{Corollary}');
    lines.push(style.cls === 'mnras' ? '\\newtheorem{definition}[theorem]{Definition}' : '{\\theoremstyle{definition}\\newtheorem{definition}[theorem]{Definition}}');
  }
  lines.push(CAPTION_LABEL_COLOUR, ...FIGURE_MARK, ...front.preamble);
  return lines;
}

/** A tex-journal document: its source (with colour commands), truth registry and pdflatex runs. */
export function journalDocument(c: Content, targetPages: number, dir: string, only?: JournalClass): { source: (truth: boolean) => string; reg: Registry; runs: number; cls: JournalClass } {
  const r = c.rng;
  const style = journalStyle(r, only);
  const reg = new Registry();
  const w = new TexWriter();
  const title = c.phrase(r.int(3, 7));
  const shortTitle = title.length > 45 ? title.slice(0, 43).replace(/\s+\S*$/, '') : title;
  const front = frontMatter(style, c, reg, w, title, shortTitle);
  const perPage = style.twocolumn ? 2.2 : 1.3;
  const blocks = randomBody(c, {
    sections: Math.max(2, Math.round(targetPages * perPage)),
    depth: r.pick([2, 3, 3, 4]),
    numbered: true,
    // amsart's \paragraph is set in the text font: no visible heading.
    runIn: style.cls !== 'amsart' && r.chance(0.5),
    lists: true,
    tables: true,
    figures: true,
    equations: r.chance(0.7),
    code: r.chance(0.15),
    footnotes: r.chance(0.6),
    marginNotes: false,
    tableStyles: r.sample(['booktabs', 'booktabs', 'ruled', 'borderless'] as const, r.int(1, 2)),
    references: r.chance(0.9),
  }).map((b) => (b.kind === 'figure' && !style.twocolumn && r.chance(0.15) ? { ...b, wrap: true } : b));
  const body = journalBody(w, reg, withTheorems(c, blocks, style.cls === 'amsart' ? 0.35 : r.pick([0, 0.1, 0.2])), style, r, dir);
  const pre = preamble(style, front).join('\n');
  // Colour names are also defined upper-cased: classes that upper-case a title or names (\MakeUppercase) upper-case the colour command's argument too.
  const source = (truth: boolean) => {
    const defs = colourDefinitions(reg, truth);
    const upper = defs.split('\n').filter((l) => l.startsWith('\\definecolor{q')).map((l) => l.replace('{q', '{Q'));
    return `${pre}\n${defs}\n${upper.join('\n')}\n\\begin{document}\n${front.after.join('\n')}\n${body}\n${front.end.join('\n')}\n\\end{document}\n`;
  };
  return { source, reg, runs: front.runs, cls: style.cls };
}
