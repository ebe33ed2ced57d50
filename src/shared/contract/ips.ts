import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, WorkCard, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { DesignerProfile } from './designers';
import { LicenceOption } from './works';

// IPs: licensable characters and brands built from a designer's works.

export const IpCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  ownerId: Type.Integer(),
  ownerName: Type.String(),
  coverUrl: Type.String(),
  workCount: Type.Integer(),
});
export type IpCard = Static<typeof IpCard>;

const IpId = Type.Integer({ minimum: 1, description: 'IP ID' });

export const getIPList = defineCall({
  name: 'IP/GetIPList',
  path: apiPath('IP', 'GetIPList'),
  tag: 'ips',
  summary: 'IP 列表（分页），可按名称关键字筛选',
  request: Type.Object({
    ...PageQuery,
    keyword: Type.Optional(Type.String({ maxLength: 20, description: 'IP 名称关键字' })),
  }),
  response: pageOf(IpCard),
});

export const IpDetail = Type.Object({
  ...IpCard.properties,
  bannerUrl: Type.String(),
  createdAt: Type.String(),
  owner: DesignerProfile,
  isCollected: Type.Boolean(),
  collectCount: Type.Integer(),
});
export type IpDetail = Static<typeof IpDetail>;

export const getIPDetail = defineCall({
  name: 'IP/GetIPDetail',
  path: apiPath('IP', 'GetIPDetail'),
  auth: 'optional',
  tag: 'ips',
  summary: 'IP 详情：简介、所属设计师、是否已收藏',
  request: Type.Object({ id: IpId }),
  response: IpDetail,
});

export const getIpDetails = defineCall({
  name: 'Ip/GetIpDetails',
  path: sapiPath('tu-zp/api/Ip/GetIpDetails'),
  tag: 'ips',
  summary: 'IP 授权信息：涉及的品类与风格、可选授权方式及起价',
  request: Type.Object({ id: IpId }),
  response: Type.Object({
    id: Type.Integer(),
    categories: Type.Array(
      Type.Object({ kid: Type.Integer(), title: Type.String(), workCount: Type.Integer() }),
    ),
    styles: Type.Array(
      Type.Object({ style: Type.String(), title: Type.String(), workCount: Type.Integer() }),
    ),
    /** The cheapest option of each licence kind among the IP's works. */
    licences: Type.Array(LicenceOption),
  }),
});

export const getIpCreationList = defineCall({
  name: 'Ip/GetIpCreationList',
  path: sapiPath('tu-zp/api/Ip/GetIpCreationList'),
  tag: 'ips',
  summary: 'IP 下的作品（分页）',
  request: Type.Object({ ...PageQuery, id: IpId }),
  response: pageOf(WorkCard),
});
