import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/*
 * Each route's body limit fits its largest legitimate body (decision 198): computed from its
 * body schema, where every string has a maximum length and every list a maximum count. A 90 000-character
 * username is refused (413) before it is read, let alone parsed or stored.
 */

type JsonSchema = Record<string, unknown>;

/** A route without a body schema takes no body: an empty `{}` and a little more. */
export const NO_BODY_LIMIT_BYTES = 1024;
/** What JSON.stringify writes for one UTF-16 code unit at most (a character of the BMP in UTF-8). */
const BYTES_PER_CHARACTER = 3;

/**
 * The most bytes a body of `schema` takes as a client's `JSON.stringify` writes it, or `Infinity` when
 * something in it is unbounded (a string without `maxLength`, a list without `maxItems`, a free record).
 */
export function largestJsonBytes(schema: unknown, definitions: Record<string, unknown> = {}): number {
  if (schema === true || schema === undefined) return Infinity;
  if (!schema || typeof schema !== 'object') return 0;
  const node = schema as JsonSchema;
  const defs = { ...definitions, ...(node.$defs as Record<string, unknown> | undefined) };
  if (typeof node.$ref === 'string') return largestJsonBytes(defs[node.$ref.split('/').pop() ?? ''], defs);
  if (Array.isArray(node.enum))
    return Math.max(...node.enum.map((value) => JSON.stringify(value).length * 2));
  if ('const' in node) return JSON.stringify(node.const).length * 2;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key]))
      return Math.max(...(node[key] as unknown[]).map((s) => largestJsonBytes(s, defs)));
  }
  if (Array.isArray(node.allOf)) return Math.max(...node.allOf.map((s) => largestJsonBytes(s, defs)));
  const types = ([] as unknown[]).concat(node.type ?? []);
  return Math.max(0, ...types.map((type) => largestOfType(node, String(type), defs)));
}

function largestOfType(node: JsonSchema, type: string, defs: Record<string, unknown>): number {
  switch (type) {
    case 'string':
      return typeof node.maxLength === 'number' ? node.maxLength * BYTES_PER_CHARACTER + 2 : Infinity;
    case 'number':
    case 'integer':
      return 24;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'array': {
      if (typeof node.maxItems !== 'number') return Infinity;
      return 2 + node.maxItems * (largestJsonBytes(node.items, defs) + 1);
    }
    case 'object': {
      const properties = Object.entries((node.properties ?? {}) as Record<string, unknown>);
      const named = properties.reduce(
        (total, [key, value]) => total + key.length + 4 + largestJsonBytes(value, defs),
        2,
      );
      if (!node.additionalProperties) return named;
      // A record: as many free keys as `maxProperties` allows, each as long as `propertyNames` allows.
      if (typeof node.maxProperties !== 'number') return Infinity;
      const entry =
        largestJsonBytes(node.propertyNames, defs) + 2 + largestJsonBytes(node.additionalProperties, defs);
      return named + node.maxProperties * entry;
    }
    default:
      return Infinity;
  }
}

/** The limit of a body schema: its largest body, with room for a client's spaces, never above `ceiling`. */
export function bodyLimitOf(body: unknown, ceiling: number): number {
  if (body === undefined) return NO_BODY_LIMIT_BYTES;
  const jsonSchema =
    body instanceof z.ZodType ? z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) : body;
  const largest = largestJsonBytes(jsonSchema);
  if (!Number.isFinite(largest)) return ceiling;
  return Math.min(ceiling, Math.ceil(largest * 1.25) + 512);
}

/** Fastify's `onRoute` hook: a route that names no limit of its own gets the one its body schema fits. */
export function fitBodyLimit(ceiling: number) {
  return (route: RouteOptions): void => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = bodyLimitOf(route.schema?.body, ceiling);
  };
}
