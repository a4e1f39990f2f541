/**
 * Asserts that `items` is not empty and that each satisfies `predicate`. A bare
 * `expect(list.every(…)).toBe(true)` passes vacuously on an empty list, so a filter that returns
 * nothing would look like one that returns only the right rows; the failure lists the offenders.
 */
export function expectEvery<T>(items: readonly T[], predicate: (item: T) => unknown): void {
  expect(items.length).toBeGreaterThan(0);
  expect(items.filter((item) => !predicate(item))).toEqual([]);
}
