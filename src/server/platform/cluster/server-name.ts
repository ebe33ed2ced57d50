import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * A name for one app instance: host, process and a random part (two apps in one process, as in
 * the two-server test, are two servers). Written beside the changes and job runs it makes.
 */
export function newServerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** This process, for the job runs it records (one per process is enough there). */
export const PROCESS_NAME = `${hostname()}:${process.pid}`;
