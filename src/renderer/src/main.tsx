import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAxios } from './api/api-client';
import { App } from './app/app';
import { initPlatform } from './lib/platform';
import { isChunkLoadError, reloadForChunkError } from './lib/chunk-reload';
import './styles/global.css';

// §8: a failed chunk outside the router (e.g. a preloaded module) also reloads, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadForChunkError();
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadForChunkError();
});

// axios is not needed to render the frame: it loads beside the page's own chunks (docs/fast-pages.md).
void loadAxios().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

void initPlatform().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
