// Errors the API answers as `{"detail": "<reason>"}`.
import type { FastifyReply } from 'fastify';

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

export function sendError(reply: FastifyReply, status: number, detail: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return reply.code(status).type('application/json').send({ detail });
}
