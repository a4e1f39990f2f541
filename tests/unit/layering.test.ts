// Dependencies point one way: HTTP handlers and the GraphQL schema call services, services call
// infrastructure. A service or an infrastructure module that imports the HTTP or GraphQL layer would
// tie business rules to a transport.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const api = path.resolve(import.meta.dirname, '../../api/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module `file` imports, resolved to a path under api/src (types included). */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/\sfrom\s+'(\.{1,2}\/[^']+)'/g)].map((match) =>
    path.relative(api, path.resolve(path.dirname(file), match[1])),
  );

describe('layering of the API', () => {
  // A module's REST shim is its rest.ts, and the rest-*.ts files it splits into (billing's legacy shapes).
  const services = sources(path.join(api, 'modules')).filter((file) => !/\/rest(-[a-z-]+)?\.ts$/.test(file));
  const infra = sources(path.join(api, 'infra'));

  it('looks at the modules it means to (services and infrastructure exist)', () => {
    expect(services.some((file) => file.endsWith('modules/reports/service.ts'))).toBe(true);
    expect(infra.some((file) => file.endsWith('infra/storage.ts'))).toBe(true);
  });

  it('no service, schema or infrastructure module imports the HTTP layer', () => {
    const offenders = [...services, ...infra].flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('http/'))
        .map((target) => `${path.relative(api, file)} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no service, business rule or infrastructure module knows GraphQL (errors included)', () => {
    // Business rules, services, the constats' read model and infrastructure; the schema's own files
    // (schema, queries, mutations, selection) are the GraphQL layer.
    const isDomain = (file: string) => /\/(service|rules|workflow)\.ts$/.test(file) || file.includes('/read-model/');
    const domain = [...services.filter(isDomain), ...infra, ...sources(path.join(api, 'lib')), path.join(api, 'errors.ts')];
    const offenders = domain.flatMap((file) => {
      const graphqlPackage = /\sfrom\s+'graphql(\/[^']*)?'/.test(readFileSync(file, 'utf8')) ? ['graphql'] : [];
      const graphqlLayer = importsOf(file).filter((target) => target.startsWith('graphql/'));
      return [...graphqlPackage, ...graphqlLayer].map((target) => `${path.relative(api, file)} → ${target}`);
    });
    expect(domain.some((file) => file.endsWith('infra/uploads.ts'))).toBe(true);
    expect(domain.some((file) => file.endsWith('reports/read-model/rows.ts'))).toBe(true);
    expect(offenders).toEqual([]);
  });
});
