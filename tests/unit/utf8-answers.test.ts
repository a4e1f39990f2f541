// The /graphql answer handed to the Response as UTF-8 bytes (api/src/graphql/utf8-answers.ts).
import type { ExecutionResult } from 'graphql';
import { utf8Answers } from '../../api/src/graphql/utf8-answers.js';

type Processed = ExecutionResult & { stringify?: (value: unknown) => unknown };

function process(result: unknown): unknown {
  const hook = utf8Answers().onResultProcess as (payload: { result: unknown }) => void;
  hook({ result });
  return result;
}

it('gives a single result its JSON as UTF-8 bytes, typographic apostrophes and dashes included', () => {
  const result = process({ data: { news: { title: 'L’étude — « Constat » 1 234,56 €' } } }) as Processed;
  const body = result.stringify!(result);
  // A Buffer, not a bare Uint8Array: Yoga's event stream writes `data: ${body}` (toString()).
  expect(Buffer.isBuffer(body)).toBe(true);
  expect(String(body)).toBe(JSON.stringify(result));
  expect((body as Buffer).length).toBe(Buffer.byteLength(JSON.stringify(result)));
});

it('leaves batched and streamed results to Yoga', () => {
  const batched = [{ data: { a: 1 } }, { data: { b: 2 } }] as Processed[];
  process(batched);
  expect(batched.every((result) => result.stringify === undefined)).toBe(true);
  const streamed = { async *[Symbol.asyncIterator]() {} } as unknown as Processed;
  process(streamed);
  expect(streamed.stringify).toBeUndefined();
});
