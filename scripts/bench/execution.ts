// The GraphQL layer alone: the executor Yoga runs (@graphql-tools/executor) walking the screen
// query over the screen's own response held in memory, with default resolvers, then serializing
// it as Yoga does. No resolver work, no database: what any GraphQL server built on graphql-js must
// spend on top of producing the data. Read against the CPU per request of /graphql and of the
// floor: what is left between them is the product's resolution (Pothos, Prisma, the rules).
import { execute } from '@graphql-tools/executor';
import { buildSchema, parse } from 'graphql';
import { median } from './load.js';

export interface ExecutionFigure {
  /** Fields of the response (every key of every object, list items' objects included). */
  fields: number;
  rounds: number[];
  /** CPU milliseconds per execution + serialization, median of the rounds. */
  medianMs: number;
}

function countFields(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((total: number, item) => total + countFields(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.values(value).reduce((total: number, child) => total + 1 + countFields(child), 0);
}

export function measureExecution(
  schemaSdl: string,
  request: { query: string; variables: Record<string, unknown>; data: Record<string, unknown> },
  options: { iterations: number; rounds: number },
): ExecutionFigure {
  const schema = buildSchema(schemaSdl);
  const document = parse(request.query);
  const run = () => JSON.stringify(execute({ schema, document, rootValue: request.data, variableValues: request.variables }));
  // The walk must give back the response it walked, or the figure measures something else.
  const once = JSON.parse(run()) as { data?: unknown; errors?: unknown };
  if (once.errors || JSON.stringify(once.data) !== JSON.stringify(request.data)) {
    throw new Error(`the in-memory execution does not give the response back: ${JSON.stringify(once.errors ?? once.data).slice(0, 200)}`);
  }
  for (let i = 0; i < options.iterations; i++) run(); // warm-up: the executor's code is optimized
  const rounds: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < options.iterations; i++) run();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / options.iterations);
  }
  return { fields: countFields(request.data), rounds, medianMs: median(rounds) };
}
