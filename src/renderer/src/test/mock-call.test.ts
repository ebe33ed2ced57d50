import { describe, expect, it } from 'vitest';
import { getDesignerStatus } from '@shared/contract/accounts';
import { mockCall, takeMockCallMismatches } from './mock-call';

describe('mockCall', () => {
  it('returns a payload that matches the call response schema', () => {
    expect(mockCall(getDesignerStatus, { status: 1, settleStatus: 1 })).toEqual({
      status: 1,
      settleStatus: 1,
    });
    expect(takeMockCallMismatches()).toEqual([]);
  });

  it('fails with the call name and the first error when the payload does not match', () => {
    const wrong = { status: 1 } as unknown as { status: number; settleStatus: number };
    expect(() => mockCall(getDesignerStatus, wrong)).toThrow(
      'mockCall saas.getDesignerStatus: /settleStatus: ',
    );
    expect(takeMockCallMismatches()).toHaveLength(1);
  });
});
