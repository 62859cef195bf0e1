// Quire's version, from package.json (two folders up from both src/api and dist/api).
import { createRequire } from 'node:module';

export const VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
