// What the service tells its operator: /metrics in the Prometheus text format (prom-client), and
// one structured log line per parse request with its pages, OCR pages, times, organization and
// outcome. The parse route notes the facts as it learns them (noteParse); both are written when
// the response is done, whatever its status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { WorkerPool } from '../workers/pool.js';
import { PARSE_PATH } from './schemas.js';

/** What the parse route learned about one request (each part once it is known). */
export interface ParseFacts {
  pages: number;
  ocrPages: number;
  parseMs: number;
  credits: number;
  /** Analysis stages that failed on the document (it was parsed without them there). */
  stageFailures: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    parseFacts?: Partial<ParseFacts>;
  }
}

export function noteParse(request: FastifyRequest, facts: Partial<ParseFacts>): void {
  request.parseFacts = { ...request.parseFacts, ...facts };
}

/** How a parse request ended, for the log and the quire_parses_total counter. */
export type ParseOutcome = 'parsed' | 'refused' | 'failed' | 'abandoned';

export function parseOutcome(status: number, responseSent: boolean): ParseOutcome {
  if (!responseSent) return 'abandoned'; // the client went away first
  if (status === 200) return 'parsed';
  return status >= 500 && status !== 503 ? 'failed' : 'refused';
}

/** Parse times in seconds: from a one-page born-digital PDF (~10 ms) to 50 scanned pages (minutes). */
const PARSE_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

export function registerMetrics(app: FastifyInstance, parsePool: WorkerPool, workers: number): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: 'quire_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const parses = new Counter({ name: 'quire_parses_total', help: 'Parse requests by outcome (parsed, refused, failed, abandoned)', labelNames: ['outcome'] as const, registers });
  const parseSeconds = new Histogram({ name: 'quire_parse_duration_seconds', help: 'Time a successful parse spent in its worker', buckets: PARSE_SECONDS_BUCKETS, registers });
  const pages = new Counter({ name: 'quire_pages_parsed_total', help: 'Pages of successfully parsed documents', registers });
  const ocrPages = new Counter({ name: 'quire_ocr_pages_total', help: 'Pages read with OCR in successful parses', registers });
  const credits = new Counter({ name: 'quire_credits_charged_total', help: 'Credits charged for successful parses', registers });
  new Gauge({ name: 'quire_parse_queue_depth', help: 'Documents waiting for a parse worker', registers, collect() { this.set(parsePool.waiting); } });
  new Gauge({ name: 'quire_parse_workers_busy', help: 'Parse workers busy with a document', registers, collect() { this.set(parsePool.busy); } });
  new Gauge({ name: 'quire_parse_workers', help: 'Parse workers of this instance', registers, collect() { this.set(workers); } });

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label, so random paths cannot grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    if (route !== PARSE_PATH || request.method !== 'POST') return;
    const outcome = parseOutcome(reply.statusCode, reply.raw.writableFinished);
    const facts = request.parseFacts ?? {};
    parses.inc({ outcome });
    if (outcome === 'parsed') {
      pages.inc(facts.pages ?? 0);
      ocrPages.inc(facts.ocrPages ?? 0);
      credits.inc(facts.credits ?? 0);
      if (facts.parseMs !== undefined) parseSeconds.observe(facts.parseMs / 1000);
    }
    logParse(request, reply, outcome, facts);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}

function logParse(request: FastifyRequest, reply: FastifyReply, outcome: ParseOutcome, facts: Partial<ParseFacts>): void {
  const line = {
    event: 'parse',
    outcome,
    status: reply.statusCode,
    orgId: request.apiKey?.orgId ?? null,
    keyId: request.apiKey?.keyId ?? null,
    pages: facts.pages ?? null,
    ocrPages: facts.ocrPages ?? null,
    parseMs: facts.parseMs ?? null,
    durationMs: Math.round(reply.elapsedTime),
    credits: outcome === 'parsed' ? (facts.credits ?? 0) : 0,
    ...(facts.stageFailures?.length ? { stageFailures: facts.stageFailures } : {}),
  };
  if (outcome === 'failed') request.log.error(line, 'parse');
  else if (facts.stageFailures?.length) request.log.warn(line, 'parse (some analysis stages failed and fell back to plain text)');
  else request.log.info(line, 'parse');
}
