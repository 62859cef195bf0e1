// The built-in document a worker parses when it starts (its self-test, which /readyz relies on),
// and the small PDF writer that makes it.

/** One PDF object: a dictionary or other value, or a stream (its dictionary gets /Length). */
export type PdfObject = string | { dict: string; data: Uint8Array | string };

/**
 * Writes a PDF from its objects, numbered from 1 in order, with a correct cross-reference table;
 * object 1 is the catalog. Small enough to read: used for the self-test document and for tests
 * that need hand-made (and deliberately broken) PDFs.
 */
export function buildPdf(objects: PdfObject[], options: { xref?: boolean } = {}): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
      return;
    }
    const data = typeof object.data === 'string' ? Buffer.from(object.data, 'latin1') : Buffer.from(object.data);
    push(Buffer.from(`${i + 1} 0 obj\n<< ${object.dict} /Length ${data.length} >>\nstream\n`, 'latin1'));
    push(data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  if (options.xref !== false) {
    const xref = length;
    let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) table += `${String(offset).padStart(10, '0')} 00000 n \n`;
    push(Buffer.from(`${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  } else {
    push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n%%EOF\n`, 'latin1'));
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export const SELF_TEST_TEXT = 'Quire self-test';

/** One Letter page with one line of Helvetica text. */
export const SELF_TEST_PDF = buildPdf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  { dict: '', data: `BT /F1 14 Tf 72 700 Td (${SELF_TEST_TEXT}) Tj ET` },
]);
