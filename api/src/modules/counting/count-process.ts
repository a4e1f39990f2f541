// The counting process's entry point (started by worker.ts, never imported): it counts the one
// file named in its arguments, sends the result to the server over IPC and exits. The document
// readers (pdf-lib, yauzl) and their memory live here only.
import { countDocument } from './document.js';
import { stopRenderings } from './render.js';
import { isOutOfMemory, MEMORY_MESSAGE, type CountResult } from './rules.js';
import type { CountJob, CountReply } from './worker.js';

const job = JSON.parse(process.argv[2]) as CountJob;

// Stopped by the server (time limit, shutdown) or orphaned by it: LibreOffice goes with us.
const stop = () => {
  stopRenderings();
  process.exit(1);
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);

const send = (reply: CountReply) => {
  process.off('disconnect', stop);
  process.send!(reply, () => process.exit(0));
};

// Loaded: the file's reading time starts now (worker.ts).
process.send!({ ready: true } satisfies CountReply);

const outOfMemory: CountResult = { status: 'FAILED', pageCount: null, photoCount: null, error: MEMORY_MESSAGE };

countDocument(job.file, job.format, job.options).then(
  (result) => send({ result }),
  (error: Error) => send(isOutOfMemory(error) ? { result: outOfMemory } : { error: error.message }),
);
