// The progress line of `quire parse` and the glob patterns it expands.
import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../src/cli/inputs.js';
import { Progress } from '../src/cli/progress.js';

function terminal(columns = 80, isTTY = true) {
  const written: string[] = [];
  return { stream: { isTTY, columns, write: (t: string) => written.push(t) }, written };
}

describe('Progress', () => {
  it('rewrites one line in place and leaves a line per finished document', () => {
    const { stream, written } = terminal();
    const progress = new Progress(stream);
    progress.page(0, 2, 'a.pdf', 1, 3, 0);
    progress.page(0, 2, 'a.pdf', 2, 3, 1);
    progress.finished(0, 2, 'a.pdf', '3 pages in 1.0 s');
    progress.clear();
    expect(written).toEqual(['\r\x1b[2K[1/2] a.pdf  page 1/3', '\r\x1b[2K[1/2] a.pdf  page 2/3, 1 OCR', '\r\x1b[2K', '[1/2] a.pdf  3 pages in 1.0 s\n']);
  });

  it('cuts a long path at its start so the line fits the terminal', () => {
    const { stream, written } = terminal(40);
    new Progress(stream).page(4, 10, '/very/long/folder/name/and/the/report.pdf', 7, 12, 0);
    const line = written[0]!.replace('\r\x1b[2K', '');
    expect(line.length).toBeLessThanOrEqual(39);
    expect(line).toMatch(/^\[5\/10\] ….*report\.pdf  page 7\/12$/);
  });

  it('writes nothing when the stream is not a terminal', () => {
    const { stream, written } = terminal(80, false);
    const progress = new Progress(stream);
    progress.page(0, 1, 'a.pdf', 1, 1, 0);
    progress.finished(0, 1, 'a.pdf', 'done');
    progress.clear();
    expect(written).toEqual([]);
  });
});

describe('globToRegExp', () => {
  it('matches *, ?, [classes] within a folder and ** across folders', () => {
    const matches = (pattern: string, path: string) => globToRegExp(pattern).test(path);
    expect(matches('*.pdf', 'a.pdf')).toBe(true);
    expect(matches('*.pdf', 'sub/a.pdf')).toBe(false);
    expect(matches('**/*.pdf', 'a.pdf')).toBe(true);
    expect(matches('**/*.pdf', 'x/y/a.pdf')).toBe(true);
    expect(matches('scan-?.png', 'scan-1.png')).toBe(true);
    expect(matches('scan-?.png', 'scan-12.png')).toBe(false);
    expect(matches('[ab].pdf', 'b.pdf')).toBe(true);
    expect(matches('[!ab].pdf', 'b.pdf')).toBe(false);
    expect(matches('a+b(1).pdf', 'a+b(1).pdf')).toBe(true);
  });
});
