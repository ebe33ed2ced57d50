// Every call of the contract, for the server's registration check and the generated API reference.
import * as accounts from './accounts';
import type { CallDef } from './define';
import * as home from './home';
import * as works from './works';

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'request' in value &&
  'response' in value;

export const allCalls: readonly CallDef[] = [accounts, home, works].flatMap((module) =>
  Object.values(module).filter(isCall),
);
