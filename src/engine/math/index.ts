// Typeset mathematics to LaTeX, from the glyphs and rules of a formula's region. A pure module:
// the engine's equation detection decides where formulas are and calls these functions.
//
//   formulaLatex(input)   one display formula region → LaTeX (+ its equation numbers)
//   inlineMath(glyphs)    one line of a paragraph → the spans that are math, with their LaTeX
//   symbolOf, textLatex   one character's LaTeX; text set in \text{} (for formulas read by OCR)
//
// Every function is total: whatever the input, it returns, and what it returns KaTeX parses.
export { formulaLatex, type FormulaInput, type FormulaOutput } from './formula.js';
export { inlineMath, type InlineSpan } from './inline.js';
export { parses as katexParses, textLatex } from './katex.js';
export { lineSize } from './units.js';
export { FUNCTION_NAMES, symbolOf } from './symbols.js';
