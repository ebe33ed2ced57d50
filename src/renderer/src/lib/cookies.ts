// Reads and clears cookies of the marketplace's own domain (§4: token, expiration, refreshToken).

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/**
 * §4 The top-level domain the session cookies live on (`.example.com`, `.wenyang.com.cn`), as the
 * server computed it from the public suffix list and wrote into the page; none (host-only cookies)
 * for localhost, addresses, or a page the server did not serve (the Vite dev server).
 */
export function topLevelDomain(): string | undefined {
  const meta = document.querySelector('meta[name="wenyang-cookie-domain"]');
  const domain = meta?.getAttribute('content') ?? '';
  return /^\.[a-z0-9.-]+$/.test(domain) && window.location.hostname.endsWith(domain.slice(1))
    ? domain
    : undefined;
}

export function clearAllCookies(): void {
  const domain = topLevelDomain();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = expired;
    if (domain) document.cookie = `${expired}; domain=${domain}`;
  }
}

/** Writes a cookie for the whole site on the top-level domain (§4), expiring at `expiresAt` (ms). */
export function writeCookie(name: string, value: string, expiresAt?: number): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/'];
  if (expiresAt !== undefined) parts.push(`expires=${new Date(expiresAt).toUTCString()}`);
  const domain = topLevelDomain();
  if (domain) parts.push(`domain=${domain}`);
  parts.push('SameSite=Lax');
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}
