// Jest runs the longest test files first so that no long file starts last and runs alone at the
// end of a step. Jest orders by the durations it cached on this machine; a fresh machine (CI) has
// none and would order by file size, which puts a short file that waits minutes (a server killed
// and restarted, a job's expiry) anywhere. The durations recorded in tests/durations.json stand in
// for the missing cache (`TEST_RECORD_DURATIONS=1 npm test` records them again).
//
// Browser files and the others run in one jest run (scripts/test.ts): a browser file keeps about
// half a core busy, an API file about a quarter (it waits on its server, PostgreSQL, timers). Run
// longest first across both, the browser files would all come first (they are the longest) and
// overload the cores, then the API files leave them idle; the two kinds are interleaved instead,
// each longest first, so that at every point of the run both have used the same share of their
// total time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

/** Seconds a file took in a recorded full run, by path from the repository's root. */
const recorded = JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8'));

const isBrowserFile = (test) => test.context.config.displayName?.name === 'e2e';

export default class RecordedDurationsFirst extends Sequencer {
  time(test) {
    const seconds = recorded[path.relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }

  async sort(tests) {
    const sorted = await super.sort(tests);
    const browser = sorted.filter(isBrowserFile);
    const others = sorted.filter((test) => !isBrowserFile(test));
    if (browser.length === 0 || others.length === 0) return sorted;
    // A file never recorded counts as one second (a new file, usually short).
    const ms = (test) => test.duration ?? 1000;
    const total = (files) => files.reduce((sum, test) => sum + ms(test), 0);
    const [browserTotal, othersTotal] = [total(browser), total(others)];
    const order = [];
    let [b, o, browserDone, othersDone] = [0, 0, 0, 0];
    while (b < browser.length || o < others.length) {
      if (o === others.length || (b < browser.length && browserDone / browserTotal <= othersDone / othersTotal)) {
        browserDone += ms(browser[b]);
        order.push(browser[b++]);
      } else {
        othersDone += ms(others[o]);
        order.push(others[o++]);
      }
    }
    return order;
  }
}
