// The playground at `/`: plain static files (src/api/playground/, no build step) and the browser
// builds of the libraries it uses, served from their npm packages (no CDN): markdown-it and
// DOMPurify for the Markdown, KaTeX for the math, PDFium (WebAssembly, the engine's own
// renderer) to draw the pages the blocks are laid over.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The playground's files; `../../` is the package root from both src/api and dist/api. */
const PLAYGROUND_DIR = fileURLToPath(new URL('../../src/api/playground/', import.meta.url));

/** URL prefix → the npm package and its folder of browser files served there. */
const VENDOR: Record<string, { pkg: string; folder: string }> = {
  '/vendor/markdown-it/': { pkg: 'markdown-it', folder: 'dist/browser' },
  '/vendor/dompurify/': { pkg: 'dompurify', folder: 'dist' },
  '/vendor/katex/': { pkg: 'katex', folder: 'dist' },
  '/vendor/pdfium/': { pkg: '@embedpdf/pdfium', folder: 'dist' },
};

/**
 * The page runs only its own scripts and talks only to this server; the KaTeX output uses
 * inline styles, PDFium is WebAssembly.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export async function registerPlayground(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: PLAYGROUND_DIR,
    prefix: '/',
    wildcard: false,
    index: 'index.html',
    setHeaders: (reply) => void reply.header('Content-Security-Policy', CSP),
  });
  const require = createRequire(import.meta.url);
  for (const [prefix, { pkg, folder }] of Object.entries(VENDOR)) {
    await app.register(fastifyStatic, { root: join(packageRoot(require.resolve(pkg), pkg), folder), prefix, wildcard: false, decorateReply: false });
  }
}

/** The folder of package `name`, from the path of its main file (not every package exports package.json). */
function packageRoot(mainFile: string, name: string): string {
  const marker = join('node_modules', name);
  const at = mainFile.lastIndexOf(marker);
  if (at < 0) throw new Error(`cannot find the folder of ${name} from ${mainFile}`);
  return mainFile.slice(0, at + marker.length);
}
