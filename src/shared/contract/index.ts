// Every call of the contract, for the server's registration check and the generated API reference.
import type { CallDef } from './define';
import { advertise, getHomeInfo, getHomeRecommendList } from './home';
import { getCategory } from './works';

export const allCalls: readonly CallDef[] = [
  getHomeInfo,
  getHomeRecommendList,
  advertise,
  getCategory,
];
