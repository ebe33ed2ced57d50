import fc from 'fast-check';
import type { CallDef } from '@shared/contract/define';
import type { JsonSchema, SchemaSlot } from './schema-arbitrary';
import {
  asJsonSchema,
  numericBounds,
  requestArbitrary,
  schemaSlots,
  slotTypes,
} from './schema-arbitrary';

// What the fuzzer sends: a valid body as the contract describes it, and hostile variants of it.

export type Role = 'guest' | 'buyer' | 'designer' | 'admin';
export const ROLES: readonly Role[] = ['guest', 'buyer', 'designer', 'admin'];

/** Kinds sent once per role; each mutates a valid body (or its transport). */
export const BODY_KINDS = [
  'valid',
  'wrong-type',
  'missing-required',
  'out-of-range',
  'edge-numbers',
  'huge-string',
  'deep-nesting',
  'huge-value',
  'unknown-fields',
  'proto-keys',
  'injection',
  'non-json',
  'content-type',
  'hostile-query',
] as const;
/** Kinds that bring their own credentials or method, so they choose the role themselves. */
export const AUTH_KINDS = ['bad-cookie', 'junk-token', 'wrong-method'] as const;
export type InputKind = (typeof BODY_KINDS)[number] | (typeof AUTH_KINDS)[number];
export const INPUT_KINDS: readonly InputKind[] = [...BODY_KINDS, ...AUTH_KINDS];

/** JSON text put into a body as it is: numbers JSON.stringify cannot write, nesting too deep to build. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Stands for the role's access token in header values. */
export const TOKEN_PLACEHOLDER = '{{token}}';

/** One request to make, before the role's credentials are added. */
export type FuzzInput = {
  kind: InputKind;
  /** What is hostile about it, e.g. "pageIndex = 9223372036854775808". */
  note: string;
  /** The signed-in user, for kinds that choose it. */
  role?: Role;
  /** The body as a JSON value (may hold RawJson); for a GET call, its query. */
  body?: unknown;
  /** Payload text sent instead of the body. */
  raw?: string;
  /** Content type of the payload; absent = application/json, null = no header. */
  contentType?: string | null;
  /** Headers added; TOKEN_PLACEHOLDER stands for the role's token. */
  headers?: Readonly<Record<string, string | readonly string[]>>;
  /** Whether the role's token goes in the `token` header (default true). */
  sendToken?: boolean;
  /** Query text appended to the URL (after the body's own query for a GET call). */
  query?: string;
  /** A GET call sends only `query`, not the body's query. */
  replaceQuery?: boolean;
  /** A method other than the call's. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
};

/** How one kind of input is made for one call: random inputs, and the ones always tried first. */
export type KindGenerator = {
  arbitrary: fc.Arbitrary<FuzzInput>;
  /** Inputs tried before the random ones, built on one valid body. */
  examples: (valid: Record<string, unknown>) => FuzzInput[];
};

type Path = readonly (string | number)[];
type Body = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof RawJson);

/** The JSON text of a body: RawJson as is, own `__proto__` keys kept, undefined members left out. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v)).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.keys(value)
      .filter((k) => (value as Body)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Body)[k])}`);
    return `{${members.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

function queryValue(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return toJsonText(value);
}

/** The query of a GET call: arrays as repeated keys, objects as JSON text. */
export function toQueryText(body: unknown): string {
  if (!isPlainObject(body)) return '';
  const parts: string[] = [];
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(queryValue(item))}`);
    }
  }
  return parts.join('&');
}

/** A copy of the body with `value` at `path` (copying only along the path). */
export function setAt(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(body) ? [...(body as unknown[])] : [];
    while (list.length < head) list.push(null);
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const object: Body = isPlainObject(body) ? { ...body } : {};
  Object.defineProperty(object, head as string, {
    value: setAt(object[head as string], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return object;
}

/** The value at `path`, or undefined. */
export function getAt(body: unknown, path: Path): unknown {
  let node = body;
  for (const p of path) {
    if (typeof p === 'number') node = Array.isArray(node) ? (node as unknown[])[p] : undefined;
    else node = isPlainObject(node) ? node[p] : undefined;
  }
  return node;
}

/** An object with own members, `__proto__` included, as JSON.parse would make it. */
export function ownMembers(entries: readonly (readonly [string, unknown])[]): Body {
  const object: Body = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const pathText = (path: Path): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

const preview = (value: unknown): string => {
  const text = value instanceof RawJson ? value.text : toJsonText(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
};

// ---- value pools -------------------------------------------------------------------------------

const WRONG_VALUES: readonly unknown[] = [
  'abc',
  '',
  12345,
  -1,
  1.5,
  true,
  false,
  null,
  {},
  [],
  ['x'],
  { a: 1 },
  [[1]],
  { $gt: '' },
];

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const TOP_LEVEL_WRONG: readonly string[] = ['[]', '[{}]', '"text"', '42', 'null', 'true', '""'];

export const EDGE_NUMBERS: readonly unknown[] = [
  new RawJson('9223372036854775808'),
  new RawJson('-9223372036854775809'),
  new RawJson('1e300'),
  new RawJson('-1e300'),
  new RawJson('1e400'),
  -1,
  0,
  new RawJson('-0'),
  1.5,
  2147483648,
  4294967296,
  new RawJson('9007199254740993'),
  new RawJson('1E+2'),
  new RawJson('0.0000001'),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e300',
  '9223372036854775808',
  '0x10',
  ' 1',
  '1 ',
  '',
];

export const INJECTIONS: readonly string[] = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '1; DELETE FROM works',
  "') UNION SELECT password_hash, phone FROM users --",
  "%' --",
  '%',
  '_',
  '\\',
  "'",
  '"',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '=HYPERLINK("http://evil.example","点击")',
  '=1+2',
  '@SUM(1)',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '\u202egnp.exe',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%E0%A4%A',
  'null',
  'undefined',
  '\r\nSet-Cookie: token=x',
  '{"$ne":1}',
  '*',
  "花' OR '1'='1",
  '😀'.repeat(20),
  'e\u0301'.repeat(30),
];

const PATTERN_BREAKERS: readonly string[] = [
  '',
  ' ',
  'x',
  '\n',
  ' a ',
  '１３８００００００００',
  '138000000001',
  '1380000000',
  'abcdef',
  '12345',
  '1234567',
  '../x',
  '中文',
];

const NON_JSON: readonly string[] = [
  '{',
  '{"a":',
  'not json',
  '',
  '   ',
  '{"a":1}garbage',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{a:1}',
  '[1,2,',
  '\ufeff{}',
  '{"a":1,}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '\u0000\u0001\u0002',
  '\u00ff\u00fe{}',
  '"unterminated',
  '{"a":1}{"b":2}',
  '1e999',
  '{"__proto__":',
  '\\',
  '<xml/>',
];

const CONTENT_TYPES: readonly (string | null)[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/json, text/html',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  '',
  null,
  `application/json; boundary=${'a'.repeat(2000)}`,
  'x'.repeat(4000),
];

const HOSTILE_QUERIES: readonly string[] = [
  '%E0%A4%A=1',
  'a=%E0%A4%A',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  '__proto__=x',
  'a=%',
  '%%=%%',
  'a[]=1&a[]=2',
  '&&&&=',
  '=',
  'a=1;b=2',
  'token=%E0%A4%A',
  'refreshToken=a&refreshToken=b',
  `a=${'x'.repeat(14_000)}`,
  'k=1&'.repeat(2_000),
];

export const BAD_COOKIES: readonly string[] = [
  'token=%E0%A4%A',
  'token=%',
  'token=%%',
  'token=%ZZ',
  'token=%E0%A4%A; other=1',
  'other=%E0%A4%A; token=abc',
  'token',
  'token=',
  '=',
  ';',
  ';;;; ;',
  '=token',
  'token==',
  'token="%E0%A4%A"',
  `token=${'a'.repeat(8_000)}`,
  'token=a; token=b',
  '__proto__=x; constructor=y; prototype=z',
  'token=%00',
  'token=%C0%AE',
  'token=\u00ff\u00fe',
  'x=1; '.repeat(500),
  `token=${TOKEN_PLACEHOLDER}; token=%E0%A4%A`,
  `token=%E0%A4%A; token=${TOKEN_PLACEHOLDER}`,
  `token=${TOKEN_PLACEHOLDER}%`,
];

export const JUNK_TOKENS: readonly (string | readonly string[])[] = [
  '',
  ' ',
  'null',
  'undefined',
  'Bearer abc',
  'a'.repeat(201),
  'a'.repeat(10_000),
  "' OR '1'='1",
  '%E0%A4%A',
  '\u00ff\u00fe',
  ['a', 'b'],
  [TOKEN_PLACEHOLDER, 'junk'],
  ['junk', TOKEN_PLACEHOLDER],
  `${TOKEN_PLACEHOLDER} `,
  ` ${TOKEN_PLACEHOLDER}`,
  `${TOKEN_PLACEHOLDER}x`,
  'Rk1aWl9GVVpaX0ZVWlpfRlVaWl9GVVpaX0ZVWlpfRlVaWl8',
];

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

const UNKNOWN_KEYS: readonly string[] = [
  'role',
  'isAdmin',
  'admin',
  'userId',
  'user_id',
  'designerId',
  'status',
  'price_fen',
  'isNewRegister',
  'id',
  '$where',
  'junk',
  '',
  ' ',
  '中文键',
  'a.b',
  'a[0]',
];

// ---- helpers over slots ------------------------------------------------------------------------

const numericSlot = (s: SchemaSlot) => slotTypes(s.schema).has('number');
const stringSlot = (s: SchemaSlot) => {
  const types = slotTypes(s.schema);
  return types.has('string') && s.schema.const === undefined && s.schema.anyOf === undefined;
};
const arraySlot = (s: SchemaSlot) => slotTypes(s.schema).has('array');
const objectSlot = (s: SchemaSlot) => slotTypes(s.schema).has('object');

type Candidate = { path: Path; value: unknown; note: string };

/** Values just outside what each slot allows. */
function outOfRange(slots: readonly SchemaSlot[]): Candidate[] {
  const out: Candidate[] = [];
  const at = (slot: SchemaSlot, value: unknown, what: string) =>
    out.push({ path: slot.path, value, note: `${pathText(slot.path)} ${what}` });
  for (const slot of slots) {
    const s: JsonSchema = slot.schema.anyOf?.find((o) => o.type !== 'null') ?? slot.schema;
    const types = slotTypes(s);
    if (
      s.const !== undefined ||
      (slot.schema.anyOf?.every((o) => o.const !== undefined) ?? false)
    ) {
      at(slot, 'zzz', '= "zzz" (not a listed value)');
      at(slot, 99, '= 99 (not a listed value)');
      continue;
    }
    if (types.has('number')) {
      const integer = s.type === 'integer';
      const { min, max } = numericBounds(s, integer);
      if (s.minimum !== undefined || s.exclusiveMinimum !== undefined) {
        at(
          slot,
          integer ? min - 1 : (s.exclusiveMinimum ?? min - 1),
          `= ${min - 1} (below minimum)`,
        );
      }
      if (s.maximum !== undefined || s.exclusiveMaximum !== undefined) {
        at(
          slot,
          integer ? max + 1 : (s.exclusiveMaximum ?? max + 1),
          `= ${max + 1} (above maximum)`,
        );
      }
      if (integer) at(slot, min + 0.5, `= ${min + 0.5} (not an integer)`);
    }
    if (types.has('string')) {
      if (s.maxLength !== undefined && s.maxLength <= 200_000) {
        at(
          slot,
          '长'.repeat(s.maxLength + 1),
          `of ${s.maxLength + 1} characters (max ${s.maxLength})`,
        );
      }
      if (s.minLength !== undefined && s.minLength > 0) {
        at(
          slot,
          'x'.repeat(s.minLength - 1),
          `of ${s.minLength - 1} characters (min ${s.minLength})`,
        );
      }
      if (s.pattern !== undefined) {
        const re = new RegExp(s.pattern, 'u');
        for (const v of PATTERN_BREAKERS.filter((b) => !re.test(b)).slice(0, 4)) {
          at(slot, v, `= ${JSON.stringify(v)} (breaks /${s.pattern}/)`);
        }
      }
    }
    if (types.has('array')) {
      const itemTypes = slotTypes(s.items ?? {});
      const item = (i: number): unknown =>
        itemTypes.has('number') ? i + 1 : itemTypes.has('string') ? `v${i}` : {};
      if (s.maxItems !== undefined && s.maxItems <= 10_000) {
        const list = Array.from({ length: s.maxItems + 1 }, (_, i) => item(i));
        at(slot, list, `with ${s.maxItems + 1} items (max ${s.maxItems})`);
      }
      if (s.minItems !== undefined && s.minItems > 0) at(slot, [], `empty (min ${s.minItems})`);
      if (s.uniqueItems) at(slot, [item(0), item(0)], 'with a repeated item');
    }
  }
  return out;
}

const hugeText = (size: number, unit: string): string => unit.repeat(Math.ceil(size / unit.length));

const deepArrays = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObjects = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

let hugeValuesMade: readonly { note: string; value: RawJson }[] | null = null;
/** Large values (made once): a long array, a wide object, many strings. */
const hugeValues = () =>
  (hugeValuesMade ??= [
    { note: '100,000-item array', value: new RawJson(`[${'0,'.repeat(99_999)}0]`) },
    {
      note: 'object of 30,000 keys',
      value: new RawJson(`{${Array.from({ length: 30_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
    },
    { note: '50,000 strings', value: new RawJson(`[${'"a",'.repeat(49_999)}"a"]`) },
  ]);

// ---- kinds -------------------------------------------------------------------------------------

type KindContext = {
  call: CallDef;
  get: boolean;
  schema: JsonSchema;
  slots: readonly SchemaSlot[];
  valid: fc.Arbitrary<Body>;
};

type Kind = (ctx: KindContext) => KindGenerator | null;

const withBody = (
  ctx: KindContext,
  kind: InputKind,
  candidates: readonly Candidate[],
): KindGenerator | null =>
  candidates.length === 0
    ? null
    : {
        arbitrary: fc
          .tuple(ctx.valid, fc.constantFrom(...candidates))
          .map(([body, c]) => ({ kind, note: c.note, body: setAt(body, c.path, c.value) })),
        examples: () => [],
      };

const KINDS: Record<InputKind, Kind> = {
  valid: (ctx) => ({
    arbitrary: ctx.valid.map((body) => ({ kind: 'valid', note: 'as the contract says', body })),
    examples: () => [],
  }),

  'wrong-type': (ctx) => {
    const slotValues: Candidate[] = ctx.slots.flatMap((slot) => {
      const types = slotTypes(slot.schema);
      if (types.size === 0) return [];
      return WRONG_VALUES.filter((v) => !types.has(jsonType(v))).map((value) => ({
        path: slot.path,
        value,
        note: `${pathText(slot.path)} = ${preview(value)}`,
      }));
    });
    const topLevel = fc
      .constantFrom(...TOP_LEVEL_WRONG)
      .map((text): FuzzInput => ({ kind: 'wrong-type', note: `body = ${text}`, raw: text }));
    const slots = withBody(ctx, 'wrong-type', slotValues);
    return {
      arbitrary: slots
        ? fc.oneof({ weight: 3, arbitrary: slots.arbitrary }, { weight: 1, arbitrary: topLevel })
        : topLevel,
      examples: () => [],
    };
  },

  'missing-required': (ctx) => {
    const required = ctx.slots.filter((s) => s.required && s.path.length === 1);
    if (required.length === 0) return null;
    return {
      arbitrary: fc.tuple(ctx.valid, fc.constantFrom(...required)).map(([body, slot]) => {
        const copy: Body = { ...body };
        delete copy[slot.path[0] as string];
        return { kind: 'missing-required', note: `without ${pathText(slot.path)}`, body: copy };
      }),
      examples: () => [],
    };
  },

  'out-of-range': (ctx) => withBody(ctx, 'out-of-range', outOfRange(ctx.slots)),

  'edge-numbers': (ctx) => {
    const numeric = ctx.slots.filter(numericSlot);
    if (numeric.length === 0) return null;
    const candidates = numeric.flatMap((slot) =>
      EDGE_NUMBERS.map((value) => ({
        path: slot.path,
        value,
        note: `${pathText(slot.path)} = ${preview(value)}`,
      })),
    );
    const first = numeric[0] as SchemaSlot;
    return {
      arbitrary: (withBody(ctx, 'edge-numbers', candidates) as KindGenerator).arbitrary,
      examples: (valid) =>
        // The two of issue 9, and a string ajv's coercion turns into -Infinity.
        ['9223372036854775808', '1e300', '"-Infinity"'].map((text) => ({
          kind: 'edge-numbers' as const,
          note: `${pathText(first.path)} = ${text}`,
          body: setAt(valid, first.path, new RawJson(text)),
        })),
    };
  },

  'huge-string': (ctx) => {
    const strings = ctx.slots.filter(stringSlot);
    const paths: Path[] = strings.length ? strings.map((s) => s.path) : [['junk']];
    // A GET call's URL must fit a real server's header limit (16 KB); a body goes to 1 MB and past it.
    const sizes = ctx.get
      ? [{ size: 14_000, unit: 'x' }]
      : [
          { size: 64 * 1024, unit: 'x' },
          { size: 900_000, unit: 'x' },
          { size: 300_000, unit: '中' },
          { size: 1_100_000, unit: 'x' },
        ];
    return {
      arbitrary: fc
        .tuple(ctx.valid, fc.constantFrom(...paths), fc.constantFrom(...sizes))
        .map(([body, path, { size, unit }]) => ({
          kind: 'huge-string',
          note: `${pathText(path)} = ${size} × ${JSON.stringify(unit)}`,
          body: setAt(body, path, hugeText(size, unit)),
        })),
      examples: () => [],
    };
  },

  'deep-nesting': (ctx) => {
    const paths: Path[] = [['junk'], ...ctx.slots.map((s) => s.path)];
    if (ctx.get) {
      return {
        arbitrary: ctx.valid.map((body) => ({
          kind: 'deep-nesting',
          note: 'query value of 10,000 nested brackets',
          body,
          query: `x${'[a]'.repeat(2_000)}=1&y=${'['.repeat(10_000)}`,
        })),
        examples: () => [],
      };
    }
    const shapes = [
      { depth: 20_000, make: deepArrays, what: 'arrays' },
      { depth: 20_000, make: deepObjects, what: 'objects' },
      { depth: 100_000, make: deepArrays, what: 'arrays' },
    ];
    return {
      arbitrary: fc
        .tuple(ctx.valid, fc.constantFrom(...paths), fc.constantFrom(...shapes))
        .map(([body, path, shape]) => ({
          kind: 'deep-nesting',
          note: `${pathText(path)} = ${shape.depth.toLocaleString('en')}-deep ${shape.what}`,
          body: setAt(body, path, shape.make(shape.depth)),
        })),
      examples: (valid) => [
        {
          kind: 'deep-nesting',
          note: 'junk = 20,000-deep arrays',
          body: setAt(valid, ['junk'], deepArrays(20_000)),
        },
      ],
    };
  },

  'huge-value': (ctx) => {
    if (ctx.get) {
      return {
        arbitrary: ctx.valid.map((body) => ({
          kind: 'huge-value',
          note: 'each key repeated 1,000 times',
          body: Object.fromEntries(
            Object.entries(body).map(([k, v]) => [k, Array.from({ length: 1_000 }, () => v)]),
          ),
        })),
        examples: () => [],
      };
    }
    const values = hugeValues();
    const paths: Path[] = [['junk'], ...ctx.slots.filter(arraySlot).map((s) => s.path)];
    return {
      arbitrary: fc
        .tuple(ctx.valid, fc.constantFrom(...paths), fc.constantFrom(...values))
        .map(([body, path, v]) => ({
          kind: 'huge-value',
          note: `${pathText(path)} = ${v.note}`,
          body: setAt(body, path, v.value),
        })),
      examples: () => [],
    };
  },

  'unknown-fields': (ctx) => {
    const declared = new Set(ctx.slots.filter((s) => s.path.length === 1).map((s) => s.path[0]));
    const key = fc
      .oneof(fc.constantFrom(...UNKNOWN_KEYS), fc.string({ minLength: 1, maxLength: 12 }))
      .filter((k) => !declared.has(k) && k !== '__proto__');
    const parents: Path[] = [[], ...ctx.slots.filter(objectSlot).map((s) => s.path)];
    return {
      arbitrary: fc
        .tuple(
          ctx.valid,
          fc.constantFrom(...parents),
          fc.uniqueArray(fc.tuple(key, fc.jsonValue({ maxDepth: 3 })), {
            minLength: 1,
            maxLength: 5,
            selector: ([k]) => k,
          }),
        )
        .map(([body, parent, extra]) => ({
          kind: 'unknown-fields',
          note: `unknown ${extra.map(([k]) => pathText([...parent, k])).join(', ')}`,
          body: extra.reduce<unknown>((b, [k, v]) => setAt(b, [...parent, k], v), body),
        })),
      examples: (valid) => [
        {
          kind: 'unknown-fields',
          note: 'unknown junk1, junk2',
          body: { ...valid, junk1: 'x'.repeat(1_000), junk2: { role: 'admin' } },
        },
      ],
    };
  },

  'proto-keys': (ctx) => {
    const pollute = { polluted: 'yes', isAdmin: true, role: 'admin' };
    const members: readonly (readonly [string, unknown])[] = [
      ['__proto__', pollute],
      ['constructor', { prototype: pollute }],
      ['prototype', pollute],
      ['hasOwnProperty', 'x'],
      ['toString', 'x'],
      ['valueOf', 1],
      ['__defineGetter__', 1],
    ];
    if (ctx.get) {
      return {
        arbitrary: fc
          .tuple(
            ctx.valid,
            fc.constantFrom(
              '__proto__[polluted]=yes',
              'constructor[prototype][polluted]=yes',
              '__proto__=x',
              'toString=1',
              'hasOwnProperty=1',
              'constructor=1',
            ),
          )
          .map(([body, query]) => ({ kind: 'proto-keys', note: query, body, query })),
        examples: () => [],
      };
    }
    const parents: Path[] = [[], ...ctx.slots.filter(objectSlot).map((s) => s.path)];
    return {
      arbitrary: fc
        .tuple(ctx.valid, fc.constantFrom(...parents), fc.constantFrom(...members))
        .map(([body, parent, [key, value]]) => {
          const at = getAt(body, parent);
          const merged = { ...(isPlainObject(at) ? at : {}), ...ownMembers([[key, value]]) };
          return {
            kind: 'proto-keys' as const,
            note: `${pathText([...parent, key])} = ${preview(value)}`,
            body: parent.length === 0 ? merged : setAt(body, parent, merged),
          };
        }),
      examples: (valid) => [
        {
          kind: 'proto-keys',
          note: `__proto__ = ${preview(pollute)}`,
          body: { ...valid, ...ownMembers([['__proto__', pollute]]) },
        },
      ],
    };
  },

  injection: (ctx) => {
    const strings = ctx.slots.filter(stringSlot);
    const numbers = ctx.slots.filter(numericSlot);
    const candidates: Candidate[] = [
      ...(strings.length ? strings.map((s) => s.path) : [['q']]).flatMap((path) =>
        INJECTIONS.map((value) => ({ path, value, note: `${pathText(path)} = ${preview(value)}` })),
      ),
      ...numbers.flatMap((s) =>
        ['1 OR 1=1', '1; DROP TABLE users', '1)--'].map((value) => ({
          path: s.path,
          value,
          note: `${pathText(s.path)} = ${JSON.stringify(value)}`,
        })),
      ),
    ];
    return withBody(ctx, 'injection', candidates);
  },

  'non-json': () => ({
    arbitrary: fc.constantFrom(...NON_JSON).map((raw) => ({
      kind: 'non-json',
      note: `payload ${JSON.stringify(raw.slice(0, 30))} as application/json`,
      raw,
    })),
    examples: () => [{ kind: 'non-json', note: 'payload "{" as application/json', raw: '{' }],
  }),

  'content-type': (ctx) => ({
    arbitrary: fc.tuple(ctx.valid, fc.constantFrom(...CONTENT_TYPES)).map(([body, type]) => ({
      kind: 'content-type',
      note: `valid JSON sent as ${type === null ? 'no content type' : JSON.stringify(type.slice(0, 60))}`,
      body,
      raw: toJsonText(body),
      contentType: type,
    })),
    examples: (valid) => [
      {
        kind: 'content-type',
        note: 'valid JSON sent as "text/plain"',
        body: valid,
        raw: toJsonText(valid),
        contentType: 'text/plain',
      },
    ],
  }),

  'hostile-query': (ctx) => ({
    arbitrary: fc
      .tuple(ctx.valid, fc.constantFrom(...HOSTILE_QUERIES), fc.boolean())
      .map(([body, query, replace]) => ({
        kind: 'hostile-query',
        note: `query ${JSON.stringify(query.slice(0, 40))}${query.length > 40 ? '…' : ''}`,
        body,
        query,
        replaceQuery: ctx.get && replace,
      })),
    examples: () => [],
  }),

  'bad-cookie': (ctx) => ({
    arbitrary: fc
      .tuple(ctx.valid, fc.constantFrom(...ROLES), fc.constantFrom(...BAD_COOKIES), fc.boolean())
      .map(([body, role, cookie, header]) => ({
        kind: 'bad-cookie',
        note: `Cookie: ${cookie.slice(0, 40)}${cookie.length > 40 ? '…' : ''}${header ? ' with the token header' : ''}`,
        role,
        body,
        sendToken: header,
        headers: { cookie },
      })),
    examples: (valid) => [
      {
        kind: 'bad-cookie',
        note: 'Cookie: token=%E0%A4%A',
        role: 'guest',
        body: valid,
        headers: { cookie: 'token=%E0%A4%A' },
      },
    ],
  }),

  'junk-token': (ctx) => ({
    arbitrary: fc
      .tuple(ctx.valid, fc.constantFrom(...ROLES), fc.constantFrom(...JUNK_TOKENS))
      .map(([body, role, token]) => ({
        kind: 'junk-token',
        note: `token: ${preview(token)}`,
        role,
        body,
        sendToken: false,
        headers: { token },
      })),
    examples: () => [],
  }),

  'wrong-method': (ctx) => {
    const methods = OTHER_METHODS.filter((m) => m !== ctx.call.method);
    return {
      arbitrary: fc
        .tuple(ctx.valid, fc.constantFrom(...ROLES), fc.constantFrom(...methods))
        .map(([body, role, method]) => ({
          kind: 'wrong-method',
          note: `${method} instead of ${ctx.call.method}`,
          role,
          body,
          method,
        })),
      examples: () => [],
    };
  },
};

/** The generators of every kind that applies to the call (a call without numbers has no edge-numbers). */
export function kindGenerators(call: CallDef): Map<InputKind, KindGenerator> {
  const schema = asJsonSchema(call.request);
  const ctx: KindContext = {
    call,
    get: call.method === 'GET',
    schema,
    slots: schemaSlots(schema),
    valid: requestArbitrary(call.request),
  };
  const out = new Map<InputKind, KindGenerator>();
  for (const kind of INPUT_KINDS) {
    const generator = KINDS[kind](ctx);
    if (generator) out.set(kind, generator);
  }
  return out;
}
