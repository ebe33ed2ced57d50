import { describe, expect, it } from 'vitest';
import { newOrderNo } from './order-service';

describe('order numbers', () => {
  it('are the prefix, the China time to the second and ten random digits, within the contract', () => {
    const no = newOrderNo('WY', Date.UTC(2026, 10, 24, 16, 0, 5));
    expect(no).toMatch(/^WY20261125000005\d{10}$/);
    expect(no).toMatch(/^[A-Z0-9]{8,32}$/);
    // A thousand in one second: the random part alone keeps them apart.
    const many = new Set(Array.from({ length: 1000 }, () => newOrderNo('PY', 0)));
    expect(many.size).toBe(1000);
  });
});
