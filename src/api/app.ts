// The HTTP API: POST /v1/parser/parse and GET /healthz. Checks run in the order of
// decisions.md: 401 → 429 → 402 → 400 → 413 → 503 → 200 (charged) / 500 (never charged).
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Inspection, ParseResult } from '../engine/index.js';
import { JobCancelledError, JobFailedError, JobRejectedError, PoolFullError, type Pools } from '../workers/pool.js';
import { StoreBusyError, type AuthenticatedKey, type Store } from '../store/store.js';
import type { ParseStats } from '../workers/worker.js';
import { HttpError, sendError } from './errors.js';
import { noteParse, registerMetrics } from './metrics.js';
import { registerOpenApi } from './openapi.js';
import { registerPlayground } from './playground.js';
import { clientErrorHandler, clientGone, registerBodyTimeouts, registerReadiness, sendCharged } from './reliability.js';
import { registerRequestId } from './request-id.js';
import { PARSE_PATH, PARSE_ROUTE_SCHEMA } from './schemas.js';
import { readUpload, UploadFolder } from './upload.js';
import { VERSION } from './version.js';

export { HttpError } from './errors.js';
export { DEFAULT_MODEL } from './schemas.js';

const RATE_WINDOW_MS = 60_000;

export interface AppDeps {
  config: Config;
  store: Store;
  pools: Pools;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: AuthenticatedKey;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, store } = deps;
  const app = Fastify({ logger: deps.logger ?? false, genReqId: () => randomUUID(), bodyLimit: 1024 * 1024, clientErrorHandler });
  const uploads = new UploadFolder();
  app.addHook('onClose', async () => uploads.remove());
  registerBodyTimeouts(app, { idleMs: config.bodyIdleTimeoutMs, totalMs: config.bodyTimeoutMs });

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
    if (error instanceof JobCancelledError || request.bodyTimedOut) {
      request.log.info('client went away; its parse was cancelled and it was not charged');
      return reply.raw.destroyed ? reply : sendError(reply, 499, 'the client closed the connection');
    }
    if (error instanceof StoreBusyError) return sendError(reply, 503, error.message, 1);
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
  registerReadiness(app, store, deps.pools);

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
      // A client that hangs up cancels its parse; a result nobody received is never charged.
      const gone = clientGone(reply);
      const upload = await readUpload(request, uploads, config.maxUploadBytes);
      try {
        const job = { file: upload.path, maxPages: config.maxPages };
        const inspection = await runJob(() => deps.pools.inspect.run<Inspection>({ task: 'inspect', ...job }, upload.byteLength, gone));
        const price = config.pricing === 'page' ? inspection.pageCount : 1;
        noteParse(request, { pages: inspection.pageCount });
        if ((await store.getBalance(key.orgId)) < price) throw new HttpError(402, `insufficient credits: this parse costs ${price}`);
        const { result, stats } = await runJob(() => deps.pools.parse.run<{ result: ParseResult; stats: ParseStats }>({ task: 'parse', ...job }, gone));
        if (gone.aborted) throw new JobCancelledError();
        const charged = await store.charge({ orgId: key.orgId, keyId: key.keyId, requestId: request.id, pages: result.page_count, credits: price });
        if (charged === null) throw new HttpError(402, `insufficient credits: this parse costs ${price}`);
        noteParse(request, { ...stats, credits: price });
        return sendCharged(request, reply, store, result, gone);
      } finally {
        await upload.dispose();
      }
    },
  );

  return app;
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

async function runJob<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof PoolFullError) throw new HttpError(503, e.message, e.retryAfterSeconds);
    if (e instanceof JobRejectedError) throw new HttpError(e.status, e.message);
    throw e; // JobFailedError and anything unexpected: 500; JobCancelledError: nobody to answer
  }
}
