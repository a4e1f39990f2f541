// A creation sent twice with one Idempotency-Key (a retry after a lost answer) creates one record.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';

const CREATE_ABSENCE = 'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message absence { id } } }';

let app: TestApp;
let bailiff: string;

beforeAll(async () => {
  app = await startTestApp();
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterAll(async () => {
  await app?.stop();
});

async function send(query: string, variables: Record<string, unknown>, key?: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bailiff}`, ...(key && { 'idempotency-key': key }) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string }[] };
}

describe('createAbsence', () => {
  const comment = (label: string) => ({ input: { startDate: '2026-07-06', endDate: '2026-07-10', comment: label } });
  const count = (label: string) => app.services.db.absence.count({ where: { comment: label } });

  it('sent twice with one key, creates one absence and answers both with it', async () => {
    const first = await send(CREATE_ABSENCE, comment('congés clé unique'), 'b5b0c1f4-absence-1');
    const again = await send(CREATE_ABSENCE, comment('congés clé unique'), 'b5b0c1f4-absence-1');
    expect(first.errors).toBeUndefined();
    expect(again.data).toEqual(first.data);
    expect(await count('congés clé unique')).toBe(1);
  });

  it('sent twice at once with one key, still creates one', async () => {
    const both = await Promise.all([1, 2].map(() => send(CREATE_ABSENCE, comment('congés concurrents'), 'b5b0c1f4-absence-2')));
    expect(both[1].data).toEqual(both[0].data);
    expect(await count('congés concurrents')).toBe(1);
  });

  it('without a key, or with two keys, creates two', async () => {
    await send(CREATE_ABSENCE, comment('congés sans clé'));
    await send(CREATE_ABSENCE, comment('congés sans clé'));
    await send(CREATE_ABSENCE, comment('congés deux clés'), 'b5b0c1f4-absence-3');
    await send(CREATE_ABSENCE, comment('congés deux clés'), 'b5b0c1f4-absence-4');
    expect(await count('congés sans clé')).toBe(2);
    expect(await count('congés deux clés')).toBe(2);
  });
});
