// A small seeded random generator and the filler text the generated documents are written in.

const WORDS = (
  'analysis budget customer delivery evidence framework governance hypothesis inventory ' +
  'knowledge language measurement network operation performance quality research strategy ' +
  'technology understanding validation workflow accuracy baseline capacity document extraction ' +
  'feature generation history interface judgment layout method notebook outcome pipeline ' +
  'question reading section table update version window yearly zone the of and to in for with ' +
  'on by from that this are was is as at be it an or'
).split(' ');

export class Random {
  constructor(private seed: number) {}
  next(): number {
    this.seed = (this.seed * 1103515245 + 12345) >>> 0;
    return this.seed / 2 ** 32;
  }
  pick<T>(items: T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  sentence(words: number): string {
    const w = Array.from({ length: words }, () => this.pick(WORDS));
    return w[0]![0]!.toUpperCase() + w.join(' ').slice(1) + '.';
  }
  paragraph(sentences: number): string {
    return Array.from({ length: sentences }, () => this.sentence(8 + Math.floor(this.next() * 8))).join(' ');
  }
}
