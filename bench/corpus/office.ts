import type { Content } from './random.js';
import { Registry } from './spec.js';
export function officeDocument(_f: string, _c: Content, _p: number, _d: string): { source: (truth: boolean) => string; reg: Registry } { throw new Error('todo'); }
export async function convertOffice(_d: string, _n: string, _s: string): Promise<Uint8Array> { throw new Error('todo'); }
