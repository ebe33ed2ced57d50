import { describe, expect, it } from 'vitest';
import type { BridgeHttpRequest, BridgeHttpResponse } from '../../shared/bridge';
import { fetchSignedInAccount, heldMessage } from './account';

const answer = (status: number, body: unknown) => ({
  request: async (_req: BridgeHttpRequest): Promise<BridgeHttpResponse> => ({
    status,
    headers: {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }),
});

describe('who is signed in, for the upload queue', () => {
  it('reads the account from user.getUserInfo', async () => {
    const http = answer(200, {
      flag: true,
      msg: '',
      rs: { userId: 7, caiHongID: '80000007', userName: '花间', role: 'user' },
    });
    await expect(fetchSignedInAccount(http)).resolves.toEqual({
      userId: 7,
      caiHongID: '80000007',
      name: '花间',
    });
  });

  it('says nobody when the session is gone, and throws when the answer says nothing', async () => {
    await expect(
      fetchSignedInAccount(answer(200, { code: 401, msg: '请先登录', data: null })),
    ).resolves.toBeNull();
    await expect(fetchSignedInAccount(answer(502, '<html>'))).rejects.toThrow(/HTTP 502/);
  });

  it('names the account whose files wait, by name and 彩虹号', () => {
    expect(heldMessage({ userId: 7, caiHongID: '80000007', name: '花间' })).toBe(
      '上传已暂停：这些文件属于账号 花间（彩虹号 80000007），请用该账号登录后继续，或将文件夹转到当前账号',
    );
    expect(heldMessage({ userId: 7, caiHongID: '80000007', name: '' })).toContain(
      '属于账号 彩虹号 80000007，',
    );
  });
});
