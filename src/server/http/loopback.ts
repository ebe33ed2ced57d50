import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && LOOPBACK.test(address);

/**
 * Whether the request comes from this machine itself: the connection and the client address are
 * loopback, and no proxy header names someone else (a proxy on this machine that the server was
 * not told to trust would otherwise make every visitor look local).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers.forwarded !== undefined ||
    request.headers['x-real-ip'] !== undefined;
  return (
    !forwarded && isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip)
  );
}
