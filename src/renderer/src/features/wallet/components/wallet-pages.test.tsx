import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getRechargeOrderOptionList,
  getUserBalance,
  getUserBalanceInfo,
  orderMemberReturnQrCode,
  payPcOrderQuery,
} from '@shared/contract/membership';
import type { MemberPayOrder } from '@shared/contract/membership';
import {
  applyWithdrawal,
  getBankInfo,
  getIncomeStatement,
  getUserBankCard,
  getWithdrawalAccount,
  getWithdrawalLog,
  subBankCertify,
} from '@shared/contract/wallet';
import type { BankCardInfo, Withdrawal, WithdrawalAccount } from '@shared/contract/wallet';
import { WITHDRAWAL_MSG } from '@shared/rules/withdrawal';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { MyBalancePage } from './my-balance-page';
import { RechargePage } from './recharge-page';
import { WithdrawPage } from './withdraw-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);

const QR_ORDER: MemberPayOrder = {
  qrCode: 'http://127.0.0.1/pay/sandbox/PQ20261124000000000001',
  payOrderNo: 'PQ20261124000000000001',
  orderNo: 'RC20261124000000000001',
  amountFen: 50_000,
  years: 0,
  expiresAt: '2099-11-24T05:00:00.000Z',
  channel: 'sandbox',
  bank: null,
};

const ACCOUNT: WithdrawalAccount = {
  availableFen: 80_000,
  pendingFen: 12_000,
  withdrawingFen: 0,
  paidFen: 30_000,
  minFen: 10_000,
  dailyLimitFen: 5_000_000,
  withdrawnTodayFen: 0,
};

const CARD_INFO: BankCardInfo = {
  realName: '林青禾',
  card: {
    holderName: '林青禾',
    bankCode: 'CMB',
    bankName: '招商银行',
    cardNumberMasked: '6225 **** 7890',
    verified: true,
    boundAt: '2026-11-24T03:00:00.000Z',
  },
};

const PAID: Withdrawal = {
  withdrawalNo: 'TX20261120000000000001',
  amountFen: 30_000,
  state: 'paid',
  stateTitle: '已打款',
  bankName: '招商银行',
  cardNumberMasked: '6225 **** 7890',
  holderName: '林青禾',
  rejectReason: '',
  createdAt: '2026-11-20T03:00:00.000Z',
  handledAt: '2026-11-21T03:00:00.000Z',
};
const REJECTED: Withdrawal = {
  ...PAID,
  withdrawalNo: 'TX20261119000000000001',
  state: 'rejected',
  stateTitle: '已驳回',
  rejectReason: '银行卡信息有误',
};

let cardInfo: BankCardInfo;
let qrExpiresAt: string;
let paidAfter: number;
let applyAnswer: () => Withdrawal;

beforeEach(() => {
  cardInfo = CARD_INFO;
  qrExpiresAt = QR_ORDER.expiresAt;
  paidAfter = 1;
  applyAnswer = () => ({ ...PAID, withdrawalNo: 'TX2', state: 'applied', stateTitle: '审核中' });
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    switch (call) {
      case getRechargeOrderOptionList:
        return mockCall(getRechargeOrderOptionList, [
          { amountFen: 10_000, title: '充值 100 元' },
          { amountFen: 50_000, title: '充值 500 元' },
        ]);
      case getUserBalance:
        return mockCall(getUserBalance, { balanceFen: 12_345 });
      case orderMemberReturnQrCode:
        if (input.payMethod === 3)
          return mockCall(orderMemberReturnQrCode, {
            ...QR_ORDER,
            qrCode: '',
            payOrderNo: 'PB20261124000000000001',
            amountFen: Number(input.amountFen),
            channel: 'bank',
            bank: {
              accountName: '纹样（杭州）科技有限公司',
              bankName: '招商银行杭州分行',
              accountNo: '5719 0000 0000 0001',
              reference: QR_ORDER.orderNo,
              note: `请在转账附言中填写订单号 ${QR_ORDER.orderNo}`,
            },
          });
        return mockCall(orderMemberReturnQrCode, {
          ...QR_ORDER,
          payOrderNo: `PQ2026112400000000000${callsOf(orderMemberReturnQrCode).length}`,
          amountFen: Number(input.amountFen),
          expiresAt: qrExpiresAt,
        });
      case payPcOrderQuery:
        if (callsOf(payPcOrderQuery).length <= paidAfter) throw new ApiError(0, '等待支付');
        return mockCall(payPcOrderQuery, { payOrderNo: QR_ORDER.payOrderNo, vipEndTime: 0 });
      case getUserBalanceInfo:
        return mockCall(getUserBalanceInfo, {
          balanceFen: 40_000,
          total: 2,
          list: [
            {
              id: 'order:WY1:share',
              kind: 'sale_share',
              title: '购买作品授权',
              amountFen: -10_000,
              orderNo: 'WY20261124000000000001',
              createdAt: '2026-11-24T04:00:00.000Z',
            },
            {
              id: 'pay:PQ1',
              kind: 'payment',
              title: '充值/付款到账',
              amountFen: 50_000,
              orderNo: 'RC20261124000000000001',
              createdAt: '2026-11-24T03:00:00.000Z',
            },
          ],
        });
      case getWithdrawalAccount:
        return mockCall(getWithdrawalAccount, ACCOUNT);
      case getUserBankCard:
        return mockCall(getUserBankCard, cardInfo);
      case getBankInfo:
        return mockCall(getBankInfo, [
          { code: 'CMB', name: '招商银行' },
          { code: 'ICBC', name: '中国工商银行' },
        ]);
      case subBankCertify:
        return mockCall(subBankCertify, CARD_INFO);
      case getWithdrawalLog:
        return mockCall(getWithdrawalLog, { list: [PAID, REJECTED], total: 2 });
      case getIncomeStatement:
        return mockCall(getIncomeStatement, {
          availableFen: 80_000,
          total: 2,
          list: [
            {
              id: 'withdraw:TX1',
              kind: 'withdrawal',
              title: '申请提现',
              amountFen: -30_000,
              reference: 'TX20261120000000000001',
              createdAt: '2026-11-20T03:00:00.000Z',
            },
            {
              id: 'settle:WY1',
              kind: 'settlement',
              title: '销售收入结算',
              amountFen: 110_000,
              reference: 'WY20261101000000000001',
              createdAt: '2026-11-19T03:00:00.000Z',
            },
          ],
        });
      case applyWithdrawal:
        return mockCall(applyWithdrawal, applyAnswer());
      default:
        throw new Error(`unexpected call ${call.name}`);
    }
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RechargePage', () => {
  it('pays a chosen amount by a 119 px QR, polls until paid, then says 充值成功', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = fastUser();
    renderWithApp(<RechargePage />);
    expect(await screen.findByText('¥123.45')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: '¥500' }));
    await user.click(screen.getByRole('button', { name: /立即充值/ }));
    expect(callsOf(orderMemberReturnQrCode)).toEqual([{ amountFen: 50_000, payMethod: 1 }]);
    const qr = await screen.findByTestId('pay-qr');
    expect(qr.querySelector('svg')).toHaveAttribute('width', '119');
    expect(screen.getByText('请使用微信/支付宝扫码支付')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(payPcOrderQuery)).toHaveLength(1));
    // Not paid yet: asked again after 3000 ms, and then it is paid.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(await screen.findByText('充值成功')).toBeInTheDocument();
    expect(callsOf(payPcOrderQuery)).toHaveLength(2);
    expect(callsOf(payPcOrderQuery)[0]).toEqual({ payOrderNo: QR_ORDER.payOrderNo });
  });

  it('offers a bank transfer: the account, amount and order number as reference, nothing polled', async () => {
    const user = fastUser();
    renderWithApp(<RechargePage />);
    await user.click(await screen.findByRole('radio', { name: '对公转账' }));
    await user.click(screen.getByRole('radio', { name: '¥500' }));
    await user.click(screen.getByRole('button', { name: /立即充值/ }));
    const transfer = await screen.findByTestId('bank-transfer');
    expect(within(transfer).getByText('5719 0000 0000 0001')).toBeInTheDocument();
    expect(within(transfer).getByText('¥500')).toBeInTheDocument();
    expect(within(transfer).getByText(QR_ORDER.orderNo)).toBeInTheDocument();
    expect(callsOf(orderMemberReturnQrCode)).toEqual([{ amountFen: 50_000, payMethod: 3 }]);
    expect(callsOf(payPcOrderQuery)).toEqual([]);
  });

  it('offers WeChat, Alipay and bank transfer, and shows the server’s words when the QR fails', async () => {
    const user = fastUser();
    renderWithApp(<RechargePage />);
    expect(await screen.findByRole('radio', { name: '微信支付' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '对公转账' })).toBeInTheDocument();
    callApi.mockImplementationOnce(async () => {
      throw new ApiError(1022, '该支付方式暂未开通，请选择其他支付方式或银行转账');
    });
    await user.click(screen.getByRole('radio', { name: '支付宝' }));
    // The first call answered by the line above is the QR request.
    await user.click(screen.getByRole('button', { name: /立即充值/ }));
    expect(
      await screen.findByText('该支付方式暂未开通，请选择其他支付方式或银行转账'),
    ).toBeInTheDocument();
  });
  it('offers a new QR once the old one expired, and stops asking about the old one', async () => {
    qrExpiresAt = '2020-01-01T00:00:00.000Z';
    const user = fastUser();
    renderWithApp(<RechargePage />);
    await user.click(await screen.findByRole('radio', { name: '¥100' }));
    await user.click(screen.getByRole('button', { name: /立即充值/ }));
    expect(await screen.findByText('二维码已过期')).toBeInTheDocument();
    expect(callsOf(payPcOrderQuery)).toEqual([]);
    qrExpiresAt = QR_ORDER.expiresAt;
    await user.click(screen.getByRole('button', { name: '刷新二维码' }));
    await waitFor(() => expect(callsOf(payPcOrderQuery).length).toBeGreaterThan(0));
    expect(screen.queryByText('二维码已过期')).toBeNull();
    expect(callsOf(orderMemberReturnQrCode)).toEqual([
      { amountFen: 10_000, payMethod: 1 },
      { amountFen: 10_000, payMethod: 1 },
    ]);
  });
});

describe('MyBalancePage', () => {
  it('shows the balance, every ledger line with its sign, and recharges in a new tab', async () => {
    renderWithApp(<MyBalancePage />);
    expect(await screen.findByText('¥400')).toBeInTheDocument();
    expect(screen.getByText('-¥100')).toBeInTheDocument();
    expect(screen.getByText('+¥500')).toBeInTheDocument();
    const recharge = screen.getByRole('link', { name: /^充\s?值$/ });
    expect(recharge).toHaveAttribute('href', '/recharge');
    expect(recharge).toHaveAttribute('target', '_blank');
    expect(callsOf(getUserBalanceInfo)).toEqual([{ pageIndex: 1, pageSize: 20 }]);
    await fastUser().click(screen.getByRole('button', { name: /^提\s?现$/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/mybalance/accWithdraw');
  });
});

describe('WithdrawPage', () => {
  it('sends a designer who has not settled in to the settle-in page', async () => {
    renderWithApp(<WithdrawPage settled={false} />, {
      initialEntries: ['/user/mybalance/accWithdraw'],
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/application/spread'),
    );
    expect(callApi).not.toHaveBeenCalled();
  });

  it('shows the money, the card and the log, and checks the minimum and the available money before sending', async () => {
    const user = fastUser();
    renderWithApp(<WithdrawPage settled />);
    expect(await screen.findByText('¥800')).toBeInTheDocument();
    expect(screen.getByText('6225 **** 7890')).toBeInTheDocument();
    expect(screen.getByText(/单笔最低 ¥100，每日限额 ¥50,000/)).toBeInTheDocument();
    expect(await screen.findByText('驳回原因：银行卡信息有误')).toBeInTheDocument();
    expect(screen.getByText('已打款')).toBeInTheDocument();
    // The statement of the withdrawable account adds up to the available amount.
    expect(await screen.findByText('+¥1,100')).toBeInTheDocument();
    expect(screen.getByText('-¥300')).toBeInTheDocument();
    expect(screen.getByText('销售收入结算')).toBeInTheDocument();

    const amount = screen.getByRole('spinbutton', { name: '提现金额（元）' });
    await user.type(amount, '99');
    await user.click(screen.getByRole('button', { name: '申请提现' }));
    expect(await screen.findByText(WITHDRAWAL_MSG.belowMinimum)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '900');
    await user.click(screen.getByRole('button', { name: '申请提现' }));
    expect(await screen.findByText(WITHDRAWAL_MSG.aboveAvailable)).toBeInTheDocument();
    expect(callsOf(applyWithdrawal)).toEqual([]);
  });

  it('applies once per form and shows the server’s refusal; the next form has a new key', async () => {
    const user = fastUser();
    renderWithApp(<WithdrawPage settled />);
    const amount = await screen.findByRole('spinbutton', { name: '提现金额（元）' });
    await user.type(amount, '300');
    await user.click(screen.getByRole('button', { name: '申请提现' }));
    await waitFor(() => expect(callsOf(applyWithdrawal)).toHaveLength(1));
    const [first] = callsOf(applyWithdrawal) as { amountFen: number; idemKey: string }[];
    expect(first?.amountFen).toBe(30_000);
    expect(first?.idemKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // The server refuses the next one: its words show; a new form got a new key.
    applyAnswer = () => {
      throw new ApiError(1022, '超出每日提现限额 ¥50,000，今日还可提现 ¥0');
    };
    await user.type(amount, '200');
    await user.click(screen.getByRole('button', { name: '申请提现' }));
    expect(
      await screen.findByText('超出每日提现限额 ¥50,000，今日还可提现 ¥0'),
    ).toBeInTheDocument();
    const second = callsOf(applyWithdrawal)[1] as { idemKey: string };
    expect(second.idemKey).not.toBe(first?.idemKey);
  });

  it('asks for 实名认证 before a card can be bound', async () => {
    cardInfo = { realName: '', card: null };
    renderWithApp(<WithdrawPage settled />);
    expect(await screen.findByText('请先完成实名认证，再绑定银行卡')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '申请提现' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '绑定银行卡' })).toBeNull();
  });

  it('binds a card only in the verified real name', async () => {
    cardInfo = { realName: '林青禾', card: null };
    const user = fastUser();
    renderWithApp(<WithdrawPage settled />);
    const holder = await screen.findByLabelText('持卡人');
    expect(holder).toHaveValue('林青禾');
    fireEvent.change(holder, { target: { value: '王五' } });
    await user.click(screen.getByRole('combobox', { name: '开户银行' }));
    await user.click(await screen.findByTitle('招商银行'));
    fireEvent.change(screen.getByLabelText('银行卡号'), {
      target: { value: '6225 8812 3456 7890' },
    });
    await user.click(screen.getByRole('button', { name: '绑定银行卡' }));
    expect(await screen.findByText(WITHDRAWAL_MSG.holderMismatch)).toBeInTheDocument();
    expect(callsOf(subBankCertify)).toEqual([]);
    fireEvent.change(holder, { target: { value: '林青禾' } });
    await user.click(screen.getByRole('button', { name: '绑定银行卡' }));
    await waitFor(() =>
      expect(callsOf(subBankCertify)).toEqual([
        { holderName: '林青禾', bankCode: 'CMB', cardNumber: '6225 8812 3456 7890' },
      ]),
    );
    expect(await screen.findByText('6225 **** 7890')).toBeInTheDocument();
  });
});
