import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('wenyang123');
    expect(stored).not.toContain('wenyang123');
    expect(await verifyPassword('wenyang123', stored)).toBe(true);
    expect(await verifyPassword('wenyang124', stored)).toBe(false);
  });
  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
