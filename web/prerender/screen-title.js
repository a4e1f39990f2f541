// The screen title the prerendered dashboard page shows before the app's code has arrived: the one
// of the route the address opens, among the routes of the role the last session left in local
// storage (web/src/relay/authToken.ts). Undefined without a session, a role or a route: the page
// then keeps the outline of a title, as the app does for a screen it does not know yet.

/**
 * @param {Record<string, [string, string][]>} titles each role's [path under /dashboard, title] pairs
 *   (web/src/app/prerender/renderPages.tsx: screenTitles), '' the role's home, ':name' any segment
 * @param {string | null} role
 * @param {string} pathname
 * @returns {string | undefined}
 */
export function screenTitle(titles, role, pathname) {
  const routes = role && Object.hasOwn(titles, role) ? titles[role] : undefined;
  const match = /^\/dashboard(?:\/(.*))?$/.exec(pathname);
  if (!routes || !match) return undefined;
  // React Router's matching: case-insensitive, a trailing slash ignored.
  const segments = (match[1] ?? '').replace(/\/$/, '').toLowerCase().split('/');
  const found = routes.find(([path]) => {
    const pattern = path.toLowerCase().split('/');
    return (
      pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
  return found?.[1];
}
