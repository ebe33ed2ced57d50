import type { TSchema } from '@sinclair/typebox';

// Limits every request schema gets where its declaration names none: the server strips fields it
// does not know (ajv's removeAdditional acts only where additionalProperties is false) and refuses
// numbers and sizes no caller needs, so hostile input never reaches a query, a cache key or the heap.

/** Largest integer a request may carry unless its schema says otherwise (a PostgreSQL `integer`). */
export const REQUEST_INT_MAX = 2_147_483_647;
export const REQUEST_INT_MIN = -2_147_483_648;
/** Longest string a request field may carry unless its schema says otherwise. */
export const REQUEST_STRING_MAX = 10_000;
/** Most items an array field may carry unless its schema says otherwise. */
export const REQUEST_ARRAY_MAX = 1_000;

type Node = Record<string, unknown>;

const children = (node: Node): Node[] => {
  const list: Node[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const value: unknown = node[key];
    if (Array.isArray(value)) list.push(...(value as Node[]));
  }
  if (node.items && typeof node.items === 'object') list.push(node.items as Node);
  if (node.properties && typeof node.properties === 'object') {
    list.push(...Object.values(node.properties as Record<string, Node>));
  }
  return list;
};

/** Applies the default limits to a request schema in place and returns it. */
export function hardenRequestSchema<T extends TSchema>(schema: T): T {
  const seen = new Set<Node>();
  const visit = (node: Node): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.type === 'object' && node.additionalProperties === undefined) {
      node.additionalProperties = false;
    }
    if (node.type === 'integer' || node.type === 'number') {
      if (node.maximum === undefined && node.exclusiveMaximum === undefined) {
        node.maximum = REQUEST_INT_MAX;
      }
      if (node.minimum === undefined && node.exclusiveMinimum === undefined) {
        node.minimum = REQUEST_INT_MIN;
      }
    }
    if (node.type === 'string' && node.maxLength === undefined) node.maxLength = REQUEST_STRING_MAX;
    if (node.type === 'array' && node.maxItems === undefined) node.maxItems = REQUEST_ARRAY_MAX;
    for (const child of children(node)) visit(child);
  };
  visit(schema);
  return schema;
}
