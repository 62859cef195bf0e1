// Loads PDFium (WebAssembly build of @embedpdf/pdfium) once per thread, from the .wasm file
// shipped inside node_modules (the package's README fetches it from a CDN; we never do).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

export type Pdfium = WrappedPdfiumModule;

/** The WASM heap as bytes (the typings omit Emscripten's HEAPU8, which the module does export). */
export function heapU8(pdfium: Pdfium): Uint8Array {
  return (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;
}

let loading: Promise<Pdfium> | undefined;

export function loadPdfium(): Promise<Pdfium> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmBinary = readFileSync(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
    const pdfium = await init({ wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer });
    pdfium.PDFiumExt_Init();
    return pdfium;
  })();
  return loading;
}

/** FPDF_GetLastError codes. */
export const PdfiumError = {
  SUCCESS: 0,
  UNKNOWN: 1,
  FILE: 2,
  FORMAT: 3,
  PASSWORD: 4,
  SECURITY: 5,
  PAGE: 6,
} as const;

export class PdfOpenError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'PdfOpenError';
  }
}

/** An open PDF document; the bytes stay in WASM memory until close(). */
export class PdfDocument {
  private constructor(
    readonly pdfium: Pdfium,
    readonly handle: number,
    private readonly dataPtr: number,
  ) {}

  static open(pdfium: Pdfium, bytes: Uint8Array): PdfDocument {
    const ptr = pdfium.pdfium.wasmExports.malloc(bytes.length);
    if (!ptr) throw new PdfOpenError('not enough memory to open the PDF', PdfiumError.UNKNOWN);
    heapU8(pdfium).set(bytes, ptr);
    const handle = pdfium.FPDF_LoadMemDocument(ptr, bytes.length, '');
    if (!handle) {
      const code = pdfium.FPDF_GetLastError();
      pdfium.pdfium.wasmExports.free(ptr);
      const reason =
        code === PdfiumError.PASSWORD
          ? 'the PDF is encrypted and needs a password'
          : code === PdfiumError.SECURITY
            ? 'the PDF uses an unsupported security handler'
            : 'the file is not a readable PDF';
      throw new PdfOpenError(reason, code);
    }
    return new PdfDocument(pdfium, handle, ptr);
  }

  get pageCount(): number {
    return this.pdfium.FPDF_GetPageCount(this.handle);
  }

  /** Whether page `index` can be found in the page tree (its dictionary only: contents are not read). */
  hasPage(index: number): boolean {
    const { wasmExports } = this.pdfium.pdfium;
    const size = wasmExports.malloc(8);
    try {
      return Boolean(this.pdfium.FPDF_GetPageSizeByIndexF(this.handle, index, size));
    } finally {
      wasmExports.free(size);
    }
  }

  close(): void {
    this.pdfium.FPDF_CloseDocument(this.handle);
    this.pdfium.pdfium.wasmExports.free(this.dataPtr);
  }
}

/** An RGB raster: 3 bytes per pixel, row-major, no padding. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const FPDF_ANNOT = 0x01;
const FPDFBitmap_BGRx = 3;

/**
 * Renders one page at `dpi` in its displayed orientation (after /Rotate), on white.
 * The pixel count is capped (`maxPixels`) so that absurd page sizes cannot exhaust memory.
 */
export function renderPage(doc: PdfDocument, pageIndex: number, dpi: number, maxPixels = 40_000_000): RgbImage {
  const { pdfium } = doc;
  const page = pdfium.FPDF_LoadPage(doc.handle, pageIndex);
  if (!page) throw new Error(`cannot load page ${pageIndex + 1}`);
  try {
    // FPDF_GetPageWidthF/HeightF already account for /Rotate.
    const widthPt = pdfium.FPDF_GetPageWidthF(page);
    const heightPt = pdfium.FPDF_GetPageHeightF(page);
    let scale = dpi / 72;
    const pixels = widthPt * scale * heightPt * scale;
    if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
    const width = Math.max(1, Math.round(widthPt * scale));
    const height = Math.max(1, Math.round(heightPt * scale));
    const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, FPDFBitmap_BGRx, 0, 0);
    if (!bitmap) throw new Error('not enough memory to render the page');
    try {
      pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT);
      const stride = pdfium.FPDFBitmap_GetStride(bitmap);
      const buffer = pdfium.FPDFBitmap_GetBuffer(bitmap);
      const heap = heapU8(pdfium);
      const data = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++) {
        let src = buffer + y * stride;
        let dst = y * width * 3;
        for (let x = 0; x < width; x++, src += 4, dst += 3) {
          data[dst] = heap[src + 2]!;
          data[dst + 1] = heap[src + 1]!;
          data[dst + 2] = heap[src]!;
        }
      }
      return { width, height, data };
    } finally {
      pdfium.FPDFBitmap_Destroy(bitmap);
    }
  } finally {
    pdfium.FPDF_ClosePage(page);
  }
}
