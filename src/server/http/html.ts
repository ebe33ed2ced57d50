/** Text made safe to place inside HTML (element content and quoted attributes). */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small server-rendered page (no script) in the marketplace's look, for pages outside the SPA. */
export function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - 纹样</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;padding:28px 28px 32px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}
dt{color:#888}dd{margin:0}
.amount{font-size:28px;color:#e4393c;font-weight:600}
.ok{color:#2e9d48}.bad{color:#e4393c}.muted{color:#888;font-size:13px}
button{width:100%;height:44px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:16px;cursor:pointer}
a{color:#1677ff}
</style></head><body><main>${body}</main></body></html>`;
}
