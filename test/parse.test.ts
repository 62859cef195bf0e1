import { describe, expect, it } from 'vitest';
import { parseDocument, parseWithDetails, renderTrace } from '../src/engine/index.js';
import { STAGES } from '../src/engine/pipeline/pipeline.js';
import { BODY, makePdf, reportPage, twoColumnPage } from './fixtures.js';

const noOcr = () => Promise.reject(new Error('no OCR expected'));

describe('parseDocument', () => {
  it('reports each page as it is read', async () => {
    const pdf = await makePdf([reportPage(1, 'One'), reportPage(2, 'Two'), reportPage(3, 'Three')]);
    const seen: [number, number][] = [];
    const result = await parseDocument(pdf, { maxPages: 50, ocr: noOcr, onPage: (done, total) => seen.push([done, total]) });
    expect(result.page_count).toBe(3);
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('stops between pages when its signal is aborted, with the signal’s reason', async () => {
    const pdf = await makePdf([reportPage(1, 'One'), reportPage(2, 'Two'), reportPage(3, 'Three')]);
    const controller = new AbortController();
    const seen: number[] = [];
    const parse = parseDocument(pdf, {
      maxPages: 50,
      ocr: noOcr,
      signal: controller.signal,
      onPage: (done) => {
        seen.push(done);
        if (done === 1) controller.abort(new Error('client went away'));
      },
    });
    await expect(parse).rejects.toThrow('client went away');
    expect(seen).toEqual([1]);
  });
});

describe('fault isolation', () => {
  const boom = () => {
    throw new Error('injected failure');
  };

  it('parses the document when a detector throws, with its lines as plain text, and records the failure', async () => {
    const pdf = await makePdf([reportPage(1, 'One'), reportPage(2, 'Two')]);
    const normal = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr });
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr, stages: { ...STAGES, furniture: boom, ruledTables: boom, equations: boom } });
    expect(details.failures.map((f) => f.stage).sort()).toEqual(['equations', 'equations', 'furniture', 'ruled-tables', 'ruled-tables']);
    expect(details.failures[0]!.message).toBe('injected failure');
    // Without furniture detection the running header reaches the classifier, which types it
    // itself (its text recurs at the top of each page): a block, not lost; the body is unchanged.
    const header = details.blocks.filter((b) => b.type === 'header' || b.type === 'text').find((b) => 'text' in b && b.text === 'Quire Technical Report');
    expect(header).toBeDefined();
    expect(header!.trace.some((t) => t.stage === 'classify')).toBe(true);
    expect(details.result.markdown).toContain(BODY[0]);
    expect(normal.result.markdown).not.toContain('Quire Technical Report');
    expect(normal.failures).toEqual([]);
  });

  it('falls back to reading the page top to bottom when the reading order throws', async () => {
    const pdf = await makePdf([reportPage(1, 'One')]);
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr, stages: { ...STAGES, order: boom, classify: boom, place: boom } });
    expect(details.failures.map((f) => f.stage)).toEqual(['order', 'classify', 'floats']);
    expect(details.result.content_list.filter((b) => b.type === 'text').map((b) => b.text)).toContain('One');
    expect(details.result.markdown).toContain(BODY[1]);
  });

  it('names a rule for every block in the trace', async () => {
    const pdf = await makePdf([reportPage(1, 'One'), twoColumnPage()]);
    const details = await parseWithDetails(pdf, { maxPages: 50, ocr: noOcr });
    expect(details.blocks.length).toBeGreaterThan(5);
    for (const block of details.blocks) expect(block.trace.length, block.type).toBeGreaterThan(0);
    const trace = renderTrace(details.blocks, details.failures);
    expect(trace).toMatch(/furniture: page_number\./);
    expect(trace).toMatch(/classify: title\./);
    expect(trace).toMatch(/column 1\/2/);
  });
});
