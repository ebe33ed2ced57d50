import { RightOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { WorkGrid } from '../../../components/work-grid';
import { useRequireLogin } from '../../../components/use-require-login';
import { useSessionUser } from '../../../api/get-user-info';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { useCategories } from '../api/get-categories';
import { useFondClassifications } from '../api/get-fond-classifications';
import { useHomeRecommendList } from '../api/get-home-recommend-list';
import { useSetFondClassification } from '../api/set-fond-classification';
import './works.css';

const SIZE = 10;

function FondDialog({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  initial: number[];
}) {
  const categories = useCategories();
  const save = useSetFondClassification();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>(initial);
  return (
    <Modal
      open={open}
      title="选择感兴趣的品类"
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        save.mutate(chosen, {
          onSuccess: () => {
            void message.success('已保存，为你推荐这些品类的新作品');
            onClose();
          },
          onError: (e) => void message.error(e.message || MSG.operationFailed),
        })
      }
      destroyOnHidden
    >
      <p style={{ color: 'var(--wy-muted)' }}>最多选择 10 个，选一级品类即包含其全部子品类。</p>
      {categories.data ? (
        <Checkbox.Group
          value={chosen}
          onChange={(values) => setChosen(values.slice(0, 10))}
          style={{ display: 'block' }}
        >
          {categories.data.map((c) => (
            <div key={c.kid} className="fond-dialog__group">
              <Checkbox value={c.kid}>
                <strong>{c.title}</strong>
              </Checkbox>
              <div style={{ paddingLeft: 24 }}>
                {c.children.map((child) => (
                  <Checkbox key={child.kid} value={child.kid}>
                    {child.title}
                  </Checkbox>
                ))}
              </div>
            </div>
          ))}
        </Checkbox.Group>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

/** Home 为你推荐: newest works, narrowed to a signed-in user's favourite categories when set. */
export function HomeRecommend() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const userId = useSessionUser()?.userId;
  const viewer = userId ?? (signedIn ? 0 : null);
  const fond = useFondClassifications(signedIn);
  const list = useHomeRecommendList(viewer, 1, SIZE);
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const chosen = fond.data?.categories ?? [];
  return (
    <section className="home-section" data-testid="home-section-recommend">
      <div className="home-section__header">
        <div>
          <h2>为你推荐</h2>
          <div className="home-recommend__tags">
            {chosen.length > 0 ? (
              <>
                <span style={{ color: 'var(--wy-muted)' }}>按你偏好的品类：</span>
                {chosen.map((c) => (
                  <Tag key={c.kid}>{c.title}</Tag>
                ))}
              </>
            ) : (
              <p style={{ margin: '4px 0 0' }}>最新上架的原创作品，设置偏好后推荐更精准</p>
            )}
          </div>
        </div>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <Button
            type="link"
            icon={<SettingOutlined />}
            onClick={() => {
              if (requireLogin()) setOpen(true);
            }}
          >
            设置偏好
          </Button>
          <Link to={paths.work} className="home-section__more">
            查看更多 <RightOutlined />
          </Link>
        </div>
      </div>
      <WorkGrid works={list.data?.list} loading={list.isPending} emptyText="偏好品类下暂无作品" />
      {open ? (
        <FondDialog open={open} onClose={() => setOpen(false)} initial={chosen.map((c) => c.kid)} />
      ) : null}
    </section>
  );
}
