import { describe, expect, it } from 'vitest';
import { canSaveRegistrationInterest } from './registration-interest';

describe('registration interest', () => {
  it('needs a seller or buyer type', () => {
    expect(
      canSaveRegistrationInterest({ seller: null, buyers: [], role: null, isNewRegister: false }),
    ).toBe(false);
    expect(
      canSaveRegistrationInterest({
        seller: '设计师',
        buyers: [],
        role: null,
        isNewRegister: false,
      }),
    ).toBe(true);
    expect(
      canSaveRegistrationInterest({
        seller: null,
        buyers: ['工厂'],
        role: null,
        isNewRegister: false,
      }),
    ).toBe(true);
  });

  it('needs a role from a new registrant', () => {
    expect(
      canSaveRegistrationInterest({
        seller: '设计师',
        buyers: [],
        role: null,
        isNewRegister: true,
      }),
    ).toBe(false);
    expect(
      canSaveRegistrationInterest({ seller: '设计师', buyers: [], role: 1, isNewRegister: true }),
    ).toBe(true);
  });
});
