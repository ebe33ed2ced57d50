import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OLD_BROWSER_MIN_WIDTH_STYLE, OldBrowserBar, isOldBrowser } from './old-browser-bar';

const UA = {
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  edge18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  chromiumEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  chrome79:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36',
  chrome80:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.87 Safari/537.36',
  electron:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) wenyang/0.1.0 Chrome/142.0.0.0 Electron/39.8.10 Safari/537.36',
  firefox77: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:77.0) Gecko/20100101 Firefox/77.0',
  firefox78: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:78.0) Gecko/20100101 Firefox/78.0',
  safari12:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15',
  safari13:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1 Safari/605.1.15',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
} as const;

const WARNING = '您的浏览器版本过低，建议使用最新版 Chrome 或 Edge 浏览器访问';

describe('isOldBrowser', () => {
  it.each([
    ['Internet Explorer 11', UA.ie11],
    ['Internet Explorer 9', UA.ie9],
    ['EdgeHTML 18', UA.edge18],
    ['Chrome 79', UA.chrome79],
    ['Firefox 77', UA.firefox77],
    ['Safari 12', UA.safari12],
  ])('counts %s as old', (_name, userAgent) => {
    expect(isOldBrowser(userAgent)).toBe(true);
  });

  it.each([
    ['Chromium Edge', UA.chromiumEdge],
    ['Chrome 80', UA.chrome80],
    ['the desktop app (Electron)', UA.electron],
    ['Firefox 78', UA.firefox78],
    ['Safari 13', UA.safari13],
    ['Chrome on iOS', UA.iosChrome],
    ['an unknown agent', 'SomeBot/1.0'],
  ])('accepts %s', (_name, userAgent) => {
    expect(isOldBrowser(userAgent)).toBe(false);
  });
});

describe('OldBrowserBar', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('warns users of an old browser, reading the running browser by default', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.ie11);
    render(<OldBrowserBar />);
    expect(screen.getByText(WARNING)).toBeInTheDocument();
  });

  it('says nothing to users of a modern browser', () => {
    render(<OldBrowserBar userAgent={UA.chrome80} />);
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('can be closed', async () => {
    render(<OldBrowserBar userAgent={UA.chrome79} />);
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('gives layouts a 1200px minimum width', () => {
    expect(OLD_BROWSER_MIN_WIDTH_STYLE).toEqual({ minWidth: 1200 });
  });
});
