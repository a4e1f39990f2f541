// The caller of a request as the authentication step (server/authenticate.ts) issued it. The GraphQL
// context, the REST routes and the uploads take their viewer from the request's server context
// through viewerOfRequest, which accepts only a viewer issued here: none can be fed from elsewhere.
import type { Viewer } from '../context.js';

declare const issued: unique symbol;

/** A viewer as the authentication step issued it (frozen): the only kind a request's context takes. */
export type AuthenticatedViewer = Readonly<Viewer> & { readonly [issued]: true };

const issuedViewers = new WeakSet<Readonly<Viewer>>();

/** For server/authenticate.ts alone (tests/unit/caller.test.ts checks that no other file calls it). */
export function issueViewer<T extends Viewer>(viewer: T | null): (T & AuthenticatedViewer) | null {
  if (!viewer) return null;
  issuedViewers.add(Object.freeze(viewer));
  return viewer as T & AuthenticatedViewer;
}

/**
 * The viewer the step issued for this request (null: anonymous). A context built without the step,
 * or handed a viewer made anywhere else, is a wiring error: thrown, never taken as anonymous nor trusted.
 */
export function viewerOfRequest(context: { viewer?: AuthenticatedViewer | null }): AuthenticatedViewer | null {
  const { viewer } = context;
  if (viewer === undefined) throw new Error('Request context built without the authentication step (server/authenticate.ts).');
  if (viewer !== null && !issuedViewers.has(viewer))
    throw new Error('Request context given a viewer the authentication step did not issue.');
  return viewer;
}
