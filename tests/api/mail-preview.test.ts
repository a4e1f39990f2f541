// product.md §2 e-mail template preview 'Nouveau Constat': admins read the real template, rendered.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

const PREVIEW = '{ newReportMailPreview { subject html text } }';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

describe("aperçu de l'e-mail « Nouveau Constat »", () => {
  it('renders the template an admin receives, with sample data', async () => {
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const result = await gql(app.url, PREVIEW, {}, admin);
    expect(result.errors).toBeUndefined();
    const preview = result.data!.newReportMailPreview;
    expect(preview.subject).toBe('Nouveau Constat');
    expect(preview.html).toMatch(/^<!DOCTYPE html/i);
    expect(preview.html).toContain('Un nouveau constat a été déposé');
    expect(preview.html).toContain('/dashboard/constats-en-cours-admin');
    expect(preview.text).toContain('Maître Jeanne Martin');
  });

  it('is refused to bailiffs, secretaries and anonymous callers', async () => {
    for (const account of [demo.bailiff, demo.secretary]) {
      const token = await loginToken(app.url, account.email, account.password);
      const result = await gql(app.url, PREVIEW, {}, token);
      expect(result.data).toBeNull();
      expect(result.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await gql(app.url, PREVIEW, {});
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
