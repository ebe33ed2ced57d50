// What the build says about itself: Vite's `define` writes __APP_VERSION__ (package.json) into the
// bundle in vite.web.config.ts, electron.vite.config.ts and the web project of vitest.config.ts.
declare const __APP_VERSION__: string | undefined;

/** The version of this build, e.g. 0.1.0; '' if a build did not define it. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '';
