/**
 * product.md §4 "Version check": true when the server's version ('0.4.0') is newer than this build's
 * ('0.3.9'), comparing dotted numbers; a pre-release ('1.0.0-rc.1') is older than its release.
 */
export function isNewerVersion(server: string, current: string): boolean {
  const parse = (version: string) => {
    const [core, preRelease] = version.trim().replace(/^v/, '').split('-', 2);
    return { numbers: core.split('.').map((part) => Number.parseInt(part, 10) || 0), preRelease };
  };
  const a = parse(server);
  const b = parse(current);
  for (let index = 0; index < Math.max(a.numbers.length, b.numbers.length); index += 1) {
    const difference = (a.numbers[index] ?? 0) - (b.numbers[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  if (a.preRelease === b.preRelease) return false;
  if (a.preRelease === undefined) return true;
  if (b.preRelease === undefined) return false;
  return a.preRelease.localeCompare(b.preRelease, 'en', { numeric: true }) > 0;
}
