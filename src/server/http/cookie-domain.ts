import { getDomain } from 'tldts';

const DOMAIN_SHAPE = /^[a-z0-9.-]+$/;

/**
 * §4 The domain the session cookies live on: the registrable domain of the host by the public suffix
 * list (`.wenyang.com.cn` for www.wenyang.com.cn, never `.com.cn`, which browsers refuse), or none
 * (a host-only cookie) for localhost, an IP address, or a name the list does not know.
 */
export function sessionCookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const domain = getDomain(host, { allowPrivateDomains: true });
  return domain && DOMAIN_SHAPE.test(domain) && domain.includes('.') ? `.${domain}` : undefined;
}
