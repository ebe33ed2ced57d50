import { describe, expect, it } from 'vitest';
import { parseAccountSiteMessage } from './account-site-message';

describe('account site messages', () => {
  it('reads the login message with its isNewRegister flag', () => {
    expect(
      parseAccountSiteMessage({
        type: 'wenyang:login',
        token: 't',
        expiration: 1_700_000_000_000,
        refreshToken: 'r',
        isNewRegister: true,
      }),
    ).toEqual({
      type: 'login',
      login: { token: 't', expiration: 1_700_000_000_000, refreshToken: 'r' },
      isNewRegister: true,
    });
  });

  it('reads the close message', () => {
    expect(parseAccountSiteMessage({ type: 'wenyang:close' })).toEqual({ type: 'close' });
  });

  it.each([
    null,
    'wenyang:close',
    { type: 'other' },
    { type: 'wenyang:login', token: 't', refreshToken: 'r' },
    { type: 'wenyang:login', token: '', expiration: 1, refreshToken: 'r' },
    { type: 'wenyang:login', token: 't', expiration: '1', refreshToken: 'r' },
  ])('ignores %j', (data) => {
    expect(parseAccountSiteMessage(data)).toBeNull();
  });
});
