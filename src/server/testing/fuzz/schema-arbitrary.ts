import fc from 'fast-check';
import type { TSchema } from '@sinclair/typebox';

// JSON schema (the TypeBox shapes the contract uses) → fast-check arbitrary of values it accepts.

/** The JSON schema keywords the contract's TypeBox requests use. */
export type JsonSchema = {
  type?: string | readonly string[];
  const?: unknown;
  enum?: readonly unknown[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  properties?: Readonly<Record<string, JsonSchema>>;
  patternProperties?: Readonly<Record<string, JsonSchema>>;
  additionalProperties?: boolean | JsonSchema;
  required?: readonly string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
};

/** A TypeBox schema read as the plain JSON schema it is. */
export const asJsonSchema = (schema: TSchema): JsonSchema => schema as JsonSchema;

export type ArbitraryOptions = {
  /** Longest string generated where the schema allows longer (default 40 code points). */
  maxStringLength?: number;
  /** Most array items generated where the schema allows more (default 5). */
  maxArrayLength?: number;
};

const CHINESE = '花 纹样 青花 牡丹 几何 条纹 国潮 云纹 设计 面料 图'.split(' ');

/** Length as JSON schema counts it: code points, not UTF-16 units. */
export const codePointLength = (s: string): number => [...s].length;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined
    ? []
    : typeof schema.type === 'string'
      ? [schema.type]
      : [...schema.type];

/** The smallest and largest value a numeric schema allows, within the safe integers. */
export function numericBounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  let min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  let max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum !== undefined) {
    min = Math.max(
      min,
      integer ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum,
    );
  }
  if (schema.exclusiveMaximum !== undefined) {
    max = Math.min(max, integer ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum);
  }
  if (integer) {
    min = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    max = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  }
  return { min, max: Math.max(min, max) };
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, true);
  const wide = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  // Mostly small values near the lower bound, so ids and pages hit real rows.
  const nearMin = Math.max(min, Math.min(max, 0));
  const small = fc.integer({ min: 0, max: Math.min(40, max - nearMin) }).map((d) => nearMin + d);
  return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: wide });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  return fc.double({
    min,
    max,
    minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.maximum === undefined && schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function stringArbitrary(schema: JsonSchema, options: Required<ArbitraryOptions>) {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(
    schema.maxLength ?? Number.MAX_SAFE_INTEGER,
    Math.max(minLength, options.maxStringLength),
  );
  // ajv counts code points; keep UTF-16 units within the maximum too, so any validator agrees.
  const fits = (s: string): boolean => codePointLength(s) >= minLength && s.length <= maxLength;
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
  }
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uri') return fc.webUrl().filter(fits);
  const chinese = fc
    .array(fc.constantFrom(...CHINESE), { minLength: 1, maxLength: 4 })
    .map((words) => words.join(''));
  return fc
    .oneof(
      fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      chinese,
    )
    .map((s) => (s.length > maxLength ? [...s].slice(0, maxLength).join('') : s))
    .filter(fits);
}

function arrayArbitrary(
  schema: JsonSchema,
  options: Required<ArbitraryOptions>,
): fc.Arbitrary<unknown[]> {
  const item = schemaArbitrary(schema.items ?? {}, options);
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(
    schema.maxItems ?? Number.MAX_SAFE_INTEGER,
    Math.max(minLength, options.maxArrayLength),
  );
  return schema.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength, maxLength });
}

function objectArbitrary(
  schema: JsonSchema,
  options: Required<ArbitraryOptions>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const patterned = Object.values(schema.patternProperties ?? {})[0];
  if (keys.length === 0 && patterned !== undefined) {
    // Type.Record: a few keys of any name.
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }),
      schemaArbitrary(patterned, options),
      {
        maxKeys: 3,
      },
    );
  }
  if (keys.length === 0) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) model[key] = schemaArbitrary(properties[key] ?? {}, options);
  const requiredKeys = (schema.required ?? []).filter((k) => keys.includes(k));
  return fc.record(model, { requiredKeys });
}

/** Values the schema accepts: objects, optional keys, strings with pattern and length, bounded numbers, arrays, unions, literals, null. */
export function schemaArbitrary(
  schema: JsonSchema,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const opts: Required<ArbitraryOptions> = {
    maxStringLength: options.maxStringLength ?? 40,
    maxArrayLength: options.maxArrayLength ?? 5,
  };
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union !== undefined && union.length > 0) {
    return fc.oneof(...union.map((s) => schemaArbitrary(s, opts)));
  }
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => schemaArbitrary({ ...schema, type }, opts)));
  }
  switch (types[0]) {
    case 'object':
      return objectArbitrary(schema, opts);
    case 'array':
      return arrayArbitrary(schema, opts);
    case 'string':
      return stringArbitrary(schema, opts);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // Type.Any / Type.Unknown: any small JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A request body the call accepts, as its schema says. */
export function requestArbitrary(
  schema: TSchema,
  options: ArbitraryOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  return schemaArbitrary(asJsonSchema(schema), options).map((value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {},
  );
}

/** One place in a request body a hostile value can go, with the schema that place has. */
export type SchemaSlot = {
  path: readonly (string | number)[];
  schema: JsonSchema;
  required: boolean;
};

/** Every property of the body (nested objects and first array items too, three levels deep). */
export function schemaSlots(schema: JsonSchema, depth = 3): SchemaSlot[] {
  const slots: SchemaSlot[] = [];
  const walk = (s: JsonSchema, path: (string | number)[], level: number) => {
    if (level > depth) return;
    const objectLike = s.anyOf?.find((o) => typesOf(o).includes('object')) ?? s;
    const arrayLike = s.anyOf?.find((o) => typesOf(o).includes('array')) ?? s;
    if (objectLike.properties) {
      const required = new Set(objectLike.required ?? []);
      for (const [key, child] of Object.entries(objectLike.properties)) {
        slots.push({ path: [...path, key], schema: child, required: required.has(key) });
        walk(child, [...path, key], level + 1);
      }
    } else if (arrayLike.items && path.length > 0) {
      slots.push({ path: [...path, 0], schema: arrayLike.items, required: false });
      walk(arrayLike.items, [...path, 0], level + 1);
    }
  };
  walk(schema, [], 0);
  return slots;
}

/** The JSON types a slot accepts ('integer' counts as a number). */
export function slotTypes(schema: JsonSchema): Set<string> {
  const out = new Set<string>();
  const add = (s: JsonSchema) => {
    if (s.const !== undefined) out.add(s.const === null ? 'null' : typeof s.const);
    for (const v of s.enum ?? []) out.add(v === null ? 'null' : typeof v);
    for (const t of typesOf(s)) out.add(t === 'integer' ? 'number' : t);
    for (const o of s.anyOf ?? s.oneOf ?? []) add(o);
  };
  add(schema);
  return out;
}
