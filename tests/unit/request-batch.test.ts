// The API's one per-request batching mechanism (infra/request-batch.ts).
import { requestBatch } from '../../api/src/infra/request-batch.js';

function loader(options?: { memo?: boolean }) {
  const calls: number[][] = [];
  const load = requestBatch((_ctx: object, keys: number[]) => {
    calls.push([...keys]);
    return Promise.resolve(keys.map((key) => key * 10));
  }, options);
  return { load, calls };
}

describe('requestBatch', () => {
  it('loads the keys of one tick of a request in one call, in their order', async () => {
    const { load, calls } = loader();
    const ctx = {};
    expect(await Promise.all([load(ctx, 1), load(ctx, 2), load(ctx, 3)])).toEqual([10, 20, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('never shares a batch between two requests', async () => {
    const { load, calls } = loader();
    await Promise.all([load({}, 1), load({}, 2)]);
    expect(calls).toEqual([[1], [2]]);
  });

  it('loads afresh on a later tick without memo, and keeps (or takes primed) results with it', async () => {
    const plain = loader();
    const ctx = {};
    await plain.load(ctx, 1);
    await plain.load(ctx, 1);
    expect(plain.calls).toEqual([[1], [1]]);

    const memo = loader({ memo: true });
    await memo.load(ctx, 1);
    await memo.load(ctx, 1);
    memo.load.prime(ctx, 2, Promise.resolve(7));
    expect(await memo.load(ctx, 2)).toBe(7);
    expect(memo.calls).toEqual([[1]]);
  });
});
