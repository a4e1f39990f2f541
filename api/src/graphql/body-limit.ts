import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { BodyError, bodyTooLarge, readBody } from '../http/request.js';

/** /graphql's JSON bodies: an operation and its variables (uploads are multipart, app.ts). */
export const MAX_GRAPHQL_BODY_BYTES = 2_000_000;

const refusal = (error: BodyError) =>
  new GraphQLError(error.message, {
    extensions: { http: { status: error.status }, code: error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' },
  });

/**
 * Bounds /graphql's bodies. Yoga's own limit (`maxRequestBodySize`) pipes every body through a
 * counting stream, even one whose Content-Length is declared, which costs each request a stream
 * pipeline and its abort signal (about 0.2 ms of server CPU on the admin screen, docs/benchmarks.md).
 * Node's HTTP parser hands a request exactly the bytes its Content-Length declares, so a declared
 * length is checked from the header alone; a chunked body is read with the REST calls' bounded
 * reader, which stops at the limit.
 */
export function graphqlBodyLimit(maxBytes = MAX_GRAPHQL_BODY_BYTES): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      const declared = request.headers.get('content-length');
      if (declared !== null) {
        if (Number(declared) > maxBytes) throw refusal(bodyTooLarge());
        return;
      }
      if (!requestParser || !request.body) return;
      setRequestParser(async (chunked) => {
        let body: Buffer;
        try {
          body = await readBody(chunked, maxBytes);
        } catch (error) {
          throw error instanceof BodyError ? refusal(error) : error;
        }
        return requestParser(new Request(chunked.url, { method: chunked.method, headers: chunked.headers, body: new Uint8Array(body) }));
      });
    },
  };
}
