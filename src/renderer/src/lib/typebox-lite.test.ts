import { Value } from '@sinclair/typebox/value';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The renderer builds resolve `@sinclair/typebox` to typebox-lite.ts (docs/fast-pages.md). Every
// contract module imported both ways must export the same values: equal schemas (symbol keys
// included), equal calls, equal constants. A builder the contract starts using that the stand-in
// lacks fails here.

type Loaders = Record<string, () => Promise<unknown>>;
const contractModules = (): Loaders => {
  const all = import.meta.glob('../../../shared/contract/*.ts') as Loaders;
  return Object.fromEntries(Object.entries(all).filter(([path]) => !path.endsWith('.test.ts')));
};

async function importAll(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  // In file order, as a page imports them: Type.Recursive numbers unnamed schemas in import order.
  for (const [path, load] of Object.entries(contractModules()).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    out[path] = await load();
  }
  return out;
}

/** The first difference between two values (symbol keys included), or null. */
function firstDifference(
  a: unknown,
  b: unknown,
  path: string,
  seen = new Set<unknown>(),
): string | null {
  if (typeof a === 'function' && typeof b === 'function') {
    return String(a) === String(b) ? null : `${path}: different functions`;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return Object.is(a, b) ? null : `${path}: ${String(a)} ≠ ${String(b)}`;
  }
  if (seen.has(a)) return null;
  seen.add(a);
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const ao = a as Record<string | symbol, unknown>;
  const bo = b as Record<string | symbol, unknown>;
  const keys = (o: object) => [...Object.keys(o), ...Object.getOwnPropertySymbols(o)];
  const ak = keys(ao);
  const bk = keys(bo);
  const missing = ak.filter((k) => !bk.includes(k)).concat(bk.filter((k) => !ak.includes(k)));
  if (missing.length > 0) return `${path}: keys differ (${missing.map(String).join(', ')})`;
  for (const key of ak) {
    const diff = firstDifference(ao[key], bo[key], `${path}.${String(key)}`, seen);
    if (diff) return diff;
  }
  return null;
}

describe('typebox-lite', () => {
  afterEach(() => {
    vi.doUnmock('@sinclair/typebox');
    vi.resetModules();
  });

  it('builds every contract module exactly as TypeBox does', async () => {
    vi.resetModules();
    const real = await importAll();
    vi.resetModules();
    vi.doMock('@sinclair/typebox', () => import('./typebox-lite'));
    const lite = await importAll();

    expect(Object.keys(real).length).toBeGreaterThan(30);
    for (const path of Object.keys(real)) {
      expect(firstDifference(real[path], lite[path], path)).toBeNull();
    }
    // And Value.Check reads the stand-in's schemas (the framed account site's login message does).
    const accounts = lite['../../../shared/contract/accounts.ts'] as {
      LoginPayload: Parameters<typeof Value.Check>[0];
    };
    expect(Value.Check(accounts.LoginPayload, {})).toBe(false);
    expect(
      Value.Check(accounts.LoginPayload, { token: 't', expiration: 1, refreshToken: 'r' }),
    ).toBe(true);
  });

  it('tells which Record key it does not support', async () => {
    const { Type } = await import('./typebox-lite');
    expect(() => Type.Record(Type.Boolean(), Type.String())).toThrow(/Boolean key/);
  });
});
