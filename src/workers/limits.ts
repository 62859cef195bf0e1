// Memory limits of a worker process (configurable: QUIRE_WORKER_MAX_MB, QUIRE_WORKER_RECYCLE_MB).

/** Hard cap, generous for a 50-page scan (peak ~0.8 GB) and a 100-megapixel image (~1.4 GB). */
export const DEFAULT_MAX_MEMORY_MB = 2048;
/** An idle worker with the OCR models loaded holds ~0.5 GB; above twice that it is replaced. */
export const DEFAULT_RECYCLE_MEMORY_MB = 1024;
