import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberAgreementPage } from './member-agreement-page';

describe('MemberAgreementPage (/agreement/memberService)', () => {
  it('states the terms the server applies: price × years, renewal from the end, quotas per year', () => {
    render(<MemberAgreementPage />);
    expect(screen.getByRole('heading', { level: 1, name: '会员服务协议' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(screen.getByText(/应付金额 = 套餐年价 × 年数/)).toBeInTheDocument();
    expect(screen.getByText(/自原有效期届满之日起顺延/)).toBeInTheDocument();
    expect(screen.getByText(/每个授权年限消耗 1 次额度/)).toBeInTheDocument();
  });
});
