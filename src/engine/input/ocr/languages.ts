// Languages of a scanned page. PP-OCR's recognizer (ppocr_keys_v1: Chinese + ASCII + a dozen
// accented letters) drops or misreads most Latin diacritics (ê ç ö ß ñ ł ą ę ś ż, Vietnamese).
// The page's language is decided from what PP-OCR read (a stop-word profile of its words, which
// survives the lost accents); on a page in a Latin-script language with diacritics whose
// tesseract pack is installed (@tesseract.js-data/*), every line without CJK characters is read
// again by tesseract.js in that language, in PP-OCR's box (single-line mode). PP-OCR keeps the
// detection, the layout and every CJK line. Everything loads from node_modules: traineddata from
// the language packages, the WASM core from tesseract.js-core; nothing is fetched.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RgbImage } from '../pdf/pdfium.js';
import { entry, type TraceEntry } from '../../model/trace.js';
import { CJK } from './letters.js';

/** Latin-script languages with diacritics that tesseract re-reads (one @tesseract.js-data package each). */
export const REREAD_LANGUAGES = ['fra', 'deu', 'spa', 'pol', 'vie', 'ita', 'por', 'nld'] as const;
export type RereadLanguage = (typeof REREAD_LANGUAGES)[number];
/** What the stop-word profile can decide: English is read well by PP-OCR and stays its own. */
export type Language = RereadLanguage | 'eng';

/**
 * Frequent short words of each language, without their accents (PP-OCR reads "été" as "ete",
 * "się" as "sie", "của" as "cua"): the evidence for a page's language. No one-letter words
 * (Polish i w z, Portuguese a o e): in English pages they are mostly variables, list letters and
 * initials (the corpus's text layers: a LaTeX page and a font sample decided as Portuguese);
 * nor words that are English words too (no, as, in, is, to, do: "yes no yes no" in a table).
 */
const STOP_WORDS: Record<Language, readonly string[]> = {
  eng: ['the', 'of', 'and', 'to', 'in', 'is', 'that', 'for', 'it', 'with', 'as', 'was', 'on', 'are', 'by', 'this', 'be', 'from', 'at', 'have', 'which', 'has', 'were', 'their', 'an'],
  fra: ['le', 'la', 'les', 'des', 'de', 'et', 'est', 'une', 'un', 'du', 'dans', 'pour', 'que', 'qui', 'sur', 'pas', 'avec', 'au', 'aux', 'ce', 'il', 'elle', 'sont', 'par', 'plus', 'ont', 'ete', 'cette', 'leur', 'ou', 'mais', 'nous'],
  deu: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'sich', 'den', 'dem', 'ein', 'eine', 'zu', 'von', 'auf', 'fur', 'auch', 'im', 'des', 'sie', 'es', 'wurde', 'werden', 'nach', 'bei', 'uber', 'wird', 'war', 'einer', 'zum'],
  spa: ['el', 'la', 'los', 'las', 'de', 'que', 'en', 'por', 'con', 'para', 'una', 'del', 'se', 'es', 'al', 'lo', 'como', 'mas', 'pero', 'sus', 'fue', 'han', 'este', 'esta', 'muy', 'hay', 'ya'],
  pol: ['na', 'sie', 'nie', 'ze', 'jest', 'jak', 'po', 'od', 'ale', 'przez', 'dla', 'sa', 'ich', 'co', 'tak', 'juz', 'oraz', 'lub', 'ktore', 'przy', 'aby', 'za', 'bez', 'pod', 'nad', 'przed', 'czy', 'tej', 'ten', 'tego', 'jego', 'jej', 'byl', 'byla', 'bylo', 'ktory', 'ktora', 'gdy', 'tylko', 'bardzo', 'jako', 'moze', 'sobie', 'lat', 'roku'],
  vie: ['cua', 'va', 'cac', 'co', 'trong', 'duoc', 'nhung', 'cho', 'khong', 'nguoi', 'mot', 'nay', 'voi', 'da', 'thi', 'khi', 'cung', 've', 'nam', 'nhieu', 'hon', 'tren', 'vao', 'lam', 'nhu'],
  ita: ['il', 'di', 'che', 'la', 'per', 'un', 'non', 'del', 'della', 'sono', 'con', 'una', 'gli', 'le', 'si', 'da', 'nel', 'alla', 'ha', 'dei', 'anche', 'piu', 'stato', 'ogni'],
  por: ['de', 'que', 'do', 'da', 'em', 'um', 'para', 'com', 'nao', 'uma', 'os', 'se', 'na', 'por', 'mais', 'dos', 'foi', 'ao', 'sobre', 'das', 'pelo'],
  nld: ['de', 'het', 'een', 'en', 'van', 'dat', 'niet', 'op', 'te', 'met', 'zijn', 'voor', 'die', 'er', 'ook', 'aan', 'bij', 'naar', 'door', 'werd', 'heeft', 'wordt', 'om'],
};
const STOP_SETS = Object.fromEntries(Object.entries(STOP_WORDS).map(([k, v]) => [k, new Set(v)])) as Record<Language, Set<string>>;

// ---- tunables (tuned on the tuning pages of bench/ocr/languages.ts) ----
/** Fewer Latin words than this on a page is too little evidence: PP-OCR's text stays. */
const MIN_WORDS = 12;
/** The winning language's stop words must number at least this many… */
const MIN_HITS = 8;
/** …and make at least this share of the page's words (Polish prose, with its one-letter words left out: 0.13)… */
const MIN_SHARE = 0.1;
/** …and outnumber the runner-up's by this factor (Spanish, Portuguese and Italian share many). */
const MIN_LEAD = 1.5;
/** A page whose characters are at least this share CJK is a CJK page: PP-OCR reads it alone. */
const CJK_PAGE_SHARE = 0.3;
/** Tesseract's line reading is kept only at this mean word confidence (0-100) or more. */
const MIN_CONFIDENCE = 40;
/**
 * A line's crop reaches this share of its box height above and below the box (the marks of
 * Vietnamese: tune pages 0.91 -> 0.99 word accuracy), and sits on a white border of this share
 * of it (tesseract needs a margin). Enlarging small crops gained nothing (0.996 either way).
 */
const CROP_EXTEND = 0.1;
const CROP_BORDER = 0.3;

const CJK_ALL = new RegExp(CJK.source, 'gu');

/** How the languages of pages are chosen: from what PP-OCR read, a fixed one, or not at all. */
export type LanguageSetting = { mode: 'auto' } | { mode: 'off' } | { mode: 'fixed'; language: Language };

/**
 * The setting of QUIRE_OCR_LANGUAGES: unset or "auto" decides per page; "off" keeps PP-OCR alone;
 * a language code (fra, deu, spa, pol, vie, ita, por, nld, eng) reads every page in it.
 */
export function languageSetting(value: string | undefined): LanguageSetting {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'auto') return { mode: 'auto' };
  if (v === 'off' || v === 'none') return { mode: 'off' };
  if (v === 'eng' || (REREAD_LANGUAGES as readonly string[]).includes(v)) return { mode: 'fixed', language: v as Language };
  throw new Error(`QUIRE_OCR_LANGUAGES: unknown value "${value}" (auto, off, or one of eng ${REREAD_LANGUAGES.join(' ')})`);
}

/** A page's language and why. */
export interface LanguageDecision {
  /** The language decided, 'cjk' for a page mostly in CJK characters, undefined when undecided. */
  language?: Language | 'cjk';
  /** Why: the rule, then its evidence. */
  rule: string;
  values: Record<string, number | string>;
}

/** Lower case, accents and strokes removed: what PP-OCR's reading and the stop words are compared as. */
export function plainWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đð]/g, 'd')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o');
}

/** The page's language from the text of its lines (the stop-word profile of its words). */
export function decideLanguage(texts: readonly string[], setting: LanguageSetting = { mode: 'auto' }): LanguageDecision {
  if (setting.mode === 'off') return { rule: 'language.off', values: {} };
  if (setting.mode === 'fixed') return { language: setting.language, rule: 'language.fixed', values: { setting: setting.language } };
  const all = texts.join(' ');
  const cjk = (all.match(CJK_ALL) ?? []).length;
  const letters = (all.match(/\p{L}/gu) ?? []).length;
  if (letters > 0 && cjk / letters >= CJK_PAGE_SHARE) return { language: 'cjk', rule: 'language.cjk', values: { cjkShare: cjk / letters } };
  const words = all
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 1 && !CJK.test(w))
    .map(plainWord);
  const hits = Object.fromEntries(Object.keys(STOP_SETS).map((l) => [l, 0])) as Record<Language, number>;
  for (const w of words) for (const l of Object.keys(STOP_SETS) as Language[]) if (STOP_SETS[l].has(w)) hits[l]++;
  const ranked = (Object.keys(hits) as Language[]).sort((a, b) => hits[b] - hits[a]);
  const [first, second] = [ranked[0]!, ranked[1]!];
  const values: Record<string, number | string> = { words: words.length, [first]: hits[first], [second]: hits[second] };
  if (words.length < MIN_WORDS) return { rule: 'language.too-few-words', values };
  const share = hits[first] / words.length;
  values.share = share;
  if (hits[first] < MIN_HITS || share < MIN_SHARE || hits[first] < MIN_LEAD * hits[second]) return { rule: 'language.undecided', values };
  return { language: first, rule: 'language.stop-words', values };
}

/** A line crop in grey levels, one byte a pixel, row after row. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A reading of one line crop: its text and tesseract's mean word confidence (0-100). */
export interface LineReading {
  text: string;
  confidence: number;
}

/** Reads line crops in a language: tesseract.js in Quire; tests put a failing one in its place. */
export interface LineReader {
  read(language: RereadLanguage, crops: GreyImage[]): Promise<LineReading[]>;
  release(): Promise<void>;
}

/** Where the @tesseract.js-data package of a language keeps its traineddata (the LSTM "best_int" pack). */
export function languagePackDir(language: RereadLanguage | 'eng'): string | undefined {
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), '4.0.0_best_int');
  } catch {
    return undefined;
  }
}

interface TesseractWorker {
  setParameters(params: Record<string, string>): Promise<unknown>;
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
}

/**
 * Languages whose tesseract workers are kept loaded at once. Each holds about 110 MB (process RSS
 * with PP-OCR 726 MB, 836 with French, 943 with German too): the worker process is recycled past
 * 1 GB, so the least recently used language is let go beyond two.
 */
const LOADED_LANGUAGES = 2;

/**
 * tesseract.js, one worker per language, each created on the first page that needs it and kept.
 * Traineddata is read from the language's package directory and not cached elsewhere
 * (cacheMethod "none"), so no fetch and no file written.
 */
export class TesseractLineReader implements LineReader {
  /** Loaded workers, least recently used first. */
  private readonly workers = new Map<RereadLanguage, Promise<TesseractWorker>>();

  private worker(language: RereadLanguage): Promise<TesseractWorker> {
    let worker = this.workers.get(language);
    if (worker) {
      this.workers.delete(language);
      this.workers.set(language, worker);
    } else {
      for (const [old, w] of this.workers) {
        if (this.workers.size < LOADED_LANGUAGES) break;
        this.workers.delete(old);
        void w.then((x) => x.terminate()).catch(() => undefined);
      }
      worker = (async () => {
        const langPath = languagePackDir(language);
        if (!langPath) throw new Error(`the @tesseract.js-data/${language} package is not installed`);
        const { createWorker, OEM, PSM } = await import('tesseract.js');
        const created = (await createWorker(language, OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' })) as unknown as TesseractWorker;
        // One line per crop; word spaces kept as tesseract saw them.
        await created.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, preserve_interword_spaces: '1' });
        return created;
      })();
      // A worker that failed to start is forgotten: the next page tries again.
      worker.catch(() => this.workers.delete(language));
      this.workers.set(language, worker);
    }
    return worker;
  }

  /** The languages loaded, least recently used first. */
  get loaded(): RereadLanguage[] {
    return [...this.workers.keys()];
  }

  async read(language: RereadLanguage, crops: GreyImage[]): Promise<LineReading[]> {
    const worker = await this.worker(language);
    const out: LineReading[] = [];
    for (const crop of crops) {
      const { data } = await worker.recognize(pgm(crop));
      out.push({ text: data.text.replace(/\s+/g, ' ').trim(), confidence: data.confidence });
    }
    return out;
  }

  async release(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map((w) => w.then((worker) => worker.terminate()).catch(() => undefined)));
  }
}

/** A grey image as a binary PGM file, which tesseract's image reader (leptonica) takes as it is. */
function pgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`), image.data]);
}

/**
 * The crop of a line box in grey levels, on a white border. PP-OCR's boxes fit the ink closely:
 * tesseract misreads glyphs that touch the image edge (French tune pages: word accuracy 0.90
 * without the border, 1.00 with it), and the stacked marks of Vietnamese reach above the box.
 */
export function lineCropGrey(image: RgbImage, box: readonly [number, number, number, number]): GreyImage {
  const h = box[3] - box[1];
  const x0 = Math.max(0, Math.floor(box[0]));
  const x1 = Math.min(image.width, Math.ceil(box[2]));
  const y0 = Math.max(0, Math.floor(box[1] - CROP_EXTEND * h));
  const y1 = Math.min(image.height, Math.ceil(box[3] + CROP_EXTEND * h));
  const w = Math.max(0, x1 - x0);
  const ch = Math.max(0, y1 - y0);
  const border = Math.round(CROP_BORDER * h);
  const ow = w + 2 * border;
  const oh = ch + 2 * border;
  const data = new Uint8Array(ow * oh).fill(255);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < w; x++) {
      const i = ((y0 + y) * image.width + x0 + x) * 3;
      data[(y + border) * ow + x + border] = (image.data[i]! * 299 + image.data[i + 1]! * 587 + image.data[i + 2]! * 114) / 1000;
    }
  }
  return { width: ow, height: oh, data };
}

/** A line as the recognizer read it: its text and its box in the image's pixels (ocr.ts's OcrLine). */
interface ReadLine {
  text: string;
  box: [number, number, number, number];
}

/**
 * The language step of a page: decides the language, re-reads the Latin lines when it is one
 * with diacritics, and says what it did as a trace entry. Never throws: a failing re-read keeps
 * PP-OCR's lines and the trace says so.
 */
export class PageLanguages {
  constructor(
    private readonly setting: LanguageSetting,
    private readonly reader: LineReader,
  ) {}

  async apply<L extends ReadLine>(image: RgbImage, lines: L[]): Promise<{ lines: L[]; trace: TraceEntry }> {
    const decision = decideLanguage(
      lines.map((l) => l.text),
      this.setting,
    );
    const language = decision.language;
    if (!language || language === 'cjk' || language === 'eng') return { lines, trace: entry('ocr', decision.rule, { ...decision.values, language: language ?? 'none', reread: 0 }) };
    const latin = lines.map((l, i) => (CJK.test(l.text) ? -1 : i)).filter((i) => i >= 0);
    try {
      const readings = await this.reader.read(
        language,
        latin.map((i) => lineCropGrey(image, lines[i]!.box)),
      );
      const out = [...lines];
      let kept = 0;
      latin.forEach((i, k) => {
        const r = readings[k];
        if (!r || !r.text || r.confidence < MIN_CONFIDENCE) kept++;
        else out[i] = { ...lines[i]!, text: r.text } as L;
      });
      return { lines: out, trace: entry('ocr', decision.rule, { ...decision.values, language, reread: latin.length - kept, keptLowConfidence: kept }) };
    } catch (error) {
      return { lines, trace: entry('ocr', `${decision.rule}.reread-failed`, { ...decision.values, language, reread: 0, error: (error as Error).message ?? String(error) }) };
    }
  }

  release(): Promise<void> {
    return this.reader.release();
  }
}
