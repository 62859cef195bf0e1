// Seeded randomness and real-looking content: sentences from domain vocabularies (laboratory
// science, finance, engineering, law, software, public health), names, dates, amounts, and
// passages in other Latin-script languages with their diacritics. Everything is reproducible
// from the seed.

/** Mulberry32: small, fast, good enough for layout and content choices. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = (seed * 2654435761 + 0x9e3779b9) >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** `n` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
}

interface Domain {
  nouns: string[];
  verbs: string[];
  adjectives: string[];
  /** Section and table vocabulary. */
  topics: string[];
  units: string[];
}

const DOMAINS: Record<string, Domain> = {
  lab: {
    nouns: ['sample', 'buffer', 'assay', 'reagent', 'protocol', 'incubation', 'centrifugation', 'specimen', 'culture', 'antibody', 'enzyme', 'substrate', 'absorbance', 'concentration', 'supernatant', 'pellet', 'plasmid', 'sequence', 'cohort', 'control group', 'calibration curve', 'extraction', 'chromatography', 'spectrum'],
    verbs: ['was incubated', 'was measured', 'increased', 'decreased', 'was diluted', 'was quantified', 'remained stable', 'was normalized', 'was resuspended', 'was filtered', 'showed', 'correlated with'],
    adjectives: ['purified', 'recombinant', 'significant', 'triplicate', 'baseline', 'aqueous', 'frozen', 'sterile', 'fluorescent', 'relative', 'mean', 'residual'],
    topics: ['Chemicals and reagents', 'Sample preparation', 'Cell culture', 'Statistical analysis', 'Western blotting', 'Data acquisition', 'Study population', 'Enzyme kinetics', 'Quality control', 'Limitations', 'Ethics statement', 'Instrumentation'],
    units: ['mg/mL', 'µL', 'mM', '°C', 'nm', 'min', '%', 'h', 'rpm', 'kDa'],
  },
  finance: {
    nouns: ['revenue', 'margin', 'liquidity', 'portfolio', 'dividend', 'forecast', 'balance sheet', 'operating cost', 'cash flow', 'valuation', 'exposure', 'invoice', 'audit', 'provision', 'budget line', 'depreciation', 'equity', 'tax liability'],
    verbs: ['rose', 'fell', 'was restated', 'was allocated', 'remained flat', 'was recognized', 'exceeded', 'was deferred', 'was hedged', 'offset', 'contributed to', 'was reconciled'],
    adjectives: ['quarterly', 'consolidated', 'net', 'gross', 'adjusted', 'annual', 'fiscal', 'unaudited', 'deferred', 'recurring', 'regional', 'operating'],
    topics: ['Financial highlights', 'Revenue by segment', 'Operating expenses', 'Outlook', 'Risk factors', 'Capital allocation', 'Liquidity and funding', 'Accounting policies', 'Tax matters', 'Subsequent events'],
    units: ['EUR', 'USD', '%', 'bn', 'm', 'k', 'pp'],
  },
  engineering: {
    nouns: ['actuator', 'load case', 'tolerance', 'sensor', 'controller', 'bracket', 'weld seam', 'pressure drop', 'throughput', 'firmware', 'assembly', 'gearbox', 'torque', 'thermal margin', 'vibration mode', 'fatigue life', 'coolant loop', 'test rig'],
    verbs: ['was verified', 'failed', 'passed', 'was calibrated', 'was redesigned', 'exceeded the limit', 'was replaced', 'was inspected', 'drifted', 'stabilized', 'was simulated', 'was logged'],
    adjectives: ['nominal', 'peak', 'redundant', 'axial', 'thermal', 'structural', 'critical', 'modular', 'certified', 'worst-case', 'ambient', 'dynamic'],
    topics: ['Design requirements', 'Test setup', 'Load analysis', 'Failure modes', 'Verification results', 'Maintenance schedule', 'Safety considerations', 'Change history', 'Interfaces', 'Acceptance criteria'],
    units: ['mm', 'kN', 'MPa', 'Hz', 'bar', 'kW', '°C', 'V', 'A', 'ms'],
  },
  law: {
    nouns: ['agreement', 'party', 'clause', 'obligation', 'liability', 'jurisdiction', 'notice', 'indemnity', 'warranty', 'termination', 'licensee', 'confidential information', 'regulation', 'tribunal', 'amendment', 'breach', 'remedy'],
    verbs: ['shall notify', 'may terminate', 'is bound by', 'shall indemnify', 'warrants', 'is entitled to', 'shall not disclose', 'was amended', 'applies to', 'is governed by'],
    adjectives: ['material', 'written', 'reasonable', 'exclusive', 'applicable', 'prior', 'binding', 'effective', 'statutory', 'contractual'],
    topics: ['Definitions', 'Term and termination', 'Confidentiality', 'Limitation of liability', 'Governing law', 'Payment terms', 'Data protection', 'Force majeure', 'Notices', 'Miscellaneous'],
    units: ['days', 'months', '%', 'EUR'],
  },
  software: {
    nouns: ['request', 'latency', 'cache', 'scheduler', 'replica', 'index', 'query planner', 'worker pool', 'parser', 'endpoint', 'migration', 'benchmark', 'dependency', 'thread', 'allocator', 'checkpoint', 'message queue', 'compiler pass'],
    verbs: ['is evicted', 'is retried', 'scales', 'was profiled', 'is serialized', 'blocks', 'is sharded', 'was refactored', 'returns', 'is deprecated', 'times out', 'was merged'],
    adjectives: ['concurrent', 'idempotent', 'asynchronous', 'incremental', 'distributed', 'stateless', 'lazy', 'persistent', 'median', 'tail', 'cold', 'warm'],
    topics: ['Background', 'System design', 'Implementation', 'Evaluation', 'Related work', 'Threats to validity', 'Deployment', 'Performance analysis', 'Future work', 'Conclusion'],
    units: ['ms', 'MB', 'GB', 'req/s', '%', 'µs', 'cores'],
  },
  health: {
    nouns: ['patient', 'clinic', 'vaccination rate', 'admission', 'screening', 'outcome', 'prevalence', 'intervention', 'caregiver', 'district', 'follow-up visit', 'dose', 'symptom', 'survey', 'ward', 'referral'],
    verbs: ['was reported', 'declined', 'improved', 'was enrolled', 'was referred', 'was screened', 'was associated with', 'was discharged', 'was monitored', 'doubled'],
    adjectives: ['rural', 'chronic', 'acute', 'pediatric', 'weekly', 'regional', 'confirmed', 'adjusted', 'eligible', 'community-based'],
    topics: ['Introduction', 'Methods', 'Results', 'Discussion', 'Recommendations', 'Data sources', 'Case definitions', 'Surveillance', 'Funding', 'Acknowledgements'],
    units: ['%', 'per 1,000', 'years', 'days', 'cases'],
  },
};

export const DOMAIN_NAMES = Object.keys(DOMAINS);

const FIRST = ['Anna', 'Jonas', 'Mei', 'Carlos', 'Aisha', 'Lukas', 'Sofia', 'Mateusz', 'Chloé', 'Ömer', 'Kwame', 'Ingrid', 'Rahul', 'Zofia', 'Thomas', 'Léa', 'Björn', 'Ana', 'Nikolai', 'Fatima', 'Jiří', 'Sinéad', 'Pablo', 'Yuki', 'Emeka', 'Margit', 'Dominik', 'Inês', 'Hannah', 'Tomás'];
const LAST = ['Müller', 'García', 'Nowak', 'Okafor', 'Lindqvist', 'Dubois', 'Chen', 'Rossi', 'Novák', 'Yilmaz', 'Fernández', 'Schmidt', 'Kowalczyk', 'Haddad', 'Sørensen', 'Martins', 'Ó Briain', 'Petrov', 'Tanaka', 'Szabó', 'Moreau', 'Ivanova', 'Brennan', 'Øster', 'Lefèvre', 'Castro', 'Wójcik', 'Keller', 'Adeyemi', 'Bianchi'];
const CITIES = ['Lyon', 'Kraków', 'Göteborg', 'Porto', 'Zürich', 'Brno', 'Bilbao', 'Tampere', 'Graz', 'Leuven', 'Aarhus', 'Córdoba', 'Łódź', 'Trondheim', 'Toulouse', 'Münster'];
const ORGS = ['Institute of Applied Sciences', 'Northfield Analytics Ltd.', 'Department of Biochemistry', 'Centre for Public Health', 'Meridian Engineering GmbH', 'Helix Software AS', 'School of Computing', 'Atlantic Logistics S.A.', 'Laboratoire de Physique', 'Harbor Capital Partners'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Sentences in other languages (with their diacritics), for multilingual passages. */
const FOREIGN = [
  'Les résultats préliminaires montrent une amélioration sensible de la qualité des données.',
  'Die Auswertung der Messreihe ergab eine deutliche Abweichung gegenüber dem Vorjahr.',
  'El análisis de los datos confirmó la tendencia observada en el último trimestre.',
  'A análise estatística não revelou diferenças significativas entre os grupos.',
  'Wyniki badań wskazują na wyraźny wzrost wydajności układu chłodzenia.',
  'Výsledky měření potvrdily, že zařízení pracuje v předepsaných mezích.',
  'Ölçüm sonuçları sistemin güvenli sınırlar içinde çalıştığını gösterdi.',
  'Resultaterne viser, at målingerne blev udført korrekt på alle prøver.',
  'Gli esperimenti successivi hanno confermato la stabilità del campione.',
  'Mätningarna visade att temperaturen förblev stabil under hela försöket.',
  'Tulokset osoittavat, että järjestelmän käyttöaste kasvoi selvästi.',
  'Az eredmények alapján a módszer megbízhatósága jelentősen javult.',
  'Rezultati mjerenja pokazuju da je sustav radio unutar zadanih granica.',
  'Niðurstöðurnar sýna að kerfið virkaði eins og til var ætlast.',
];

const CONNECTORS = ['In addition,', 'However,', 'As expected,', 'In contrast,', 'Overall,', 'For this reason,', 'At the same time,', 'Notably,', 'During the review period,', 'Following the update,'];

export class Content {
  readonly domain: Domain;
  constructor(
    readonly rng: Rng,
    domainName?: string,
    /** Chance that a paragraph carries a sentence in another language. */
    private foreign = 0.15,
  ) {
    this.domain = DOMAINS[domainName ?? rng.pick(DOMAIN_NAMES)]!;
  }

  number(): string {
    const r = this.rng;
    const kind = r.int(0, 4);
    if (kind === 0) return String(r.int(2, 99));
    if (kind === 1) return r.range(0.1, 99).toFixed(r.int(1, 2));
    if (kind === 2) return `${r.int(1, 999)},${String(r.int(0, 999)).padStart(3, '0')}`;
    if (kind === 3) return `${r.int(1, 95)}%`;
    return `${r.range(1, 500).toFixed(1)} ${r.pick(this.domain.units)}`;
  }

  name(): string {
    return `${this.rng.pick(FIRST)} ${this.rng.pick(LAST)}`;
  }
  surname(): string {
    return this.rng.pick(LAST);
  }
  initialName(): string {
    return `${this.rng.pick(FIRST)[0]}. ${this.rng.pick(LAST)}`;
  }
  city(): string {
    return this.rng.pick(CITIES);
  }
  org(): string {
    return this.rng.pick(ORGS);
  }
  date(): string {
    const r = this.rng;
    const [d, m, y] = [r.int(1, 28), r.int(0, 11), r.int(2015, 2026)];
    return r.pick([`${d} ${MONTHS[m]} ${y}`, `${MONTHS[m]} ${d}, ${y}`, `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`, `${String(d).padStart(2, '0')}.${String(m + 1).padStart(2, '0')}.${y}`]);
  }
  topic(): string {
    return this.rng.pick(this.domain.topics);
  }
  word(): string {
    return this.rng.pick([...this.domain.nouns, ...this.domain.adjectives]);
  }

  /** A short title-like phrase ("Adjusted cash flow and revenue"). */
  phrase(words = this.rng.int(2, 5)): string {
    const d = this.domain;
    const parts = [this.rng.pick(d.adjectives), this.rng.pick(d.nouns)];
    if (words > 2) parts.push(this.rng.pick(['and', 'of', 'for', 'in', 'under']), this.rng.pick(d.nouns));
    if (words > 4) parts.push(this.rng.pick(['conditions', 'review', 'results', 'changes', 'planning']));
    const text = parts.join(' ');
    return text[0]!.toUpperCase() + text.slice(1);
  }

  sentence(): string {
    const d = this.domain;
    const r = this.rng;
    const subject = `the ${r.pick(d.adjectives)} ${r.pick(d.nouns)}`;
    const forms = [
      () => `${subject} ${r.pick(d.verbs)} by ${this.number()} compared with the ${r.pick(d.nouns)}`,
      () => `${r.pick(CONNECTORS)} ${subject} ${r.pick(d.verbs)} after the ${r.pick(d.nouns)} was reviewed by ${this.name()}`,
      () => `${subject} ${r.pick(d.verbs)} in ${this.city()} between ${this.date()} and ${this.date()}`,
      () => `we report that ${subject} ${r.pick(d.verbs)} (${this.number()}), while the ${r.pick(d.adjectives)} ${r.pick(d.nouns)} ${r.pick(d.verbs)}`,
      () => `${subject} and the ${r.pick(d.nouns)} ${r.pick(d.verbs)} according to the ${r.pick(d.adjectives)} ${r.pick(d.nouns)} of ${this.org()}`,
      () => `${r.pick(CONNECTORS)} the ${r.pick(d.nouns)} ${r.pick(d.verbs)} for ${r.int(2, 40)} ${r.pick(d.units)}, which is ${r.pick(['consistent with', 'higher than', 'below', 'close to'])} the ${r.pick(d.adjectives)} ${r.pick(d.nouns)}`,
      // A sentence that opens by naming a float: text, not a caption.
      () => `${r.pick(['Figure', 'Fig.', 'Table'])} ${r.int(1, 9)} ${r.pick(['shows', 'lists', 'summarizes', 'compares'])} how ${subject} ${r.pick(d.verbs)} over ${r.int(2, 40)} ${r.pick(d.units)}`,
      // Enumerated clauses inside a sentence (a line may wrap before one): text, not a list.
      () => `we compared (a) ${subject}, (b) the ${r.pick(d.adjectives)} ${r.pick(d.nouns)} and (c) the ${r.pick(d.nouns)} reviewed by ${this.name()}`,
    ];
    const s = r.pick(forms)();
    return s[0]!.toUpperCase() + s.slice(1) + '.';
  }

  paragraph(sentences = this.rng.int(2, 6)): string {
    const parts = Array.from({ length: sentences }, () => this.sentence());
    if (this.rng.chance(this.foreign)) parts.splice(this.rng.int(0, parts.length), 0, this.rng.pick(FOREIGN));
    return parts.join(' ');
  }

  /** A list item: a short phrase or a sentence or two. */
  item(long = this.rng.chance(0.4)): string {
    return long ? this.sentence() + (this.rng.chance(0.3) ? ' ' + this.sentence() : '') : this.phrase(this.rng.int(2, 5));
  }

  reference(i: number): string {
    const authors = Array.from({ length: this.rng.int(1, 4) }, () => this.initialName()).join(', ');
    return `${authors}. ${this.phrase(this.rng.int(3, 5))}. ${this.rng.pick(['Journal of ' + this.phrase(2), 'Proceedings of the ' + this.phrase(2) + ' Conference', 'Technical Report ' + this.rng.int(10, 999)])}, ${this.rng.int(1995, 2025)}${i % 3 === 0 ? `, pp. ${this.rng.int(1, 200)}–${this.rng.int(201, 400)}` : ''}.`;
  }
}
