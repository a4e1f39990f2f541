// Loaded by a jest worker's own Node, not by jest (tests/support/worker-import.ts): the modules it
// imports are evaluated once per worker and shared by every test file the worker runs, where jest
// would evaluate them again for each file. Plain JavaScript, so that Node loads it without help;
// tsx's hooks, registered here once per worker, let it load the app's TypeScript sources.
import { register } from 'tsx/esm/api';

register();

/** `import()` by the worker's Node, relative to this folder for a relative or bare specifier. */
export const load = (specifier) => import(specifier);
