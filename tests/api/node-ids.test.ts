// Node ids are encoded synchronously (api/src/graphql/sync-global-id.ts): a promise per node made
// the executor complete every report and person of a list after its own microtask.
import type { GraphQLFieldResolver } from 'graphql';
import { schema } from '../../api/src/server/schema.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { importByWorkerNode } from '../support/worker-import.js';

let app: TestApp;
const promised = new Set<string>();
const resolved = new Map<string, unknown[]>();
const restore: (() => void)[] = [];

beforeAll(async () => {
  app = await startTestApp();
  // The schema's types are the server's (support/worker-import.ts): graphql's own checks must be too.
  const { isObjectType } = await importByWorkerNode<typeof import('graphql')>('graphql');
  // Watch the id field of every node type of the running server's schema.
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((node) => node.name === 'Node')) continue;
    const field = type.getFields().id;
    const original = field.resolve as GraphQLFieldResolver<unknown, unknown>;
    field.resolve = (...args) => {
      const value = original(...args);
      if (value instanceof Promise) promised.add(type.name);
      resolved.set(type.name, [...(resolved.get(type.name) ?? []), value]);
      return value;
    };
    restore.push(() => (field.resolve = original));
  }
});

afterAll(async () => {
  for (const undo of restore) undo();
  await app?.stop();
});

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

it('every node type answers its id as a value, encoded as Relay global ids', async () => {
  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const result = await gql<{
    reports: { edges: { node: { id: string; databaseId: number; bailiff: { id: string; databaseId: number } } }[] };
    groups: { edges: { node: { id: string; databaseId: number } }[] };
    news: { edges: { node: { id: string } }[] };
  }>(
    app.url,
    `{
      reports(first: 5) { edges { node { id databaseId bailiff { id databaseId } } } }
      groups(first: 5) { edges { node { id databaseId } } }
      news(first: 5) { edges { node { id } } }
    }`,
    {},
    token,
  );
  expect(result.errors).toBeUndefined();
  const reports = result.data!.reports.edges.map((edge) => edge.node);
  expect(reports.length).toBeGreaterThan(0);
  for (const report of reports) {
    expect(report.id).toBe(globalId('Report', report.databaseId));
    expect(report.bailiff.id).toBe(globalId('User', report.bailiff.databaseId));
  }
  for (const { node } of result.data!.groups.edges) expect(node.id).toBe(globalId('Group', node.databaseId));
  expect(result.data!.news.edges.length).toBeGreaterThan(0);

  expect([...resolved.keys()].sort()).toEqual(['Group', 'News', 'Report', 'User']);
  expect([...promised]).toEqual([]);
});

it('node(id:) still finds a node by the id a list gave', async () => {
  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const list = await gql<{ reports: { edges: { node: { id: string; name: string } }[] } }>(
    app.url,
    '{ reports(first: 1) { edges { node { id name } } } }',
    {},
    token,
  );
  const { id, name } = list.data!.reports.edges[0].node;
  const found = await gql<{ node: { id: string; name: string } }>(
    app.url,
    'query($id: ID!) { node(id: $id) { id ... on Report { name } } }',
    { id },
    token,
  );
  expect(found.data!.node).toEqual({ id, name });
});
