import { describe, expect, it } from 'vitest';
import {
  DEEP_LINK_MSG,
  deepLinkFromArgv,
  deepLinkRoute,
  parseDeepLink,
  parseDeepLinkImage,
} from './deep-link';
import { createLinkHandOver } from './link-hand-over';
import type { DeepLink } from './deep-link';

describe('parseDeepLink', () => {
  it('opens a work by its id', () => {
    expect(parseDeepLink('wenyang://work/12')).toEqual({
      ok: true,
      link: { kind: 'work', workId: 12 },
    });
    // Windows hands the link over with a trailing slash; the scheme and host may be upper case.
    expect(parseDeepLink('WENYANG://Work/12/')).toEqual({
      ok: true,
      link: { kind: 'work', workId: 12 },
    });
    expect(deepLinkRoute({ kind: 'work', workId: 12 })).toBe('/work/detail?id=12');
  });

  it('refuses a work link without a plain positive id', () => {
    for (const raw of [
      'wenyang://work/',
      'wenyang://work/0',
      'wenyang://work/012',
      'wenyang://work/-1',
      'wenyang://work/1.5',
      'wenyang://work/1e3',
      'wenyang://work/99999999999',
      'wenyang://work/12/edit',
      'wenyang://work/12?then=/admin',
      'wenyang://work/%31%32',
    ]) {
      expect(parseDeepLink(raw), raw).toEqual({ ok: false, reason: DEEP_LINK_MSG.badWork });
    }
  });

  it('searches with an image on the web or on this computer', () => {
    expect(
      parseDeepLink(
        `wenyang://search?image=${encodeURIComponent('https://img.example.com/花.jpg?x=1')}`,
      ),
    ).toEqual({
      ok: true,
      link: {
        kind: 'search',
        image: { kind: 'url', url: 'https://img.example.com/%E8%8A%B1.jpg?x=1' },
      },
    });
    expect(
      parseDeepLink(`wenyang://search?image=${encodeURIComponent('/home/me/图案/a.png')}`),
    ).toEqual({
      ok: true,
      link: { kind: 'search', image: { kind: 'file', path: '/home/me/图案/a.png' } },
    });
    expect(parseDeepLinkImage('C:\\Users\\me\\扫描.tif')).toEqual({
      kind: 'file',
      path: 'C:\\Users\\me\\扫描.tif',
    });
    expect(parseDeepLinkImage('file:///home/me/a%20b.jpg')).toEqual({
      kind: 'file',
      path: '/home/me/a b.jpg',
    });
    expect(deepLinkRoute({ kind: 'search', image: { kind: 'url', url: 'https://x/a.png' } })).toBe(
      '/search/picSearch',
    );
  });

  it('refuses network paths, which would hand Windows credentials to another server', () => {
    for (const image of [
      '\\\\evil.example\\share\\a.png',
      '//evil.example/share/a.png',
      '\\/evil.example/a.png',
      'file://evil.example/share/a.png',
    ]) {
      expect(parseDeepLinkImage(image), image).toEqual({ error: DEEP_LINK_MSG.networkPath });
    }
  });

  it('refuses relative paths, ways up, other schemes, credentials and non-images', () => {
    const refused: [string, string][] = [
      ['a.png', DEEP_LINK_MSG.badImage],
      ['../a.png', DEEP_LINK_MSG.badImage],
      ['/home/me/../../etc/a.png', DEEP_LINK_MSG.badImage],
      ['javascript:alert(1)', DEEP_LINK_MSG.badImage],
      ['data:image/png;base64,AAAA', DEEP_LINK_MSG.badImage],
      ['ftp://x.example/a.png', DEEP_LINK_MSG.badImage],
      ['https://user:pw@x.example/a.png', DEEP_LINK_MSG.badImage],
      ['/etc/passwd', DEEP_LINK_MSG.notAnImage],
      ['C:\\Windows\\System32\\calc.exe', DEEP_LINK_MSG.notAnImage],
      ['/home/me/a.png\u0000.txt', DEEP_LINK_MSG.badImage],
      ['', DEEP_LINK_MSG.badImage],
      [`https://x.example/${'a'.repeat(3000)}.png`, DEEP_LINK_MSG.badImage],
    ];
    for (const [image, reason] of refused) {
      expect(parseDeepLinkImage(image), image).toEqual({ error: reason });
    }
  });

  it('takes exactly one image and nothing else in a search link', () => {
    const image = encodeURIComponent('https://x.example/a.png');
    for (const raw of [
      'wenyang://search',
      'wenyang://search?image=',
      `wenyang://search?image=${image}&image=${image}`,
      `wenyang://search?image=${image}&next=/admin`,
      `wenyang://search/more?image=${image}`,
    ]) {
      expect(parseDeepLink(raw), raw).toEqual({ ok: false, reason: DEEP_LINK_MSG.badImage });
    }
  });

  it('refuses every other target, scheme and malformed input', () => {
    const unknown = [
      'wenyang://admin/users',
      'wenyang://settings?folder=/',
      'wenyang://user@work/12',
      'wenyang://work:80/12',
      'wenyang:work/12',
    ];
    for (const raw of unknown) {
      expect(parseDeepLink(raw), raw).toEqual({ ok: false, reason: DEEP_LINK_MSG.unknownTarget });
    }
    for (const raw of [
      'https://wenyang.example/work/12',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'wenyang://work/12\r\nX: y',
      `wenyang://work/${'1'.repeat(5000)}`,
      '',
      '   ',
      'not a url',
      42,
      null,
      { href: 'wenyang://work/1' },
    ]) {
      expect(parseDeepLink(raw)).toEqual({ ok: false, reason: DEEP_LINK_MSG.notALink });
    }
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among Electron’s and Chromium’s arguments', () => {
    expect(
      deepLinkFromArgv([
        'C:\\Program Files\\纹样\\纹样.exe',
        '--allow-file-access-from-files',
        'wenyang://work/3',
      ]),
    ).toBe('wenyang://work/3');
    expect(deepLinkFromArgv(['/usr/bin/wenyang', '--', 'WENYANG://work/4'])).toBe(
      'WENYANG://work/4',
    );
    expect(deepLinkFromArgv(['/usr/bin/wenyang', '--server-url=http://x'])).toBeNull();
    expect(deepLinkFromArgv([42, null])).toBeNull();
  });
});

describe('createLinkHandOver', () => {
  function setUp() {
    const opened: DeepLink[] = [];
    const refused: { reason: string; raw: string }[] = [];
    const handOver = createLinkHandOver({
      open: (link) => opened.push(link),
      refuse: (reason, raw) => refused.push({ reason, raw }),
    });
    return { opened, refused, handOver };
  }

  it('holds the first launch’s link until the window is ready', () => {
    const { opened, handOver } = setUp();
    handOver.fromArgv(['/opt/纹样/wenyang', 'wenyang://work/7']);
    expect(opened).toEqual([]);
    handOver.ready();
    expect(opened).toEqual([{ kind: 'work', workId: 7 }]);
    handOver.ready();
    expect(opened).toHaveLength(1);
  });

  it('opens only the newest of the links that came before the window', () => {
    const { opened, handOver } = setUp();
    handOver.fromOpenUrl('wenyang://work/1');
    handOver.fromOpenUrl('wenyang://work/2');
    handOver.ready();
    expect(opened).toEqual([{ kind: 'work', workId: 2 }]);
  });

  it('hands a second launch’s link to the running app at once', () => {
    const { opened, handOver } = setUp();
    handOver.ready();
    expect(handOver.fromSecondInstance(['wenyang.exe', 'wenyang://work/9'])).toBe(true);
    expect(opened).toEqual([{ kind: 'work', workId: 9 }]);
    // A plain second launch only brings the window forward.
    expect(handOver.fromSecondInstance(['wenyang.exe'])).toBe(false);
    expect(opened).toHaveLength(1);
  });

  it('refuses a bad link with its reason and opens nothing', () => {
    const { opened, refused, handOver } = setUp();
    handOver.ready();
    handOver.fromSecondInstance(['wenyang.exe', 'wenyang://admin']);
    handOver.fromOpenUrl(undefined);
    expect(opened).toEqual([]);
    expect(refused).toEqual([
      { reason: DEEP_LINK_MSG.unknownTarget, raw: 'wenyang://admin' },
      { reason: DEEP_LINK_MSG.notALink, raw: 'undefined' },
    ]);
  });
});
