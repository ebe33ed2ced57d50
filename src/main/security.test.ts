import { describe, expect, it } from 'vitest';
import {
  appPageUrl,
  buildContentSecurityPolicy,
  headersWithContentSecurityPolicy,
  secureWebPreferences,
  webPreferencesProblems,
  isAllowedNavigation,
  isAppUrl,
  isPermissionGranted,
  isSafeExternalUrl,
} from './security';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const DEV_ORIGINS = ['http://localhost:5173'];
const BUILT_ORIGINS = ['app://wenyang'];

describe('buildContentSecurityPolicy', () => {
  const packaged = directives(
    buildContentSecurityPolicy('https://market.example.com', { dev: false }),
  );
  const dev = directives(buildContentSecurityPolicy('http://localhost:8080', { dev: true }));

  it('only runs the app’s own scripts (app://wenyang) in a packaged build (no inline, no eval)', () => {
    expect(packaged.get('script-src')).toEqual(["'self'", 'app://wenyang']);
    expect(packaged.get('default-src')).toEqual(["'self'", 'app://wenyang']);
  });

  it('lets the React refresh preamble run in development only', () => {
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('allows antd’s css-in-js styles', () => {
    expect(packaged.get('style-src')).toEqual(["'self'", 'app://wenyang', "'unsafe-inline'"]);
  });

  it('shows images from the app, data:/blob: previews and the marketplace server', () => {
    expect(packaged.get('img-src')).toEqual([
      "'self'",
      'app://wenyang',
      'data:',
      'blob:',
      'https://market.example.com',
    ]);
  });

  it('also shows images from the CDN public images are redirected to, and nothing else from it', () => {
    const policy = directives(
      buildContentSecurityPolicy('https://market.example.com', {
        dev: false,
        mediaOrigin: 'https://cdn.example.com',
      }),
    );
    expect(policy.get('img-src')).toContain('https://cdn.example.com');
    for (const directive of ['connect-src', 'script-src', 'frame-src', 'form-action']) {
      expect(policy.get(directive)).not.toContain('https://cdn.example.com');
    }
  });

  it('talks only to the app and the marketplace server, plus the HMR socket in development', () => {
    expect(packaged.get('connect-src')).toEqual([
      "'self'",
      'app://wenyang',
      'https://market.example.com',
    ]);
    expect(dev.get('connect-src')).toEqual(["'self'", 'http://localhost:8080', 'ws:']);
  });

  it('frames only the account site on the server (login dialog)', () => {
    expect(packaged.get('frame-src')).toEqual(['https://market.example.com']);
    expect(dev.get('frame-src')).toEqual(['http://localhost:8080']);
  });

  it('refuses plugins, <base> rewrites, being framed, and forms posting elsewhere', () => {
    expect(packaged.get('object-src')).toEqual(["'none'"]);
    expect(packaged.get('base-uri')).toEqual(["'none'"]);
    expect(packaged.get('frame-ancestors')).toEqual(["'none'"]);
    expect(packaged.get('form-action')).toEqual([
      "'self'",
      'app://wenyang',
      'https://market.example.com',
    ]);
  });

  it('names the server by origin even when the server URL has a path', () => {
    const policy = directives(
      buildContentSecurityPolicy('https://market.example.com/wenyang', { dev: false }),
    );
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'app://wenyang',
      'https://market.example.com',
    ]);
    // So the account site at <serverUrl>/account/ can be framed.
    expect(policy.get('frame-src')).toEqual(['https://market.example.com']);
  });

  it('never allows wildcards or eval', () => {
    const text = buildContentSecurityPolicy('http://localhost:8080', { dev: true });
    expect(text).not.toContain('*');
    expect(text).not.toContain('unsafe-eval');
  });
});

describe('isAllowedNavigation', () => {
  it('allows routes of the dev server', () => {
    expect(isAllowedNavigation('http://localhost:5173/works/12?tab=1', DEV_ORIGINS)).toBe(true);
    expect(isAllowedNavigation('http://localhost:5173/#/orders', DEV_ORIGINS)).toBe(true);
  });

  it('refuses another port, host or scheme than the dev server', () => {
    expect(isAllowedNavigation('http://localhost:5174/', DEV_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1:5173/', DEV_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('https://localhost:5173/', DEV_ORIGINS)).toBe(false);
  });

  it('allows every route of the built app at app://wenyang', () => {
    for (const url of [
      'app://wenyang/',
      'app://wenyang/works/12?tab=1',
      'app://wenyang/enterprise/12.html',
      'APP://WENYANG/user/',
    ]) {
      expect(isAllowedNavigation(url, BUILT_ORIGINS), url).toBe(true);
    }
  });

  it('refuses another host or port of the app scheme', () => {
    expect(isAllowedNavigation('app://evil/', BUILT_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('app://wenyang.evil.example/', BUILT_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('app://wenyang:8080/', BUILT_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('http://wenyang/', BUILT_ORIGINS)).toBe(false);
  });

  it('refuses every local file, including the renderer folder itself', () => {
    expect(isAllowedNavigation('file:///etc/passwd', BUILT_ORIGINS)).toBe(false);
    expect(
      isAllowedNavigation('file:///opt/wenyang/resources/app.asar/out/renderer/index.html', [
        'file:///opt/wenyang/resources/app.asar/out/renderer/',
      ]),
    ).toBe(false);
  });

  it('refuses the marketplace server and any external site', () => {
    expect(isAllowedNavigation('http://localhost:8080/', DEV_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('https://evil.example/', BUILT_ORIGINS)).toBe(false);
  });

  it('refuses javascript:, data:, about:blank and garbage', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'about:blank',
      'not a url',
      '',
    ]) {
      expect(isAllowedNavigation(url, [...DEV_ORIGINS, ...BUILT_ORIGINS])).toBe(false);
    }
  });

  it('refuses an app URL dressed with credentials', () => {
    expect(isAllowedNavigation('http://user:pw@localhost:5173/', DEV_ORIGINS)).toBe(false);
    expect(isAllowedNavigation('app://user@wenyang/', BUILT_ORIGINS)).toBe(false);
  });

  it('refuses everything when the app has no origin', () => {
    expect(isAllowedNavigation('http://localhost:5173/', [])).toBe(false);
  });
});

describe('isAppUrl', () => {
  it('ignores app origins that are not http(s) or the app scheme', () => {
    expect(isAppUrl('javascript:alert(1)', ['javascript:alert(1)'])).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it('opens ordinary https and http links', () => {
    expect(isSafeExternalUrl('https://www.example.com/help?x=1')).toBe(true);
    expect(isSafeExternalUrl('http://beian.miit.gov.cn/')).toBe(true);
  });

  it('opens mailto: links', () => {
    expect(isSafeExternalUrl('mailto:service@wenyang.example')).toBe(true);
  });

  it('refuses a javascript: link', () => {
    expect(isSafeExternalUrl('javascript:alert(document.cookie)')).toBe(false);
    expect(isSafeExternalUrl('JavaScript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl(' javascript:alert(1)')).toBe(false);
  });

  it('refuses local files and data: URLs', () => {
    expect(isSafeExternalUrl('file:///C:/Windows/System32/calc.exe')).toBe(false);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
  });

  it('refuses custom schemes that would launch other programs', () => {
    for (const url of [
      'ms-msdt:/id PCWDiagnostic',
      'smb://host/share',
      'vscode://file/x',
      'ftp://x/y',
    ]) {
      expect(isSafeExternalUrl(url)).toBe(false);
    }
  });

  it('refuses malformed links and an empty mailto', () => {
    for (const url of ['', 'not a url', 'https://', 'http//missing-colon.example', 'mailto:']) {
      expect(isSafeExternalUrl(url)).toBe(false);
    }
  });

  it('refuses links that hide the real host behind credentials', () => {
    expect(isSafeExternalUrl('https://bank.example@evil.example/')).toBe(false);
  });
});

describe('isPermissionGranted', () => {
  const fromApp = { requestingUrl: 'http://localhost:5173/works/1' };

  it('lets the app copy to the clipboard and go full screen', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', fromApp, DEV_ORIGINS)).toBe(true);
    expect(isPermissionGranted('fullscreen', fromApp, DEV_ORIGINS)).toBe(true);
  });

  it('refuses camera, location, notifications and clipboard reading', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      expect(isPermissionGranted(permission, fromApp, DEV_ORIGINS)).toBe(false);
    }
  });

  it('refuses every permission to the framed account site', () => {
    const fromFrame = { requestingUrl: 'http://localhost:8080/account/' };
    expect(isPermissionGranted('fullscreen', fromFrame, DEV_ORIGINS)).toBe(false);
    expect(isPermissionGranted('fullscreen', fromFrame, BUILT_ORIGINS)).toBe(false);
  });

  it('grants the built app what it needs', () => {
    const fromBuilt = { requestingUrl: 'app://wenyang/works/1' };
    expect(isPermissionGranted('fullscreen', fromBuilt, BUILT_ORIGINS)).toBe(true);
  });

  it('opens mailto: but not custom protocol links from the app', () => {
    const mail = { ...fromApp, externalUrl: 'mailto:a@b.example' };
    const custom = { ...fromApp, externalUrl: 'ms-msdt:/id x' };
    expect(isPermissionGranted('openExternal', mail, DEV_ORIGINS)).toBe(true);
    expect(isPermissionGranted('openExternal', custom, DEV_ORIGINS)).toBe(false);
  });
});

describe('secureWebPreferences and webPreferencesProblems', () => {
  it('isolates and sandboxes every window, with no Node, webview or insecure content', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(webPreferencesProblems(prefs)).toEqual([]);
  });

  it('names each weakened rule', () => {
    expect(
      webPreferencesProblems({
        contextIsolation: false,
        sandbox: false,
        nodeIntegration: true,
        webSecurity: false,
        webviewTag: true,
        enableBlinkFeatures: 'X',
      }),
    ).toEqual([
      'contextIsolation is off',
      'sandbox is off',
      'nodeIntegration is on',
      'webSecurity is off',
      'webviewTag is on',
      'enableBlinkFeatures is set',
    ]);
    expect(webPreferencesProblems(null)).toEqual(['no web preferences']);
  });
});

describe('headersWithContentSecurityPolicy', () => {
  it('puts the app’s CSP on its pages, replacing any other', () => {
    expect(
      headersWithContentSecurityPolicy(
        'app://wenyang/work/detail?id=1',
        { 'content-type': ['text/html'], 'Content-Security-Policy': ['default-src *'] },
        "default-src 'self'",
        BUILT_ORIGINS,
      ),
    ).toEqual({ 'content-type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] });
  });

  it('leaves the marketplace server’s responses alone', () => {
    expect(
      headersWithContentSecurityPolicy(
        'https://market.example.com/account/',
        {},
        'x',
        BUILT_ORIGINS,
      ),
    ).toBeNull();
  });
});

describe('appPageUrl', () => {
  it('opens in-app paths on the app’s own origin', () => {
    expect(appPageUrl('/work/detail?id=12', 'app://wenyang/', BUILT_ORIGINS)).toBe(
      'app://wenyang/work/detail?id=12',
    );
    expect(appPageUrl('/user/mywork', 'http://localhost:5173/', DEV_ORIGINS)).toBe(
      'http://localhost:5173/user/mywork',
    );
  });

  it('refuses anything that could leave the app', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      'work/1',
      '/a\nb',
      '',
    ]) {
      expect(appPageUrl(path, 'app://wenyang/', BUILT_ORIGINS), path).toBeNull();
    }
  });
});
