// Every call of the contract, for the server's registration check and the generated API reference.
import * as accounts from './accounts';
import * as activities from './activities';
import * as admin from './admin';
import * as agreements from './agreements';
import * as customerService from './customer-service';
import * as billing from './billing';
import * as certification from './certification';
import * as collections from './collections';
import * as complaints from './complaints';
import type { CallDef } from './define';
import * as demands from './demands';
import * as newProducts from './new-products';
import * as showrooms from './showrooms';
import * as designers from './designers';
import * as desktopReleases from './desktop-releases';
import * as enterprise from './enterprise';
import * as folk from './folk';
import * as help from './help';
import * as home from './home';
import * as identity from './identity';
import * as imageSearch from './image-search';
import * as ips from './ips';
import * as membership from './membership';
import * as notices from './notices';
import * as orders from './orders';
import * as patterns from './patterns';
import * as profile from './profile';
import * as publishing from './publishing';
import * as saleRecords from './sale-records';
import * as series from './series';
import * as settleIn from './settle-in';
import * as themes from './themes';
import * as topics from './topics';
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
  complaints,
  activities,
  help,
  notices,
  customerService,
  demands,
  newProducts,
  showrooms,
  folk,
  profile,
  topics,
  desktopReleases,
].flatMap((module) => Object.values(module).filter(isCall));
