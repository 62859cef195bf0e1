// The HTTP API: POST /v1/parser/parse and GET /healthz. Checks run in the order of
// decisions.md: 401 → 429 → 402 → 400 → 413 → 503 → 200 (charged) / 500 (never charged).
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { ALLOWED_FILE_NAME, type Inspection, type ParseResult } from '../engine/index.js';
import { JobFailedError, JobRejectedError, PoolFullError, type Pools, type WorkerPool } from '../workers/pool.js';
import type { AuthenticatedKey, Store } from '../store/store.js';
import type { ParseStats } from '../workers/worker.js';
import { noteParse, registerMetrics } from './metrics.js';
import { registerOpenApi } from './openapi.js';
import { registerPlayground } from './playground.js';
import { registerRequestId } from './request-id.js';
import { DEFAULT_MODEL, PARSE_PATH, PARSE_ROUTE_SCHEMA } from './schemas.js';
import { VERSION } from './version.js';

const PLANNED_OPTIONS = new Set(['title_levels', 'extract_images', 'image_analysis']);
const RATE_WINDOW_MS = 60_000;

export interface AppDeps {
  config: Config;
  store: Store;
  pools: Pools;
  logger?: boolean | object;
}

/** An error answered as `{detail}` with its status (and Retry-After when given). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: AuthenticatedKey;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, store } = deps;
  const app = Fastify({ logger: deps.logger ?? false, genReqId: () => randomUUID(), bodyLimit: 1024 * 1024 });

  registerRequestId(app);
  await registerOpenApi(app, VERSION);
  registerMetrics(app, deps.pools.parse, config.workers);
  await registerPlayground(app);
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error.status, error.message, error.retryAfterSeconds);
    if (error instanceof JobFailedError) {
      request.log.error({ err: error }, 'parse failed');
      return sendError(reply, 500, `${error.message}; the request was not charged`);
    }
    const code = error.code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, 413, `the upload exceeds the ${Math.round(config.maxUploadBytes / 1024 / 1024)} MB limit`);
    }
    if (code === 'FST_FILES_LIMIT') return sendError(reply, 400, 'send exactly one file in the "file" field');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return sendError(reply, 400, 'too many form fields');
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return sendError(reply, 400, 'the request must be multipart/form-data with a "file" field');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed requests (bad multipart framing, invalid headers): the client's fault.
      const status = error.statusCode === 413 ? 413 : 400;
      return sendError(reply, status, error.message);
    }
    request.log.error({ err: error }, 'internal error');
    return sendError(reply, 500, 'internal error; the request was not charged');
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `no route ${request.method} ${request.url}`));

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.post(
    PARSE_PATH,
    {
      // The body schema is documentation only: multipart bodies are checked by hand (see
      // readUpload), in the order decisions.md gives, after authentication, rate limit and credits.
      schema: PARSE_ROUTE_SCHEMA,
      validatorCompiler: () => () => true,
      // Authentication, rate limit and credits come before the body is read.
      onRequest: async (request) => {
        request.apiKey = await authenticate(store, request);
        const decision = await store.hitRateLimit(request.apiKey.orgId, config.rateLimit, RATE_WINDOW_MS, Date.now());
        if (!decision.allowed) {
          throw new HttpError(429, `rate limit of ${config.rateLimit} requests per minute exceeded`, decision.retryAfterSeconds);
        }
        if ((await store.getBalance(request.apiKey.orgId)) < 1) throw new HttpError(402, 'insufficient credits; top up the balance');
      },
    },
    async (request, reply) => {
      const key = request.apiKey!;
      // One shared copy of the upload: the inspector and the parse worker read the same memory.
      const received = await readUpload(request);
      const upload = new Uint8Array(new SharedArrayBuffer(received.byteLength));
      upload.set(received);
      const inspection = await runJob<Inspection>(deps.pools.inspect, 'inspect', upload, config.maxPages);
      const price = config.pricing === 'page' ? inspection.pageCount : 1;
      noteParse(request, { pages: inspection.pageCount });
      if ((await store.getBalance(key.orgId)) < price) throw new HttpError(402, `insufficient credits: this parse costs ${price}`);
      const { result, stats } = await runJob<{ result: ParseResult; stats: ParseStats }>(deps.pools.parse, 'parse', upload, config.maxPages);
      const charged = await store.charge({ orgId: key.orgId, keyId: key.keyId, requestId: request.id, pages: result.page_count, credits: price });
      if (charged === null) throw new HttpError(402, `insufficient credits: this parse costs ${price}`);
      noteParse(request, { ...stats, credits: price });
      return reply.code(200).send(result);
    },
  );

  return app;
}

function sendError(reply: FastifyReply, status: number, detail: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return reply.code(status).type('application/json').send({ detail });
}

async function authenticate(store: Store, request: FastifyRequest): Promise<AuthenticatedKey> {
  const header = request.headers.authorization;
  if (!header) throw new HttpError(401, 'missing Authorization header; send "Authorization: Bearer <API_KEY>"');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, 'the Authorization header must be "Bearer <API_KEY>"');
  const key = await store.authenticate(match[1]!);
  if (!key) throw new HttpError(401, 'invalid or revoked API key');
  return key;
}

/** Reads the multipart body: exactly one file named .pdf/.png/.jpg/.jpeg, optional model. */
async function readUpload(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new HttpError(400, 'the request must be multipart/form-data with a "file" field');
  let form: CollectedForm;
  try {
    form = await collectParts(request);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_FIELDS_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      throw err; // mapped by the error handler
    }
    // Broken framing (no boundary, truncated body…) is the client's fault, not ours.
    throw new HttpError(400, `malformed multipart/form-data body: ${err.message}`);
  }
  const { file, filename, problems } = form;
  if (problems.length) throw new HttpError(400, problems.join('; '));
  if (!file) throw new HttpError(400, 'no file: send the document in the "file" form field');
  if (!ALLOWED_FILE_NAME.test(filename)) {
    throw new HttpError(400, `unsupported file name "${filename}": use a .pdf, .png, .jpg or .jpeg file`);
  }
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}

interface CollectedForm {
  file?: Buffer;
  filename: string;
  problems: string[];
}

/** Reads every part, buffering the file and noting what is wrong with the others. */
async function collectParts(request: FastifyRequest): Promise<CollectedForm> {
  const form: CollectedForm = { filename: '', problems: [] };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        form.problems.push(`unknown file field "${part.fieldname}"; the document goes in "file"`);
        await part.toBuffer();
        continue;
      }
      form.filename = part.filename ?? '';
      form.file = await part.toBuffer();
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    if (part.fieldname === 'file') {
      form.problems.push('"file" must be a file upload (a part with a filename), not a text field');
    } else if (part.fieldname === 'model') {
      if (value !== DEFAULT_MODEL) form.problems.push(`unknown model "${value}"; the only model is ${DEFAULT_MODEL}`);
    } else if (PLANNED_OPTIONS.has(part.fieldname)) {
      form.problems.push(`the option "${part.fieldname}" is not available yet`);
    } else {
      form.problems.push(`unknown form field "${part.fieldname}"`);
    }
  }
  return form;
}

async function runJob<T>(pool: WorkerPool, task: 'inspect' | 'parse', bytes: Uint8Array, maxPages: number): Promise<T> {
  try {
    return await pool.run<T>({ task, bytes, maxPages });
  } catch (e) {
    if (e instanceof PoolFullError) throw new HttpError(503, e.message, e.retryAfterSeconds);
    if (e instanceof JobRejectedError) throw new HttpError(e.status, e.message);
    throw e; // JobFailedError and anything unexpected: 500
  }
}
