// The renderer builds' stand-in for `@sinclair/typebox` (aliased in vite.web.config.ts and
// electron.vite.config.ts; issue 16, docs/fast-pages.md). The contract modules build their TypeBox
// schemas when imported, and every page imports some of them for `callApi`, so TypeBox's type
// builders (~17 KiB gz with their template-literal, mapped-type and guard machinery) were in every
// page's initial JavaScript. This file builds the same schema objects for the builders the contract
// uses, with the same `Symbol.for('TypeBox.…')` keys, so `Value.Check` (imported from
// `@sinclair/typebox/value`, which is not aliased) still reads them. Types still come from the real
// package (`import type` is erased; tsc and vitest do not see the alias).
// typebox-lite.test.ts imports every contract module with this file and with TypeBox and requires
// equal schemas, so a builder the contract starts using fails there, not in a browser.

/** A schema as TypeBox builds it: JSON Schema keywords plus its symbol-keyed hints. */
export type LiteSchema = { [key: string | symbol]: unknown };
type Options = Record<string, unknown>;

export const Kind = Symbol.for('TypeBox.Kind');
export const Hint = Symbol.for('TypeBox.Hint');
export const OptionalKind = Symbol.for('TypeBox.Optional');
export const ReadonlyKind = Symbol.for('TypeBox.Readonly');
export const TransformKind = Symbol.for('TypeBox.Transform');

/** TypeBox's `CreateType` in its default instance mode: options first, the schema's own keys win. */
const create = (schema: LiteSchema, options?: Options): LiteSchema =>
  options !== undefined ? { ...options, ...schema } : schema;

/** TypeBox's `Clone`: a deep copy of plain objects and arrays, symbol keys included. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => clone(v)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof RegExp) return new RegExp(value.source, value.flags) as T;
  if (value !== null && typeof value === 'object') {
    const source = value as LiteSchema;
    const result: LiteSchema = {};
    for (const key of Object.getOwnPropertyNames(source)) result[key] = clone(source[key]);
    for (const key of Object.getOwnPropertySymbols(source)) result[key] = clone(source[key]);
    return result as T;
  }
  return value;
}

const isOptional = (schema: LiteSchema): boolean => schema[OptionalKind] === 'Optional';

const objectType = (properties: Record<string, LiteSchema>, options?: Options): LiteSchema => {
  const required = Object.keys(properties).filter((key) => !isOptional(properties[key]!));
  return create(
    required.length > 0
      ? { [Kind]: 'Object', type: 'object', required, properties }
      : { [Kind]: 'Object', type: 'object', properties },
    options,
  );
};

const PATTERN_STRING_EXACT = '^(.*)$';
const PATTERN_NUMBER_EXACT = '^(0|[1-9][0-9]*)$';

let recursiveOrdinal = 0;

/** The builders the contract uses, with TypeBox's results (type/*.mjs in @sinclair/typebox 0.34). */
export const Type = {
  String: (options?: Options) => create({ [Kind]: 'String', type: 'string' }, options),
  Integer: (options?: Options) => create({ [Kind]: 'Integer', type: 'integer' }, options),
  Number: (options?: Options) => create({ [Kind]: 'Number', type: 'number' }, options),
  Boolean: (options?: Options) => create({ [Kind]: 'Boolean', type: 'boolean' }, options),
  Null: (options?: Options) => create({ [Kind]: 'Null', type: 'null' }, options),
  Unknown: (options?: Options) => create({ [Kind]: 'Unknown' }, options),
  Never: (options?: Options) => create({ [Kind]: 'Never', not: {} }, options),
  Literal: (value: string | number | boolean, options?: Options) =>
    create({ [Kind]: 'Literal', const: value, type: typeof value }, options),
  Array: (items: LiteSchema, options?: Options) =>
    create({ [Kind]: 'Array', type: 'array', items }, options),
  Object: objectType,
  Union: (types: LiteSchema[], options?: Options): LiteSchema =>
    types.length === 0
      ? Type.Never(options)
      : types.length === 1
        ? create(types[0]!, options)
        : create({ [Kind]: 'Union', anyOf: types }, options),
  Optional: (schema: LiteSchema, enable = true): LiteSchema => {
    if (enable) return { ...schema, [OptionalKind]: 'Optional' };
    const { [OptionalKind]: _dropped, ...rest } = schema;
    return rest;
  },
  /** Records keyed by strings or numbers (the only key kinds the contract uses). */
  Record: (key: LiteSchema, value: LiteSchema, options: Options = {}): LiteSchema => {
    const pattern =
      key[Kind] === 'String'
        ? typeof key.pattern === 'string'
          ? key.pattern
          : PATTERN_STRING_EXACT
        : key[Kind] === 'Integer' || key[Kind] === 'Number'
          ? PATTERN_NUMBER_EXACT
          : undefined;
    if (pattern === undefined) {
      throw new Error(
        `typebox-lite: Type.Record with a ${String(key[Kind])} key is not supported (add it here)`,
      );
    }
    return create(
      { [Kind]: 'Record', type: 'object', patternProperties: { [pattern]: value } },
      options,
    );
  },
  Recursive: (callback: (self: LiteSchema) => LiteSchema, options: Options = {}): LiteSchema => {
    if (options.$id === undefined) options.$id = `T${recursiveOrdinal++}`;
    const self = clone(callback({ [Kind]: 'This', $ref: `${String(options.$id)}` }));
    self.$id = options.$id;
    return create({ [Hint]: 'Recursive', ...self }, options);
  },
};
