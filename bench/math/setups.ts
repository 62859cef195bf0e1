// The font setups and document templates of the math corpus, and which of them are used for
// tuning and which only for validation (held out: never looked at while tuning).

export type Engine = 'pdflatex' | 'lualatex';
export type Split = 'tune' | 'validate';

export interface FontSetup {
  name: string;
  engine: Engine;
  /** Preamble lines loading the fonts (LaTeX setups). */
  preamble: string;
  split: Split;
}

/** amssymb gives \mathbb and \mathfrak for the setups whose math fonts do not bring their own. */
const AMS = '\\usepackage{amssymb}';

export const FONT_SETUPS: FontSetup[] = [
  { name: 'cm', engine: 'pdflatex', preamble: AMS, split: 'tune' },
  { name: 'newtx', engine: 'pdflatex', preamble: '\\usepackage{newtxtext,newtxmath}', split: 'tune' },
  { name: 'lm-math', engine: 'lualatex', preamble: '\\usepackage{unicode-math}', split: 'tune' },
  { name: 'lmodern', engine: 'pdflatex', preamble: `\\usepackage[T1]{fontenc}\\usepackage{lmodern}${AMS}`, split: 'validate' },
  { name: 'mathptmx', engine: 'pdflatex', preamble: `\\usepackage{mathptmx}${AMS}`, split: 'validate' },
  { name: 'libertine', engine: 'pdflatex', preamble: '\\usepackage{libertine}\\usepackage[libertine]{newtxmath}', split: 'validate' },
  { name: 'fourier', engine: 'pdflatex', preamble: `\\usepackage[T1]{fontenc}\\usepackage{fourier}${AMS}`, split: 'validate' },
  { name: 'stix2', engine: 'lualatex', preamble: '\\usepackage{unicode-math}\\setmainfont{STIX Two Text}\\setmathfont{STIX Two Math}', split: 'validate' },
  { name: 'xits', engine: 'lualatex', preamble: '\\usepackage{unicode-math}\\setmainfont{XITS}\\setmathfont{XITS Math}', split: 'validate' },
  // Tune setups added after the held-out ones (a setup's seeds follow its place in this list, so
  // appending keeps every earlier document as it was): other math font families than the tuned
  // cm/newtx/lm-math, each with its own font names and encodings — Palatino with newpx's and
  // mathpazo's math fonts, kpfonts, Computer Modern Bright (CM's layout under other names),
  // mathdesign's Charter, Euler, and an OpenType math font other than Latin Modern's.
  { name: 'newpx', engine: 'pdflatex', preamble: '\\usepackage{newpxtext,newpxmath}', split: 'tune' },
  { name: 'mathpazo', engine: 'pdflatex', preamble: `\\usepackage{mathpazo}${AMS}`, split: 'tune' },
  { name: 'kpfonts', engine: 'pdflatex', preamble: '\\usepackage{kpfonts}', split: 'tune' },
  { name: 'cmbright', engine: 'pdflatex', preamble: `\\usepackage{cmbright}${AMS}`, split: 'tune' },
  { name: 'mdcharter', engine: 'pdflatex', preamble: '\\usepackage[charter]{mathdesign}', split: 'tune' },
  { name: 'eulervm', engine: 'pdflatex', preamble: `\\usepackage{eulervm}${AMS}`, split: 'tune' },
  { name: 'pagella-math', engine: 'lualatex', preamble: '\\usepackage{unicode-math}\\setmainfont{TeX Gyre Pagella}\\setmathfont{TeX Gyre Pagella Math}', split: 'tune' },
  // T1-encoded text (cm-super's EC fonts) with Computer Modern math: the text-font encoding of
  // lmodern and fourier, whose math fonts are others.
  { name: 'cm-t1', engine: 'pdflatex', preamble: `\\usepackage[T1]{fontenc}${AMS}`, split: 'tune' },
];

export interface Template {
  name: string;
  /** \documentclass line and layout packages. */
  head: string;
  twoColumn: boolean;
  split: Split;
}

export const TEMPLATES: Template[] = [
  { name: 'article', head: '\\documentclass[10pt]{article}', twoColumn: false, split: 'tune' },
  { name: 'twocolumn', head: '\\documentclass[10pt,twocolumn]{article}\\usepackage[margin=0.8in]{geometry}', twoColumn: true, split: 'tune' },
  // Set at 12 and 11 pt like the held-out templates (every other tune template is 10 pt), in other
  // classes and geometries than theirs: book's two-sided narrow text block, article with 1in margins.
  { name: 'book12', head: '\\documentclass[12pt]{book}', twoColumn: false, split: 'tune' },
  { name: 'article11', head: '\\documentclass[11pt]{article}\\usepackage[margin=1in]{geometry}', twoColumn: false, split: 'tune' },
  { name: 'report12', head: '\\documentclass[12pt]{report}\\usepackage[margin=1.1in]{geometry}\\linespread{1.2}', twoColumn: false, split: 'validate' },
  { name: 'amsart', head: '\\documentclass[11pt]{amsart}', twoColumn: false, split: 'validate' },
  // Equation numbers at the left (leqno, the AMS classes' default), in a class and geometry of its
  // own: the tune split guards the left-number reading (a tune template, added after the others).
  { name: 'leqno', head: '\\documentclass[11pt,leqno]{article}\\usepackage[margin=1.25in]{geometry}', twoColumn: false, split: 'tune' },
];
