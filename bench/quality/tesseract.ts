// Debian's tesseract as the baseline the OCR path is compared with (benchmarks only; the service
// never needs it). Installed from Debian's packages when missing, like pdftotext in bench/speed.ts.
import { execFileSync } from 'node:child_process';

/** Whether `tesseract` runs, installing Debian's tesseract-ocr (English model) first if needed. */
export function ensureTesseract(): boolean {
  const runs = () => {
    try {
      execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (runs()) return true;
  try {
    execFileSync('apt-get', ['install', '-y', 'tesseract-ocr'], { stdio: 'ignore', timeout: 600_000 });
  } catch {
    return false;
  }
  return runs();
}

/**
 * Tesseract's plain text of one page image (its default page segmentation, which finds columns),
 * with one thread unless told otherwise (OMP_THREAD_LIMIT), as a single-threaded worker would run it.
 */
export function tesseractText(image: Uint8Array, threads = 1): string {
  return execFileSync('tesseract', ['stdin', 'stdout', '-l', 'eng'], {
    input: image,
    env: { ...process.env, OMP_THREAD_LIMIT: String(threads) },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'ignore'],
  }).toString('utf8');
}

/**
 * Tesseract's text made comparable with a parser's body text, in its favour: lines that are
 * exactly a known running header, footer or page number dropped, and words hyphenated across
 * lines joined (a plain-text OCR engine does neither).
 */
export function tesseractBodyText(text: string, furniture: string[]): string {
  const skip = new Set(furniture.map((f) => f.trim()));
  return text
    .split('\n')
    .filter((line) => !skip.has(line.trim()))
    .join('\n')
    .replace(/(\p{L})-\n\s*(\p{Ll})/gu, '$1$2');
}
