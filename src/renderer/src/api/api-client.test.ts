import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setSessionGoneHandler, unwrapEnvelope } from './api-client';

describe('envelope unwrapping', () => {
  beforeEach(() => {
    document.cookie = 'token=abc; path=/';
  });

  it('returns data on code 1 and rs on flag true', () => {
    expect(unwrapEnvelope({ code: 1, msg: '', data: { a: 1 } }, 200)).toEqual({ a: 1 });
    expect(unwrapEnvelope({ flag: true, msg: '', rs: [1] }, 200)).toEqual([1]);
  });

  it('passes other codes to the caller with the server message', () => {
    expect(() => unwrapEnvelope({ code: 1022, msg: '余额不足', data: null }, 422)).toThrow(
      new ApiError(1022, '余额不足'),
    );
  });

  it('falls back to 操作失败！ when the server gives no message', () => {
    expect(() => unwrapEnvelope({ code: 7 }, 200)).toThrow('操作失败！');
  });

  it('ends the session on codes 401 to 405: clears cookies and calls the handler', () => {
    const gone = vi.fn();
    setSessionGoneHandler(gone);
    expect(() => unwrapEnvelope({ code: 401, msg: '请先登录', data: null }, 401)).toThrow(ApiError);
    expect(gone).toHaveBeenCalledOnce();
    expect(document.cookie).not.toContain('token=abc');
  });
});
