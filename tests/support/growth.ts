// Whether a function's cost grows linearly with its input, judged by a ratio rather than by a wall
// clock bound: a loaded CI machine slows both sizes alike, so the ratio holds where « under 500 ms »
// failed. The sizes stay small enough for a quadratic version to finish (and fail) in seconds
// instead of freezing the test worker, which no jest timeout can interrupt.

/**
 * The fastest of up to `trials` runs of `run(input)`, in milliseconds, after one warm-up run; the
 * trials stop after a second, so a slow (failing) version is not run fifteen times.
 */
function fastest(run: (input: string) => unknown, input: string, trials: number): number {
  run(input);
  let best = Infinity;
  const began = performance.now();
  for (let trial = 0; trial < trials && performance.now() - began < 1000; trial++) {
    const started = performance.now();
    run(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * How many times longer `run` takes on an input `factor` times larger: about `factor` for linear
 * work, `factor²` for quadratic. Each size keeps its fastest run, so a pause on one run is ignored.
 */
export function costGrowth(run: (input: string) => unknown, inputOf: (size: number) => string, size: number, factor = 8): number {
  const small = fastest(run, inputOf(size), 15);
  const large = fastest(run, inputOf(size * factor), 15);
  return large / Math.max(small, 0.001);
}

/** Below this growth for an 8-fold input the cost is taken as linear (quadratic gives about 64). */
export const LINEAR_GROWTH_BOUND = 24;
