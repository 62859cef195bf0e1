// The OCR engine a benchmark creates only when a document first needs it (most are born-digital),
// once, and releases at the end if it was created.
export interface LazyOcr<E> {
  /** The engine, created on the first call. */
  engine: () => Promise<E>;
  /** Releases the engine if it was created. */
  release: () => Promise<void>;
}

export function lazyOcr<E extends { release(): Promise<void> }>(create: () => Promise<E>): LazyOcr<E> {
  let made: Promise<E> | undefined;
  return {
    engine: () => (made ??= create()),
    release: async () => {
      if (made) await (await made).release();
      made = undefined;
    },
  };
}
