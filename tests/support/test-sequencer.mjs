// Jest runs the longest test files first so that no long file starts last and runs alone at the
// end of a step. Jest orders by the durations it cached on this machine; a fresh machine (CI) has
// none and would order by file size, which puts a short file that waits minutes (a server killed
// and restarted, a job's expiry) anywhere. The durations recorded in tests/durations.json stand in
// for the missing cache (`TEST_RECORD_DURATIONS=1 npm test` records them again).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

/** Seconds a file took in a recorded full run, by path from the repository's root. */
const recorded = JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8'));

export default class RecordedDurationsFirst extends Sequencer {
  time(test) {
    const seconds = recorded[path.relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }
}
