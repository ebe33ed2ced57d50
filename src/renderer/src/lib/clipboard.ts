// Copies text: the async Clipboard API where the page is a secure context, else a selected textarea.

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  // The legacy path is the only one left on plain http; it is deprecated but still supported.
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}
