// X-Request-Id on every response. A client's own id is kept (so its logs and ours line up) when it
// is a plain token; otherwise the server's id is used. The server's id (a UUID) stays the one the
// credits ledger records: a client reusing its id must not make a second parse look already charged.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Ids a client may choose: short and plain, so they are safe in logs and headers. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The id answered in X-Request-Id and logged as requestId. */
    publicId: string;
  }
}

export function registerRequestId(app: FastifyInstance): void {
  app.decorateRequest('publicId', '');
  app.addHook('onRequest', async (request, reply) => {
    request.publicId = clientRequestId(request) ?? request.id;
    if (request.publicId !== request.id) request.log = request.log.child({ requestId: request.publicId });
    reply.header(REQUEST_ID_HEADER, request.publicId);
  });
}

function clientRequestId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-request-id'];
  return typeof value === 'string' && CLIENT_ID.test(value) ? value : undefined;
}
