import type { Plugin } from 'graphql-yoga';

const encoder = new TextEncoder();
/** A Buffer over TextEncoder's bytes (no copy): the event-stream writer reads it back as text. */
const utf8Json = (value: unknown): Buffer => {
  const bytes = encoder.encode(JSON.stringify(value));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/**
 * Yoga hands its JSON answer to the Response as a string: the Fetch layer measures its UTF-8 length
 * (Content-Length), then the socket converts it again as it writes. A list page is a 70 kB string
 * holding ’ and — (so a two-byte string), and each pass over a freshly stringified one costs about
 * a millisecond on these machines. Converted to bytes once here, the body is measured and written
 * as it is (docs/benchmarks.md, « ratio.floor.cpu »); TextEncoder encodes such a string in about 60 %
 * of Buffer.from's time. Batched and streamed results keep Yoga's own.
 */
export function utf8Answers(): Plugin {
  return {
    onResultProcess({ result }) {
      if (result && typeof result === 'object' && !Array.isArray(result) && !(Symbol.asyncIterator in result)) {
        // Yoga's result processor uses `stringify` when the result has one (graphql-jit's hook); its
        // return is passed to `new Response(…)`, which takes bytes as well as a string.
        (result as { stringify?: (value: unknown) => unknown }).stringify = utf8Json;
      }
    },
  };
}
