import { describe, expect, it } from 'vitest';
import { describeValidation } from './validation-message';

describe('describeValidation', () => {
  it('names a missing field in Chinese', () => {
    expect(
      describeValidation(
        [{ keyword: 'required', instancePath: '', params: { missingProperty: 'zoneName' } }],
        'body',
      ),
    ).toBe('请求参数不正确：字段 zoneName缺少必填项');
  });
  it('names a field of the wrong type', () => {
    expect(
      describeValidation([{ keyword: 'type', instancePath: '/pageIndex', params: {} }], 'body'),
    ).toBe('请求参数不正确：字段 pageIndex类型不正确');
  });
  it('speaks of the whole body when no field is at fault', () => {
    expect(describeValidation([{ keyword: 'type', instancePath: '', params: {} }], 'body')).toBe(
      '请求参数不正确：请求体类型不正确',
    );
  });
});
