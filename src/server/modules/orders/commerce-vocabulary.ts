// The platform's own bank account, the default that bank transfers go to (CommerceConfig.bankAccount).

export const DEFAULT_BANK_ACCOUNT = {
  accountName: '纹样（杭州）文化科技有限公司',
  bankName: '招商银行杭州分行营业部',
  accountNo: '5719 0866 1010 888',
} as const;
