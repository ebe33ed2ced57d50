import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '@shared/contract/accounts';
import type { UserInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import {
  applyFolkAccess,
  fetchHasSouthwestEnter,
  getFolkAccessDesk,
  getFolkDetails,
  getFolkDictByKey,
  getFolkIntentionDesk,
  getFolkList,
  getFolkTagList,
  getMyFolkAccess,
  getMyFolkIntentions,
  likeFolkWork,
  setFolkIntentionState,
  submitFolkIntention,
} from '@shared/contract/folk';
import type { FolkIntention, FolkWorkCard } from '@shared/contract/folk';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { SiteHeader } from '../../../components/layout/site-header';
import { useSessionStore } from '../../../stores/session-store';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { createTestQueryClient, signInAs } from '../../../test/session';
import { useFolkEntry } from '../api/folk-access';
import { FolkDesk } from './folk-desk';
import { FolkDetail } from './folk-detail';
import { FolkFrame } from './folk-frame';
import { FolkSearch } from './folk-search';
import { IntentionPage } from './intention-form';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

// The machine running the suite may be busy: wait longer for the screen to settle.
configure({ asyncUtilTimeout: 10_000 });

const initialSession = useSessionStore.getState();
const NOT_ENTITLED =
  '西南民族文化基地仅对已开通权限的用户开放，如需使用请提交开通申请，平台审核后开通';

const user: UserInfo = {
  userId: 7,
  caiHongID: '10086',
  userName: '杭州织造厂',
  headImg: '',
  smallHeadImg: '',
  memberType: 0,
  memberTypeName: '',
  isExpVip: false,
  expLeftTimes: 0,
  vipEndTime: 0,
  validitySecond: 0,
  settledInType: 0,
  isReadAndAgreeNotify: true,
  isUserKeywork: true,
  showExpVIP: false,
  isNewRegister: false,
  role: 'user',
};

const card = (id: number, title: string, craft = '苗绣', people = '苗族'): FolkWorkCard => ({
  id,
  title,
  people,
  craft,
  origin: '贵州黔东南雷山县',
  thumb: `/files/private/folk/seed-${id}/thumb-400.webp?sig=x`,
  likeCount: 3,
  publishedAt: '2026-05-01T00:00:00.000Z',
});

const intention = (over: Partial<FolkIntention> = {}): FolkIntention => ({
  id: 5,
  refNo: 'YX20261124120000123456',
  company: '黔东南文旅文创有限公司',
  contact: '王经理',
  phone: '13812345678',
  industry: '文创礼品',
  purpose: '景区文创丝巾',
  products: '丝巾',
  works: [{ id: 1, title: '苗绣·蝴蝶妈妈' }],
  quantity: '5000 件',
  territory: '中国大陆',
  status: 'received',
  createdAt: '2026-11-24T04:00:00.000Z',
  updatedAt: '2026-11-24T04:00:00.000Z',
  followUps: [],
  ...over,
});

let entitled: boolean;

function signedIn() {
  const queryClient = createTestQueryClient();
  signInAs(queryClient, user, { status: 0, settleStatus: 0 });
  return queryClient;
}

beforeEach(() => {
  useSessionStore.setState(initialSession, true);
  // The full header (not the compact one, which folds nav items under 更多).
  window.innerWidth = 1500;
  entitled = true;
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getUserInfo) return mockCall(getUserInfo, user);
    if (call === fetchHasSouthwestEnter) return mockCall(fetchHasSouthwestEnter, entitled);
    if (call === getMyFolkAccess) {
      return mockCall(getMyFolkAccess, { entitled, request: null });
    }
    if (!entitled) throw new ApiError(1003, NOT_ENTITLED);
    if (call === getFolkTagList) {
      return mockCall(getFolkTagList, [
        { id: 1, name: '苗绣', count: 10 },
        { id: 6, name: '蝴蝶纹', count: 4 },
      ]);
    }
    if (call === getFolkList) {
      const list =
        input.keyword === '蝴蝶'
          ? [card(1, '苗绣·蝴蝶妈妈')]
          : [card(1, '苗绣·蝴蝶妈妈'), card(2, '侗锦·杉树纹', '侗锦', '侗族')];
      return mockCall(getFolkList, { list, total: list.length });
    }
    if (call === getFolkDetails) {
      return mockCall(getFolkDetails, {
        ...card(1, '苗绣·蝴蝶妈妈'),
        motifMeaning: '苗族古歌说枫木生出蝴蝶妈妈',
        inheritor: '雷山西江绣娘合作社',
        note: '苗绣是苗族女性代代相传的刺绣技艺。',
        designerName: '苗岭绣坊',
        zoom: '/files/private/folk/seed-1/zoom-1200.webp?sig=x',
        width: 1200,
        height: 1200,
        tags: [{ id: 6, name: '蝴蝶纹' }],
        liked: false,
      });
    }
    if (call === likeFolkWork) return mockCall(likeFolkWork, { liked: true, likeCount: 4 });
    if (call === getFolkDictByKey) return mockCall(getFolkDictByKey, ['服装面料', '文创礼品']);
    if (call === getMyFolkIntentions) return mockCall(getMyFolkIntentions, []);
    if (call === submitFolkIntention) return mockCall(submitFolkIntention, intention());
    if (call === applyFolkAccess) {
      return mockCall(applyFolkAccess, {
        id: 1,
        company: String(input.company),
        reason: String(input.reason),
        status: 'pending',
        reply: '',
        createdAt: '2026-11-24T04:00:00.000Z',
        answeredAt: null,
      });
    }
    if (call === getFolkAccessDesk) {
      return mockCall(getFolkAccessDesk, { entitled: [], requests: [] });
    }
    if (call === getFolkIntentionDesk) {
      return mockCall(getFolkIntentionDesk, {
        list: [{ ...intention(), userName: '杭州织造厂' }],
        total: 1,
      });
    }
    if (call === setFolkIntentionState) {
      return mockCall(setFolkIntentionState, intention({ status: 'contacted' }));
    }
    throw new Error(`unexpected ${call.name}`);
  });
});
afterEach(() => {
  useSessionStore.setState(initialSession, true);
});

function HeaderWithFolkFlag() {
  return <SiteHeader onLogout={() => undefined} showSouthwestFolk={useFolkEntry()} />;
}

describe('the header link 西南民族文化基地', () => {
  it('is shown to an entitled user', async () => {
    renderWithApp(<HeaderWithFolkFlag />, { queryClient: signedIn() });
    expect(await screen.findByRole('link', { name: '西南民族文化基地' })).toBeInTheDocument();
  }, 120_000);

  it('is not shown to a user without the entitlement (or after it was revoked)', async () => {
    entitled = false;
    renderWithApp(<HeaderWithFolkFlag />, { queryClient: signedIn() });
    await waitFor(() => expect(requestsOf(callApi, fetchHasSouthwestEnter)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: '西南民族文化基地' })).not.toBeInTheDocument();
  }, 120_000);

  it('is not shown to a guest, who is not even asked about', async () => {
    useSessionStore.getState().clear();
    renderWithApp(<HeaderWithFolkFlag />);
    await screen.findByRole('banner');
    expect(screen.queryByRole('link', { name: '西南民族文化基地' })).not.toBeInTheDocument();
    expect(requestsOf(callApi, fetchHasSouthwestEnter)).toEqual([]);
  }, 120_000);
});

describe('the folk pages', () => {
  it('show a user without the entitlement how to apply, never the works', async () => {
    entitled = false;
    const u = fastUser();
    renderWithApp(
      <FolkFrame>
        <FolkSearch />
      </FolkFrame>,
      { queryClient: signedIn() },
    );
    expect(await screen.findByText('西南民族文化基地仅对已开通权限的用户开放')).toBeInTheDocument();
    expect(requestsOf(callApi, getFolkList)).toEqual([]);
    await u.click(screen.getByRole('button', { name: '提交开通申请' }));
    expect(await screen.findByText('请填写单位名称')).toBeInTheDocument();
    await u.click(screen.getByLabelText('单位名称'));
    await u.paste('杭州织物文创有限公司');
    await u.click(screen.getByLabelText('申请用途'));
    await u.paste('非遗合作');
    await u.click(screen.getByRole('button', { name: '提交开通申请' }));
    await waitFor(() =>
      expect(requestsOf(callApi, applyFolkAccess)).toEqual([
        { company: '杭州织物文创有限公司', reason: '非遗合作' },
      ]),
    );
  }, 120_000);

  it('ask a guest to sign in first', async () => {
    useSessionStore.getState().clear();
    renderWithApp(
      <FolkFrame>
        <FolkSearch />
      </FolkFrame>,
    );
    expect(await screen.findByRole('button', { name: '登录后申请开通' })).toBeInTheDocument();
    expect(requestsOf(callApi, getFolkList)).toEqual([]);
  }, 120_000);

  it('search by words and tags for an entitled user', async () => {
    const u = fastUser();
    renderWithApp(
      <FolkFrame>
        <FolkSearch />
      </FolkFrame>,
      {
        queryClient: signedIn(),
        initialEntries: ['/southwestFolk/southwestParent/searchWorks'],
      },
    );
    expect(await screen.findByText('共 2 件作品')).toBeInTheDocument();
    await u.type(screen.getByLabelText('搜索基地作品'), '蝴蝶{Enter}');
    expect(await screen.findByText('共 1 件作品')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/southwestFolk/southwestParent/searchWorks?keyword=%E8%9D%B4%E8%9D%B6',
    );
    await u.click(screen.getByText('蝴蝶纹（4）'));
    await waitFor(() =>
      expect(requestsOf(callApi, getFolkList).at(-1)).toMatchObject({
        keyword: '蝴蝶',
        tagId: 6,
      }),
    );
  }, 120_000);

  it('show a work with its cultural note and like it once', async () => {
    const u = fastUser();
    renderWithApp(<FolkDetail id={1} />, { queryClient: signedIn() });
    expect(await screen.findByRole('heading', { name: '苗绣·蝴蝶妈妈' })).toBeInTheDocument();
    expect(screen.getByText('苗族古歌说枫木生出蝴蝶妈妈')).toBeInTheDocument();
    expect(screen.getByText('雷山西江绣娘合作社')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /点赞 3/ }));
    expect(await screen.findByRole('button', { name: /已点赞 4/ })).toBeInTheDocument();
    expect(requestsOf(callApi, likeFolkWork)).toEqual([{ id: 1, like: true }]);
  }, 120_000);

  it('check the intention form, then file it and show the reference number', async () => {
    const u = fastUser();
    renderWithApp(<IntentionPage />, {
      queryClient: signedIn(),
      initialEntries: ['/southwestFolk/southwestParent/authorizationForm?workIds=1'],
    });
    const fill = async (label: string, text: string) => {
      await u.click(screen.getByLabelText(label));
      await u.paste(text);
    };
    await screen.findByLabelText('单位名称');
    await fill('单位名称', '黔东南文旅文创有限公司');
    await fill('联系人', '王经理');
    await fill('手机号', '2381234567');
    await u.click(screen.getByRole('button', { name: '提交授权意向' }));
    expect(await screen.findByText('请输入正确的手机号（11 位，以 1 开头）')).toBeInTheDocument();
    expect(requestsOf(callApi, submitFolkIntention)).toEqual([]);
    await u.clear(screen.getByLabelText('手机号'));
    await fill('手机号', '13812345678');
    await u.click(screen.getByLabelText('所属行业'));
    await u.click(await screen.findByTitle('文创礼品'));
    await fill('授权用途', '景区文创丝巾');
    await fill('拟使用的产品', '丝巾');
    await fill('预计数量', '5000 件');
    await fill('使用地域', '中国大陆');
    await u.click(screen.getByRole('button', { name: '提交授权意向' }));
    expect(await screen.findByText('授权意向已提交')).toBeInTheDocument();
    expect(screen.getByText(/受理编号 YX20261124120000123456/)).toBeInTheDocument();
    const [sent] = requestsOf(callApi, submitFolkIntention) as Record<string, unknown>[];
    expect(sent).toMatchObject({ industry: '文创礼品', workIds: [1], phone: '13812345678' });
  }, 120_000);
});

describe('FolkDesk (/admin/folk 民族基地)', () => {
  it('records the next follow-up state of an intention', async () => {
    const u = fastUser();
    renderWithApp(<FolkDesk />, { queryClient: signedIn() });
    await u.click(screen.getByRole('tab', { name: '授权意向' }));
    const row = (await screen.findByText('YX20261124120000123456')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '记为已签约' })).not.toBeInTheDocument();
    await u.click(within(row).getByLabelText(/跟进说明/));
    await u.paste('已电话沟通');
    await u.click(within(row).getByRole('button', { name: '记为已联系' }));
    await waitFor(() =>
      expect(requestsOf(callApi, setFolkIntentionState)).toEqual([
        { id: 5, status: 'contacted', note: '已电话沟通' },
      ]),
    );
  }, 120_000);
});
