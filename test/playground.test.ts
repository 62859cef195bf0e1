// The playground end to end in headless Chromium (Debian's `chromium`, driven by playwright-core):
// paste a key, upload a generated PDF, see the Markdown rendered (a heading, a table, KaTeX math),
// and the pages drawn with a box per block. The screenshot is kept in test/artifacts/.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, reportPage } from './fixtures.js';
import { startServer, type TestServer } from './helpers.js';
import { drawnPdf, drawTable, drawTexts } from './table-fixtures.js';

const CHROMIUM = process.env.QUIRE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, 'artifacts');
const found = existsSync(CHROMIUM);
if (!found) {
  console.warn(`\n*** playground test NOT RUN: Chromium not found at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` (.ci/run does). ***\n`);
}

let server: TestServer;
let browser: Browser;
let key: string;

beforeAll(async () => {
  if (!found) return;
  server = await startServer({ rateLimit: 100 });
  const org = await server.store.createOrganization('playground', 10);
  key = (await server.store.createKey(org.id)).key;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(!found)(`playground in Chromium (${CHROMIUM})`, () => {
  it('uploads a PDF, renders its Markdown with a table, and draws a box per block over every page', async () => {
    const pdf = await makePdf([reportPage(1, 'Playground Report'), reportPage(2, 'Second Section')]);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
    page.on('request', (r) => void (!r.url().startsWith(server.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:') && problems.push(`outside request: ${r.url()}`)));

    await page.goto(server.url);
    await page.fill('#key', key);
    await page.setInputFiles('#file', { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await page.click('#parse');
    await page.waitForSelector('#rendered h1', { timeout: 60_000 });
    expect(await page.textContent('#rendered h1')).toBe('Playground Report');
    expect(await page.textContent('#rendered')).toContain('First item of the list');
    expect(await page.textContent('#status')).toMatch(/2 pages, \d+ blocks/);

    await page.waitForSelector('.page canvas');
    expect(await page.locator('.page').count()).toBe(2);
    const boxes = page.locator('.page .box');
    expect(await boxes.count()).toBeGreaterThan(5);
    // The page is really drawn: the canvas has dark (text) pixels, not only white.
    const inked = await page.evaluate(() => {
      const canvas = document.querySelector('.page canvas') as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(1000);
    // The boxes are coloured by type, with a legend built from the OpenAPI type enum.
    expect(await page.locator('.legend span').count()).toBeGreaterThanOrEqual(10);
    const types = await boxes.evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).dataset.type))]);
    expect(types).toEqual(expect.arrayContaining(['text', 'list', 'header']));

    // Hovering a box shows that block.
    await boxes.first().hover();
    await page.waitForSelector('#block:not([hidden])');
    expect(await page.textContent('#block')).toMatch(/page 1/);

    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'playground.png'), await page.screenshot({ fullPage: false }));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders a table as a table and display math with KaTeX, and shows the error detail on a refusal', async () => {
    const drawn = await drawnPdf([
      (c) => {
        drawTexts(c, [{ text: 'Results', x: 72, y: 80, size: 16 }]);
        drawTable(c, { x: 72, top: 100, colWidths: [120, 80, 80], rows: [['Name', 'Q1', 'Q2'], ['Alpha', '1.0', '2.0'], ['Beta', '3.5', '4.5']], rules: 'lines' });
      },
    ]);
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.fill('#key', key);
    await page.setInputFiles('#file', { name: 'table.pdf', mimeType: 'application/pdf', buffer: Buffer.from(drawn) });
    await page.click('#parse');
    await page.waitForSelector('#rendered table', { timeout: 60_000 });
    expect(await page.locator('#rendered table td').count()).toBeGreaterThanOrEqual(9);
    await page.waitForSelector('.page .box');
    expect(await page.locator('.box[data-type="table"]').count()).toBe(1);

    // The Markdown renderer itself: display and inline math typeset by KaTeX, LaTeX underscores
    // not read as emphasis, prices not read as math, markup in the document's text made harmless.
    const markdown = 'Costs $5 and $10.\n\n$$\\sum_{i=1}^{n} a_i x_i \\tag{1}$$\n\nInline $x_1$ here.\n\n<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';
    // A string, so that the test runner does not rewrite the browser's import().
    const html = (await page.evaluate(`import('/markdown.js').then((m) => m.renderMarkdown(${JSON.stringify(markdown)}))`)) as string;
    expect(html).toContain('class="katex-display"');
    expect((html.match(/class="katex"/g) ?? []).length).toBe(2);
    expect(html).toContain('Costs $5 and $10.');
    expect(html).not.toContain('<em>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');

    await page.fill('#key', 'qk_wrong');
    await page.click('#parse');
    await page.waitForSelector('#status.error');
    expect(await page.textContent('#status')).toMatch(/^401: .*request [0-9a-f-]{36}/);
    await page.close();
  });

  it('shows the API reference at /docs with nothing fetched from elsewhere', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (r) => void (!r.url().startsWith(server.url) && !r.url().startsWith('data:') && outside.push(r.url())));
    await page.goto(`${server.url}/docs`);
    await page.waitForSelector('.swagger-ui .opblock-summary', { timeout: 30_000 });
    expect(await page.textContent('.swagger-ui .info .title')).toContain('Quire document parsing API');
    expect(await page.textContent('.opblock-summary')).toContain('/v1/parser/parse');
    const csp = (await page.request.get(`${server.url}/docs/static/index.html`)).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(outside).toEqual([]);
    await page.close();
  });
});
