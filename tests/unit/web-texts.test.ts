// README « Texts »: the web app's French texts live in one catalogue, web/src/i18n/, and nowhere
// else: no feature keeps a texts file of its own beside its components.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../../web/src');

describe('the texts catalogue', () => {
  it('holds every texts module of the web app (no text.ts left in a feature)', () => {
    const strays = readdirSync(path.join(web, 'features'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /^texts?\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(web, path.join(entry.parentPath, entry.name)));
    expect(strays).toEqual([]);
  });

  it('names each feature file for its feature and exports `<feature>Text`', async () => {
    const files = readdirSync(path.join(web, 'i18n')).filter((name) => name !== 'fr.ts');
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const feature = file.replace(/\.ts$/, '');
      const module = (await import(path.join(web, 'i18n', file))) as Record<string, unknown>;
      expect([file, typeof module[`${feature}Text`]]).toEqual([file, 'object']);
    }
  });
});
