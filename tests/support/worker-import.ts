// Jest gives each test file a module registry of its own, and so evaluated the app's few hundred
// modules, its libraries and Playwright's client again for every file that starts a server or a
// browser: one to two seconds of CPU each, about 150 times a run. The API's modules
// (server-module-transform.mjs) and Playwright's client (browser.ts) are imported by the worker's
// own Node instead, once per worker, and shared by the files it runs (worker-modules.mjs). They live
// outside the file's sandbox, in the worker's realm: their errors and objects are not instances of
// the file's `Error` or `Date`, they read the worker's `process.env`, and jest's fake timers do not
// reach them. A value a test hands the server where its realm matters (an error a stub throws)
// comes from `workerGlobal`.
import vm from 'node:vm';

type Loader = { load(specifier: string): Promise<unknown> };

// A function compiled in the worker's main context: its import() goes to Node's own loader.
const importByWorker = vm.runInThisContext('(specifier) => import(specifier)', {
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
}) as (specifier: string) => Promise<unknown>;

/** The worker's own global object: the one the modules its Node loaded see (their `process`). */
export const workerGlobal = vm.runInThisContext('globalThis') as typeof globalThis;

// What those modules print goes to the running file's console, as jest reports it and as a test
// spying on `console.error` sees it (one file runs at a time in a worker).
workerGlobal.console = console;

/** The module `specifier` (a file URL, or a package name) as the worker's Node loads it. */
export async function importByWorkerNode<Module>(specifier: string | URL): Promise<Module> {
  const loader = (await importByWorker(new URL('./worker-modules.mjs', import.meta.url).href)) as Loader;
  return (await loader.load(specifier.toString())) as Module;
}

/** Matches a date the server's modules made: `expect.any(Date)` checks the test file's own `Date`. */
export const anyServerDate = (): unknown => expect.any(workerGlobal.Date);
