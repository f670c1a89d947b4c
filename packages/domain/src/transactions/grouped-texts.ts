// No zod, no catalogue of its own: the pending banner's texts use it on every screen (decision 145).

/**
 * A map of texts with groups of texts inside (a table's columns, a sentence's parts), its readers unchanged:
 * `map.key` and `map.group.key` both read in the language of the moment (decision 236). `texts()` takes
 * texts only; the groups are added as they are, each its own `texts({…})`.
 */
export function withGroups<T extends object, G extends Record<string, object>>(
  base: T,
  groups: G,
): T & Readonly<G> {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(base);
  for (const [key, value] of Object.entries(groups)) descriptors[key] = { value, enumerable: true };
  return Object.freeze(Object.defineProperties({}, descriptors)) as T & Readonly<G>;
}
