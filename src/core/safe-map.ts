/**
 * Plain objects used as tables keyed by ids from logs. Ids are data, so an id may be the name of a
 * member every object inherits (`constructor`, `toString`, `hasOwnProperty`) or `__proto__`,
 * whose plain assignment replaces an object's prototype instead of adding an entry. Where a table
 * must stay a plain object (the Report's JSON shapes, the input's records), every read and write
 * of a data key goes through these helpers; elsewhere tables are `Map`s.
 */

/** The value a table holds under `key` as its own entry; an inherited member is never found. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Adds or replaces the entry `key`, as an own, enumerable property even when the key is
 * `__proto__`, so that the table's JSON and `Object.entries` list it like any other entry.
 */
export function setOwn<V>(table: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(table, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * One table of the entries of several, a later table's entry replacing an earlier one's, as
 * `Object.assign` would, but with every key an own entry (`Object.assign` sets `__proto__`).
 */
export function mergeOwn<V>(tables: ReadonlyArray<Readonly<Record<string, V>>>): Record<string, V> {
  const merged: Record<string, V> = {};
  for (const table of tables) for (const [key, value] of Object.entries(table)) setOwn(merged, key, value);
  return merged;
}

/** A `Map` of a table's own entries, in the table's order: how the core reads an id-keyed table. */
export function tableToMap<V>(table: Readonly<Record<string, V>>): Map<string, V> {
  return new Map(Object.entries(table));
}
