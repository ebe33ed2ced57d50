import { serverUrl } from '../../../lib/platform';

/** Starts a browser download of a signed server URL through an <a download>. */
export function downloadFile(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = serverUrl(url);
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Opens a document (PDF) of the server in a new tab. */
export function openDocument(url: string): void {
  window.open(serverUrl(url), '_blank', 'noopener');
}
