import { describe, expect, it } from 'vitest';
import { sessionCookieDomain } from './cookie-domain';

describe('session cookie domain', () => {
  it('signs in on a domain under a two-part public suffix such as .com.cn', () => {
    expect(sessionCookieDomain('www.wenyang.com.cn')).toBe('.wenyang.com.cn');
    expect(sessionCookieDomain('wenyang.com.cn')).toBe('.wenyang.com.cn');
  });

  it('shares the cookies across subdomains of an ordinary domain', () => {
    expect(sessionCookieDomain('a.b.example.com')).toBe('.example.com');
  });

  it('uses host-only cookies for localhost, addresses, bare suffixes and odd hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'com.cn', 'intranet', 'x"><b>']) {
      expect(sessionCookieDomain(host)).toBeUndefined();
    }
  });
});
