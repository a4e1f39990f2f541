// The types of screen-title.js (plain JavaScript: the prerendered pages' starter runs it untranspiled).
export function screenTitle(
  titles: Record<string, [path: string, title: string][]>,
  role: string | null,
  pathname: string,
): string | undefined;
