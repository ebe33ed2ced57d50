// The e2e server trusts its loopback "proxy" (TRUST_PROXY in playwright.config.ts), so each spec
// file can present its own client address: the per-IP SMS limit (1 a minute) then applies to one
// spec's users, as it would to one office behind one address, instead of to the whole run.
export function clientAddressHeaders(): Record<string, string> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` };
}
