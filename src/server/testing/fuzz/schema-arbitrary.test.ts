import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allCalls } from '@shared/contract';
import { PageQuery } from '@shared/contract/common';
import { RawJson, kindGenerators, ownMembers, setAt, toJsonText, toQueryText } from './hostile';
import { asJsonSchema, requestArbitrary, schemaArbitrary, schemaSlots } from './schema-arbitrary';

const Shapes = Type.Object({
  ...PageQuery,
  phone: Type.String({ pattern: '^1\\d{10}$' }),
  name: Type.String({ minLength: 2, maxLength: 5 }),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 30, pattern: '\\S' })),
  purpose: Type.Union([Type.Literal('register'), Type.Literal('login')]),
  ratio: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
  big: Type.Integer({ minimum: 1 }),
  flag: Type.Boolean(),
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 3, uniqueItems: true }),
  group: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  region: Type.Optional(Type.Object({ x: Type.Number({ minimum: 0, maximum: 1 }) })),
  nothing: Type.Null(),
});

describe('schema → arbitrary', () => {
  it('generates only values the schema accepts', () => {
    const check = TypeCompiler.Compile(Shapes);
    fc.assert(
      fc.property(requestArbitrary(Shapes), (value) => {
        expect(check.Check(value), JSON.stringify([...check.Errors(value)][0])).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('honours optional keys, lengths, patterns and unions', () => {
    const values = fc.sample(requestArbitrary(Shapes), { numRuns: 300, seed: 11 });
    expect(values.some((v) => 'title' in v)).toBe(true);
    expect(values.some((v) => !('title' in v))).toBe(true);
    expect(new Set(values.map((v) => v.purpose))).toEqual(new Set(['register', 'login']));
    expect(values.some((v) => v.group === null) && values.some((v) => v.group !== null)).toBe(true);
    for (const v of values) {
      expect(v.phone).toMatch(/^1\d{10}$/);
      expect([...(v.name as string)].length).toBeGreaterThanOrEqual(2);
      expect([...(v.name as string)].length).toBeLessThanOrEqual(5);
    }
    // Mostly small ids (to hit real rows), sometimes beyond 32 bits.
    expect(values.filter((v) => (v.big as number) <= 41).length).toBeGreaterThan(150);
    expect(values.some((v) => (v.big as number) > 2 ** 32)).toBe(true);
  });

  it('covers every request schema of the contract with values it accepts', () => {
    for (const call of allCalls) {
      const check = TypeCompiler.Compile(call.request);
      const values = fc.sample(requestArbitrary(call.request), { numRuns: 10, seed: 3 });
      for (const value of values) {
        expect(check.Check(value), `${call.name}: ${JSON.stringify(value).slice(0, 200)}`).toBe(
          true,
        );
      }
    }
  });

  it('falls back to any JSON value for a schema without a type', () => {
    const values = fc.sample(schemaArbitrary({}), { numRuns: 20, seed: 1 });
    expect(values.every((v) => JSON.stringify(v) !== undefined)).toBe(true);
  });

  it('lists nested slots of a body', () => {
    const paths = schemaSlots(asJsonSchema(Shapes)).map((s) => s.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['pageIndex', 'ids', 'ids.0', 'region.x']));
  });
});

describe('hostile bodies', () => {
  it('writes raw numbers, deep nesting and own __proto__ keys as JSON text', () => {
    const body = {
      pageIndex: new RawJson('9223372036854775808'),
      ...ownMembers([['__proto__', { polluted: 'yes' }]]),
    };
    expect(toJsonText(body)).toBe(
      '{"pageIndex":9223372036854775808,"__proto__":{"polluted":"yes"}}',
    );
    expect(JSON.parse(toJsonText(setAt({ a: 1 }, ['r', 'x'], 2)))).toEqual({ a: 1, r: { x: 2 } });
    expect(toQueryText({ a: [1, 2], b: 'x y', c: new RawJson('1e300') })).toBe(
      'a=1&a=2&b=x%20y&c=1e300',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('makes every kind for every call, and inputs that are really hostile', () => {
    for (const call of allCalls) {
      const generators = kindGenerators(call);
      expect(generators.has('valid')).toBe(true);
      expect(generators.has('bad-cookie')).toBe(true);
      for (const generator of generators.values()) {
        const [input] = fc.sample(generator.arbitrary, { numRuns: 1, seed: 5 });
        expect(input?.note, call.name).toBeTruthy();
      }
    }
    const list = allCalls.find((c) => c.name === 'Creation/GetCreationList');
    const edge = list && kindGenerators(list).get('edge-numbers');
    const examples = edge?.examples({ pageIndex: 1, pageSize: 2 }) ?? [];
    expect(examples.map((e) => toJsonText(e.body))).toContain(
      '{"pageIndex":9223372036854775808,"pageSize":2}',
    );
  });
});
