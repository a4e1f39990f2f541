// Issue 20 item 4: the selectors' lists (peopleChoices, groupChoices) return every eligible row,
// never a first page, to admins only; the web's 40- and 50-row lists left the 41st secretary out.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { expectEvery } from '../support/expect-every.js';

let app: TestApp;
let admin: string;

const EXTRA_SECRETARIES = 65;
const EXTRA_GROUPS = 120;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const person = (n: number, status: 'ACTIVE' | 'DISABLED' | 'PENDING') => ({
    role: 'SECRETARY' as const,
    status,
    firstName: 'Choix',
    lastName: `Secrétaire ${String(n).padStart(3, '0')}`,
    email: `choix.${status.toLowerCase()}.${n}@etude.fr`,
    identity: `choix-${status.toLowerCase()}-${n}`,
    passwordHash: 'x',
  });
  await app.services.db.user.createMany({
    data: [...Array.from({ length: EXTRA_SECRETARIES }, (_, n) => person(n, 'ACTIVE')), person(1, 'DISABLED'), person(1, 'PENDING')],
  });
  await app.services.db.group.createMany({
    data: Array.from({ length: EXTRA_GROUPS }, (_, n) => ({
      name: `Étude choix ${String(n).padStart(3, '0')}`,
      siret: '12345678900011',
      telephone: '0478000000',
      email: 'compta@choix.fr',
      address: '1 place Bellecour',
      zip: '69002',
      city: 'Lyon',
    })),
  });
});

afterAll(async () => {
  await app.stop();
});

const PEOPLE =
  'query($role: Role!, $activeOnly: Boolean) { peopleChoices(role: $role, activeOnly: $activeOnly) { id fullName role status } }';
type Person = { id: string; fullName: string; role: string; status: string };

async function people(variables: Record<string, unknown>, token = admin): Promise<Person[]> {
  const result = await gql<{ peopleChoices: Person[] }>(app.url, PEOPLE, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.peopleChoices;
}

describe('peopleChoices', () => {
  it('lists every active secretary, 65 more than the demo’s, sorted by name, for assignment', async () => {
    const expected = await app.services.db.user.count({ where: { role: 'SECRETARY', status: 'ACTIVE' } });
    expect(expected).toBeGreaterThan(EXTRA_SECRETARIES);
    const active = await people({ role: 'SECRETARY', activeOnly: true });
    expect(active).toHaveLength(expected);
    expectEvery(active, (person) => person.role === 'SECRETARY' && person.status === 'ACTIVE');
    const names = active.map((person) => person.fullName);
    // The 41st, 51st and last of the new ones are all there.
    for (const n of [40, 50, EXTRA_SECRETARIES - 1]) expect(names).toContain(`Choix Secrétaire ${String(n).padStart(3, '0')}`);
    const lastNames = await app.services.db.user.findMany({
      where: { role: 'SECRETARY', status: 'ACTIVE' },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      select: { firstName: true, lastName: true },
    });
    expect(names).toEqual(lastNames.map((user) => `${user.firstName} ${user.lastName}`));
  });

  it('the filters’ list adds the disabled accounts, never a pending one', async () => {
    const all = await people({ role: 'SECRETARY' });
    expect(all).toHaveLength(await app.services.db.user.count({ where: { role: 'SECRETARY', status: { not: 'PENDING' } } }));
    expect(all.filter((person) => person.status === 'DISABLED').length).toBeGreaterThan(0);
    expectEvery(all, (person) => person.status !== 'PENDING');
    expect(all.length).toBeGreaterThan(EXTRA_SECRETARIES);
  });

  it('lists bailiffs for the bailiff selectors', async () => {
    const bailiffs = await people({ role: 'BAILIFF', activeOnly: true });
    expectEvery(bailiffs, (person) => person.role === 'BAILIFF' && person.status === 'ACTIVE');
    expect(bailiffs).toHaveLength(await app.services.db.user.count({ where: { role: 'BAILIFF', status: 'ACTIVE' } }));
  });

  it('is the admin’s only: a bailiff or a secretary is refused, as with users(…)', async () => {
    for (const who of [demo.bailiff, demo.secretary]) {
      const token = await loginToken(app.url, who.email, who.password);
      const result = await gql(app.url, PEOPLE, { role: 'SECRETARY' }, token);
      expect(result.data?.peopleChoices ?? null).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await gql(app.url, PEOPLE, { role: 'SECRETARY' });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a missing or unknown role with a GraphQL error, not a list', async () => {
    const missing = await gql(app.url, 'query { peopleChoices { id } }', {}, admin);
    expect(missing.errors?.length).toBeGreaterThan(0);
    const unknown = await gql(app.url, 'query { peopleChoices(role: ROOT) { id } }', {}, admin);
    expect(unknown.errors?.length).toBeGreaterThan(0);
  });
});

describe('groupChoices', () => {
  it('lists every étude, past the 100 rows a page holds, sorted by name', async () => {
    const result = await gql<{ groupChoices: { id: string; name: string }[] }>(app.url, 'query { groupChoices { id name } }', {}, admin);
    const groups = result.data!.groupChoices;
    expect(groups.length).toBeGreaterThan(100);
    expect(groups).toHaveLength(await app.services.db.group.count());
    expect(groups.map((group) => group.name)).toContain(`Étude choix ${EXTRA_GROUPS - 1}`);
  });

  it('is the admin’s only', async () => {
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const result = await gql(app.url, 'query { groupChoices { id name } }', {}, token);
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
