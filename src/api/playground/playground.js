// The playground: sends a document to POST /v1/parser/parse with the key typed in, then shows the
// Markdown (rendered, with KaTeX math), its source, the JSON, and every page with its blocks drawn
// over it, coloured by type. Plain browser JavaScript, no build step; the libraries are the npm
// packages' browser files, served by this server under /vendor/.
import { renderMarkdown } from '/markdown.js';
import { init as initPdfium } from '/vendor/pdfium/index.browser.js';

const $ = (id) => document.getElementById(id);
const KEY_STORAGE = 'quire-playground-key';
/** Pages are drawn at this many CSS pixels wide (times the screen's pixel ratio). */
const PAGE_WIDTH_PX = 900;
const PALETTE = ['#2f6fed', '#d9480f', '#2b8a3e', '#ae3ec9', '#e8590c', '#0b7285', '#c2255c', '#5f3dc4', '#862e9c', '#087f5b', '#e67700', '#495057', '#a61e4d', '#364fc7', '#5c940d'];
const UNKNOWN_COLOUR = '#868e96';

let colours = new Map();
let pdfiumLoading;

start();

function start() {
  const saved = localStorage.getItem(KEY_STORAGE);
  if (saved) {
    $('key').value = saved;
    $('remember').checked = true;
  }
  loadBlockTypes();
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer.files.length) $('file').files = e.dataTransfer.files;
    showChosenFile();
  });
  $('file').addEventListener('change', showChosenFile);
  $('parse-form').addEventListener('submit', (e) => {
    e.preventDefault();
    parse();
  });
  for (const tab of document.querySelectorAll('[data-tab]')) tab.addEventListener('click', () => showTab(tab.dataset.tab));
}

/** The block types and their colours come from the API's own description of a block. */
async function loadBlockTypes() {
  let types = [];
  try {
    const doc = await (await fetch('/openapi.json')).json();
    types = doc.components.schemas.ContentBlock.properties.type.enum ?? [];
  } catch {
    // Without the document every block is drawn in the neutral colour.
  }
  colours = new Map(types.map((t, i) => [t, PALETTE[i % PALETTE.length]]));
  $('legend').replaceChildren(
    ...types.map((t) => {
      const span = document.createElement('span');
      span.textContent = t;
      span.style.setProperty('--c', colours.get(t));
      return span;
    }),
  );
}

function showChosenFile() {
  const file = $('file').files[0];
  $('drop-text').textContent = file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'Drop a PDF, PNG or JPEG here, or click to choose one';
}

function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', isError);
}

async function parse() {
  const key = $('key').value.trim();
  const file = $('file').files[0];
  if (!key || !file) return setStatus('Enter an API key and choose a file.', true);
  if ($('remember').checked) localStorage.setItem(KEY_STORAGE, key);
  else localStorage.removeItem(KEY_STORAGE);

  const form = new FormData();
  form.append('file', file, file.name);
  $('parse').disabled = true;
  const started = performance.now();
  const ticker = setInterval(() => setStatus(`Parsing ${file.name}… ${((performance.now() - started) / 1000).toFixed(0)} s`), 1000);
  setStatus(`Parsing ${file.name}…`);
  try {
    const res = await fetch('/v1/parser/parse', { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    const requestId = res.headers.get('x-request-id');
    const body = await res.json().catch(() => ({ detail: `the server answered ${res.status} without JSON` }));
    clearInterval(ticker);
    if (!res.ok) {
      const retry = res.headers.get('retry-after');
      return setStatus(`${res.status}: ${body.detail}${retry ? ` (retry in ${retry} s)` : ''} — request ${requestId}`, true);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    setStatus(`${file.name}: ${body.page_count} page${body.page_count === 1 ? '' : 's'}, ${body.content_list.length} blocks in ${seconds} s — request ${requestId}`);
    await showResult(file, body);
  } catch (e) {
    setStatus(`Could not parse: ${e.message}`, true);
  } finally {
    clearInterval(ticker);
    $('parse').disabled = false;
  }
}

async function showResult(file, result) {
  $('result').hidden = false;
  $('rendered').innerHTML = renderMarkdown(result.markdown);
  $('source').textContent = result.markdown;
  $('json').textContent = JSON.stringify(result, null, 2);
  const pages = await pageImages(file, result.page_count);
  $('pages').replaceChildren(...pages.map((image, i) => pageWithBlocks(image, i, result.content_list)));
}

function showTab(name) {
  for (const tab of document.querySelectorAll('[data-tab]')) tab.setAttribute('aria-selected', String(tab.dataset.tab === name));
  for (const id of ['rendered', 'source', 'json']) $(id).hidden = id !== name;
}

/** One image per page: a PDF's pages drawn by PDFium, or the image itself. */
async function pageImages(file, pageCount) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isPdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF
  if (!isPdf) {
    const img = new Image();
    img.src = URL.createObjectURL(file);
    img.alt = file.name;
    await img.decode().catch(() => {});
    return [img];
  }
  const pdfium = await loadPdfium();
  return renderPdfPages(pdfium, bytes, pageCount);
}

function loadPdfium() {
  pdfiumLoading ??= (async () => {
    const wasmBinary = await (await fetch('/vendor/pdfium/pdfium.wasm')).arrayBuffer();
    const pdfium = await initPdfium({ wasmBinary });
    pdfium.PDFiumExt_Init();
    return pdfium;
  })();
  return pdfiumLoading;
}

const FPDF_ANNOT = 0x01;
const FPDF_REVERSE_BYTE_ORDER = 0x10; // RGBA in memory, as ImageData wants it
const FPDFBitmap_BGRA = 4;

function renderPdfPages(pdfium, bytes, pageCount) {
  const { malloc, free } = pdfium.pdfium.wasmExports;
  const heap = () => pdfium.pdfium.HEAPU8;
  const ptr = malloc(bytes.length);
  heap().set(bytes, ptr);
  const doc = pdfium.FPDF_LoadMemDocument(ptr, bytes.length, '');
  const canvases = [];
  try {
    if (!doc) throw new Error('the browser could not open this PDF to draw its pages');
    const count = Math.min(pageCount, pdfium.FPDF_GetPageCount(doc));
    for (let i = 0; i < count; i++) {
      const page = pdfium.FPDF_LoadPage(doc, i);
      try {
        // Width and height of the page as displayed (after /Rotate), like the blocks' bbox.
        const scale = (PAGE_WIDTH_PX * (window.devicePixelRatio || 1)) / pdfium.FPDF_GetPageWidthF(page);
        const width = Math.round(pdfium.FPDF_GetPageWidthF(page) * scale);
        const height = Math.round(pdfium.FPDF_GetPageHeightF(page) * scale);
        const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, FPDFBitmap_BGRA, 0, 0);
        try {
          pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
          pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER);
          const start = pdfium.FPDFBitmap_GetBuffer(bitmap);
          const stride = pdfium.FPDFBitmap_GetStride(bitmap);
          const pixels = new ImageData(width, height);
          for (let y = 0; y < height; y++) pixels.data.set(heap().subarray(start + y * stride, start + y * stride + width * 4), y * width * 4);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d').putImageData(pixels, 0, 0);
          canvases.push(canvas);
        } finally {
          pdfium.FPDFBitmap_Destroy(bitmap);
        }
      } finally {
        pdfium.FPDF_ClosePage(page);
      }
    }
  } finally {
    if (doc) pdfium.FPDF_CloseDocument(doc);
    free(ptr);
  }
  return canvases;
}

/** A page with a box per block: bbox is 0–1000 of the page's width and height, so percentages. */
function pageWithBlocks(image, pageIdx, blocks) {
  const page = document.createElement('div');
  page.className = 'page';
  page.dataset.page = String(pageIdx);
  const label = document.createElement('span');
  label.className = 'page-label';
  label.textContent = `page ${pageIdx + 1}`;
  page.append(image, label);
  for (const block of blocks) {
    if (block.page_idx !== pageIdx || !block.bbox) continue;
    const [x0, y0, x1, y1] = block.bbox;
    const box = document.createElement('div');
    box.className = 'box';
    box.dataset.type = block.type;
    box.style.cssText = `left:${x0 / 10}%;top:${y0 / 10}%;width:${(x1 - x0) / 10}%;height:${(y1 - y0) / 10}%`;
    box.style.setProperty('--c', colours.get(block.type) ?? UNKNOWN_COLOUR);
    const tag = document.createElement('span');
    tag.textContent = block.type;
    box.append(tag);
    box.addEventListener('mouseenter', () => showBlock(block, box));
    box.addEventListener('mouseleave', () => hideBlock(box));
    page.append(box);
  }
  return page;
}

/** The hovered block: its type, page, box and whichever content fields it has. */
function showBlock(block, box) {
  box.classList.add('active');
  const panel = $('block');
  panel.style.setProperty('--c', colours.get(block.type) ?? UNKNOWN_COLOUR);
  const title = document.createElement('strong');
  title.textContent = `${block.type}${block.sub_type ? ` (${block.sub_type})` : ''} — page ${block.page_idx + 1}, bbox [${block.bbox.join(', ')}]`;
  const shown = Object.fromEntries(Object.entries(block).filter(([k, v]) => v !== null && !['type', 'page_idx', 'bbox', 'sub_type'].includes(k)));
  const body = document.createElement('pre');
  body.textContent = Object.entries(shown)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.map((item) => `\n  • ${item}`).join('') : v}`)
    .join('\n');
  panel.replaceChildren(title, body);
  panel.hidden = false;
}

function hideBlock(box) {
  box.classList.remove('active');
  $('block').hidden = true;
}
