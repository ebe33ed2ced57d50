import { Tag } from 'antd';
import type { DesignerProfile } from '@shared/contract/designers';
import { SETTLED_IN_GALLERY } from '@shared/contract/designers';

/** 图库 / 店铺 (§3 settledInType) and 企业 / 个人 (§3 orgFlag). */
export function DesignerBadges({
  designer,
}: {
  designer: Pick<DesignerProfile, 'settledInType' | 'orgFlag'>;
}) {
  return (
    <>
      <Tag color={designer.settledInType === SETTLED_IN_GALLERY ? 'purple' : 'cyan'}>
        {designer.settledInType === SETTLED_IN_GALLERY ? '图库' : '店铺'}
      </Tag>
      <Tag color={designer.orgFlag === 2 ? 'gold' : 'blue'}>
        {designer.orgFlag === 2 ? '企业' : '个人'}
      </Tag>
    </>
  );
}
