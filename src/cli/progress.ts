// Progress of `quire parse` on a terminal: one line rewritten in place ("[2/5] scan.pdf  page 3/10,
// 2 OCR"). Nothing is written when the stream is not a terminal, so pipes and logs stay clean.
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export class Progress {
  private shown = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly enabled = Boolean(stream.isTTY),
  ) {}

  /** The page just read of document `index` (from 0) of `count`. */
  page(index: number, count: number, name: string, done: number, total: number, ocrPages: number): void {
    const prefix = `[${index + 1}/${count}] `;
    const suffix = `  page ${done}/${total}${ocrPages ? `, ${ocrPages} OCR` : ''}`;
    // A long path is cut at its start: the file name and the page count are what matter.
    const room = this.width - prefix.length - suffix.length;
    const shown = name.length > room ? '…' + name.slice(name.length - Math.max(1, room - 1)) : name;
    this.show(prefix + shown + suffix);
  }

  /** A document is finished: its line stays (the next one is written below it). */
  finished(index: number, count: number, name: string, summary: string): void {
    if (!this.enabled) return;
    this.clear();
    this.stream.write(`[${index + 1}/${count}] ${name}  ${summary}\n`);
  }

  clear(): void {
    if (!this.enabled || !this.shown) return;
    this.stream.write('\r\x1b[2K');
    this.shown = false;
  }

  /** Columns available: one less than the terminal's, so the cursor never wraps to a new line. */
  private get width(): number {
    return Math.max(20, (this.stream.columns || 80) - 1);
  }

  private show(line: string): void {
    if (!this.enabled) return;
    this.stream.write(`\r\x1b[2K${line.length > this.width ? line.slice(0, this.width - 1) + '…' : line}`);
    this.shown = true;
  }
}
