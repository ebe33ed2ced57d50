import { afterEach, describe, expect, it } from 'vitest';
import { topLevelDomain } from './cookies';

const setMeta = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = 'wenyang-cookie-domain';
  meta.content = content;
  document.head.append(meta);
};

describe('session cookie domain in the page', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="wenyang-cookie-domain"]').forEach((m) => m.remove());
  });

  it('uses host-only cookies when the server named no domain (localhost, the dev server)', () => {
    expect(topLevelDomain()).toBeUndefined();
  });

  it('ignores a domain that is not the page’s own, so a cookie is never written elsewhere', () => {
    setMeta('.example.com');
    expect(window.location.hostname).toBe('localhost');
    expect(topLevelDomain()).toBeUndefined();
    setMeta('"><script>');
    expect(topLevelDomain()).toBeUndefined();
  });
});
