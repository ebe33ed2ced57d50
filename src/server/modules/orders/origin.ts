import type { FastifyRequest } from 'fastify';

/** This server as the client reached it: where providers post back and document QR codes point. */
export const originOf = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}`;
