import { describe, expect, it } from 'vitest';
import { buildAppInfo } from './app-info';

const inputs = {
  version: '0.1.0',
  processVersions: { electron: '39.8.10', chrome: '142.0.7444.0', node: '22.20.0', v8: '14.2' },
  platform: 'win32',
  serverUrl: 'http://localhost:8080',
  packaged: true,
};

describe('buildAppInfo', () => {
  it('names the product 纹样 with the package version', () => {
    const info = buildAppInfo(inputs);
    expect(info.name).toBe('纹样');
    expect(info.version).toBe('0.1.0');
  });

  it('reports the host’s Electron, Chromium and Node versions and nothing else', () => {
    expect(buildAppInfo(inputs).versions).toEqual({
      electron: '39.8.10',
      chrome: '142.0.7444.0',
      node: '22.20.0',
    });
  });

  it('tells which server, platform and build kind the app runs with', () => {
    const info = buildAppInfo({ ...inputs, packaged: false, platform: 'darwin' });
    expect(info).toMatchObject({
      serverUrl: 'http://localhost:8080',
      platform: 'darwin',
      packaged: false,
    });
  });

  it('says "unknown" rather than leaving a version blank when outside Electron', () => {
    const info = buildAppInfo({ ...inputs, version: ' ', processVersions: { node: '20.19.0' } });
    expect(info.version).toBe('unknown');
    expect(info.versions).toEqual({ electron: 'unknown', chrome: 'unknown', node: '20.19.0' });
  });
});
