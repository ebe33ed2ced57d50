import { describe, expect, it, vi } from 'vitest';
import { MEMBER_RESULT_MESSAGE, finishMemberDialog } from './finish-member-dialog';

describe('finishMemberDialog', () => {
  const outcome = { paid: true, payOrderNo: 'PQ1', vipEndTime: 1 };

  it('reloads the page at the top level', () => {
    const reload = vi.fn();
    const host = { parent: null, location: { reload } };
    finishMemberDialog(outcome, host);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a window that is its own parent as the top level', () => {
    const reload = vi.fn();
    const postMessage = vi.fn();
    const host: { parent: unknown; location: { reload: () => void } } = {
      parent: null,
      location: { reload },
    };
    host.parent = Object.assign(host, { postMessage });
    finishMemberDialog(outcome, host as Parameters<typeof finishMemberDialog>[1]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('posts the result to the frame parent instead', () => {
    const reload = vi.fn();
    const postMessage = vi.fn();
    finishMemberDialog(outcome, { parent: { postMessage }, location: { reload } });
    expect(postMessage).toHaveBeenCalledWith({ type: MEMBER_RESULT_MESSAGE, ...outcome }, '*');
    expect(reload).not.toHaveBeenCalled();
  });
});
