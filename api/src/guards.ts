// The two checks a service starts with. The GraphQL layer's scope-auth decides who may call a
// field; services repeat the check because the REST shims and jobs reach them without it.
import type { AppContext, Viewer } from './context.js';
import { forbidden, notAuthenticated } from './errors.js';

/** The signed-in user, or « Veuillez vous connecter. » (UNAUTHENTICATED). */
export function requireViewer(ctx: AppContext): Viewer {
  if (!ctx.viewer) throw notAuthenticated();
  return ctx.viewer;
}

/** The signed-in admin, or UNAUTHENTICATED / FORBIDDEN. */
export function requireAdmin(ctx: AppContext): Viewer {
  const viewer = requireViewer(ctx);
  if (viewer.role !== 'ADMIN') throw forbidden();
  return viewer;
}
