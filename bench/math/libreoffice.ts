import type { FontSetup } from './setups.js';
import type { DocumentTruth } from './truth.js';
export async function libreOfficeDocument(_dir: string, setup: FontSetup, seed: number): Promise<DocumentTruth | string> {
  return `${setup.name}-${seed}: not yet`;
}
