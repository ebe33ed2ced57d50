// What the enterprise-hall module says (a missing channel is MSG.missing.hallChannel).

export const HALL_MSG = {
  nameTooShort: '展厅名称至少 2 个字',
  areaMissing: '所在地区不存在',
  channelNameEmpty: '频道名称不能为空',
  channelNameRepeated: '频道名称不能重复',
  qualificationIncomplete: '资质名称和证书编号不能为空',
  ownPublishedWorksOnly: '只能选择本展厅的已发布作品',
  hallMissing: '企业展厅不存在',
  areaFilterMissing: '地区不存在',
} as const;
