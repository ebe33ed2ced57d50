import { App, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WorkCard } from '@shared/contract/common';
import { SHOWROOM_DESCRIPTION_MAX, SHOWROOM_NAME_MAX } from '@shared/contract/showrooms';
import { paths } from '../../../config/paths';
import { useAddShowRoom, useMyShowRooms } from '../api/showrooms';
import { newRequestId } from '../lib/showroom-format';
import { ShowroomNav } from './showroom-nav';
import { WorkPicker } from './work-picker';
import './showrooms.css';

type Fields = { name: string; description: string };

/** /user/myShowRoom/add 创建展厅: name, description, first works and the cover among them. */
export function ShowroomAddPage() {
  const [form] = Form.useForm<Fields>();
  const [requestId] = useState(newRequestId);
  const [chosen, setChosen] = useState<WorkCard[]>([]);
  const [cover, setCover] = useState<number | undefined>();
  const add = useAddShowRoom();
  const halls = useMyShowRooms();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const coverId = chosen.some((w) => w.id === cover) ? cover : chosen[0]?.id;
  const full = halls.data?.remaining === 0;

  const submit = async (values: Fields) => {
    try {
      const { showRoomId } = await add.mutateAsync({
        requestId,
        name: values.name,
        description: values.description ?? '',
        workIds: chosen.map((w) => w.id),
        ...(coverId === undefined ? {} : { coverWorkId: coverId }),
      });
      void message.success('展厅已创建');
      void navigate(paths.user.showRoom(showRoomId));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <div className="showrooms">
      <div className="showrooms__head">
        <h2>创建展厅</h2>
      </div>
      <ShowroomNav />
      {full ? <p className="showrooms__error">展厅数量已达上限，请先删除不用的展厅。</p> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={full}>
        <Form.Item
          name="name"
          label="展厅名称"
          rules={[
            { required: true, whitespace: true, message: '请填写展厅名称' },
            { max: SHOWROOM_NAME_MAX, message: `展厅名称不能超过 ${SHOWROOM_NAME_MAX} 个字` },
          ]}
        >
          <Input placeholder="如：2027 春夏花卉提案" maxLength={SHOWROOM_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label="展厅简介"
          rules={[
            {
              max: SHOWROOM_DESCRIPTION_MAX,
              message: `展厅简介不能超过 ${SHOWROOM_DESCRIPTION_MAX} 个字`,
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={SHOWROOM_DESCRIPTION_MAX}
            showCount
            placeholder="向客户或同事介绍这个展厅"
          />
        </Form.Item>
        <Form.Item label="选择作品（可稍后再加）">
          <WorkPicker chosen={chosen} onChange={setChosen} />
        </Form.Item>
        {chosen.length > 0 ? (
          <Form.Item label="封面">
            <Radio.Group value={coverId} onChange={(e) => setCover(e.target.value as number)}>
              <div className="showroom-covers">
                {chosen.map((w) => (
                  <Radio key={w.id} value={w.id} className="showroom-covers__item">
                    <img src={w.thumbUrl} alt={w.title} />
                    <span>{w.title}</span>
                  </Radio>
                ))}
              </div>
            </Radio.Group>
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          创建展厅
        </Button>
      </Form>
    </div>
  );
}
