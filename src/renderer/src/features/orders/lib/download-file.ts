import { serverUrl } from '../../../lib/platform';

/** Opens a document (PDF) of the server in a new tab. */
export function openDocument(url: string): void {
  window.open(serverUrl(url), '_blank', 'noopener');
}
