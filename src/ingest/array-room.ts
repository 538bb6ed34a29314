/**
 * `array` with room for `need` elements: itself, or a copy twice as large (or of `need`), so that
 * growing a typed array one element at a time copies each element a few times at most.
 */
export function room<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(
  array: T,
  need: number,
): T {
  if (need <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(need, array.length * 2));
  next.set(array);
  return next;
}
