// What keeps one request from hurting the service or its client: body time-outs, `{"detail"}`
// answers to protocol-level errors, cancelling the parse of a client that hung up, never charging
// for a result nobody received, and the readiness probe.
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../store/store.js';
import type { Pools } from '../workers/pool.js';
import { sendError } from './errors.js';

/** How often an upload in progress is checked against its time-outs. */
const BODY_CHECK_MS = 250;
/** After a 408 the connection is closed; the client gets this long to read the answer first. */
const CLOSE_LINGER_MS = 1_000;

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before a request reaches a
 * route (headers too large 431, headers too slow 408, broken HTTP 400) answered as `{"detail"}`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'the request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'the request headers are too large']
        : [400, 'Bad Request', 'malformed HTTP request'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

/**
 * A request body that stalls (no bytes for `idleMs`) or is still arriving after `totalMs` is
 * answered 408 `{"detail"}` and its connection closed, so a slow or lying client (a
 * Content-Length larger than what it sends) cannot hold a connection or delay a shutdown.
 */
export function registerBodyTimeouts(app: FastifyInstance, limits: { idleMs: number; totalMs: number }): void {
  app.addHook('onRequest', async (request, reply) => {
    const req = request.raw;
    if (req.complete) return;
    const socket = req.socket;
    const started = Date.now();
    let lastBytes = socket.bytesRead;
    let lastProgress = started;
    const timer = setInterval(() => {
      if (req.complete || reply.sent || socket.destroyed) return clearInterval(timer);
      const now = Date.now();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastProgress = now;
      }
      const idle = now - lastProgress >= limits.idleMs;
      if (!idle && now - started < limits.totalMs) return;
      clearInterval(timer);
      const detail = idle
        ? `no request data for ${Math.round(limits.idleMs / 1000)} s; the request was closed`
        : `the request body took longer than ${Math.round(limits.totalMs / 1000)} s to arrive; the request was closed`;
      request.log.info({ idle }, 'request body timed out');
      request.bodyTimedOut = true;
      reply.raw.once('finish', () => {
        socket.end();
        setTimeout(() => socket.destroy(), CLOSE_LINGER_MS).unref();
      });
      sendError(reply.header('connection', 'close'), 408, detail);
    }, Math.min(BODY_CHECK_MS, limits.idleMs));
    timer.unref();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered 408 while its body was still arriving: the handler has nothing more to say. */
    bodyTimedOut?: boolean;
  }
}

/** Aborts when the client's connection closes before its answer was sent. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Sends a charged result. The charge was made when the answer was decided (atomically, so two
 * requests cannot both take the last credit); if the connection closes before the answer has
 * been handed over, nobody received it and the charge is taken back.
 */
export function sendCharged(request: FastifyRequest, reply: FastifyReply, store: Store, result: unknown, gone: AbortSignal): FastifyReply {
  const takeBack = () =>
    store.uncharge(request.id).then(
      (refunded) => request.log.info({ refunded }, 'client went away before the answer was sent; charge taken back'),
      (err) => request.log.error({ err }, 'could not take back the charge of an undelivered answer'),
    );
  if (gone.aborted) {
    void takeBack(); // the connection closed while the charge was being made
    return reply;
  }
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) void takeBack();
  });
  return reply.code(200).send(result);
}

/** How long the store may take to answer the readiness probe. */
const READY_STORE_TIMEOUT_MS = 2_000;

/**
 * `GET /readyz`: 200 when the store answers and the workers can work (each passed its
 * self-test on the built-in document); 503 `{"detail"}` otherwise. `/healthz` stays the
 * liveness probe (the process is up).
 */
export function registerReadiness(app: FastifyInstance, store: Store, pools: Pools): void {
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const problems: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        store.countOrganizations(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('time-out')), READY_STORE_TIMEOUT_MS))),
      ]);
    } catch {
      problems.push('the store does not answer');
    } finally {
      clearTimeout(timer);
    }
    if (pools.parse.ready === 0) problems.push('no parse worker is ready');
    if (pools.inspect.small.ready === 0 || pools.inspect.large.ready === 0) problems.push('an inspector is not ready');
    if (problems.length) return sendError(reply, 503, `not ready: ${problems.join('; ')}`);
    return { status: 'ready' };
  });
}
