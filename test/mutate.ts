// Seeded mutations of documents, for the fuzz test: the same seed gives the same files.

/** mulberry32: a small seeded generator, so the same mutations are sent every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** PDF tokens whose values matter most to a reader: counts, lengths, references, filters. */
const PDF_TOKENS = ['/Count ', '/Length ', ' 0 R', '/Kids [', '/Filter', '/Type /Page', 'obj', 'endobj', 'stream', 'xref', 'trailer', 'startxref', '/MediaBox ['];
const NASTY_VALUES = ['0', '-1', '99999999', '4294967296', '1e308', '3 0 R', '2 0 R', '[', '<<', '>>', '/FlateDecode', ''];

/** One mutation of `seed`: bit flips, overwritten runs, truncation, splices, or a PDF token's value changed. */
export function mutate(seed: Uint8Array, next: () => number): Uint8Array {
  const bytes = Buffer.from(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const kind = pick(6);
  if (kind === 0) {
    for (let i = 0, n = 1 + pick(8); i < n; i++) {
      const at = pick(bytes.length);
      bytes[at] = bytes[at]! ^ (1 << pick(8));
    }
    return bytes;
  }
  if (kind === 1) {
    const at = pick(bytes.length);
    for (let i = at, end = Math.min(bytes.length, at + 1 + pick(64)); i < end; i++) bytes[i] = pick(256);
    return bytes;
  }
  if (kind === 2) return bytes.subarray(0, 1 + pick(bytes.length - 1));
  if (kind === 3) {
    // A piece of the file copied elsewhere (repeated objects, duplicated chunks).
    const from = pick(bytes.length);
    const piece = bytes.subarray(from, from + 1 + pick(512));
    const at = pick(bytes.length);
    return Buffer.concat([bytes.subarray(0, at), piece, bytes.subarray(at)]);
  }
  if (kind === 4 && bytes.toString('latin1', 0, 5) === '%PDF-') {
    const text = bytes.toString('latin1');
    const token = PDF_TOKENS[pick(PDF_TOKENS.length)]!;
    const at = text.indexOf(token, pick(text.length));
    if (at >= 0) {
      const value = NASTY_VALUES[pick(NASTY_VALUES.length)]!;
      const end = at + token.length;
      return Buffer.from(text.slice(0, end) + value + text.slice(end + pick(12)), 'latin1');
    }
  }
  // A run of bytes removed.
  const at = pick(bytes.length);
  return Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + 1 + pick(256)))]);
}

