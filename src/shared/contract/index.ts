// Every call of the contract, for the server's registration check and the generated API reference.
import * as accounts from './accounts';
import * as admin from './admin';
import * as agreements from './agreements';
import * as billing from './billing';
import * as certification from './certification';
import * as collections from './collections';
import type { CallDef } from './define';
import * as designers from './designers';
import * as enterprise from './enterprise';
import * as home from './home';
import * as identity from './identity';
import * as imageSearch from './image-search';
import * as ips from './ips';
import * as membership from './membership';
import * as orders from './orders';
import * as patterns from './patterns';
import * as publishing from './publishing';
import * as saleRecords from './sale-records';
import * as series from './series';
import * as settleIn from './settle-in';
import * as themes from './themes';
import * as uploads from './uploads';
import * as wallet from './wallet';
import * as wordSearch from './word-search';
import * as works from './works';

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'request' in value &&
  'response' in value;

export const allCalls: readonly CallDef[] = [
  accounts,
  home,
  works,
  themes,
  designers,
  enterprise,
  ips,
  collections,
  wordSearch,
  imageSearch,
  uploads,
  publishing,
  settleIn,
  identity,
  series,
  patterns,
  saleRecords,
  admin,
  orders,
  membership,
  billing,
  certification,
  wallet,
  agreements,
].flatMap((module) => Object.values(module).filter(isCall));
