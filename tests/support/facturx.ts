// Validation of a factur-x.xml against the official Factur-X 1.07.3 EN 16931 XSD (UN/CEFACT CII
// D16B subset), kept in tests/fixtures/factur-x with its provenance (README there), run by
// xmllint-wasm (libxml2 compiled to WebAssembly: no system package).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'factur-x');
const MAIN = 'Factur-X_1.07.3_EN16931.xsd';
const IMPORTED = ['QualifiedDataType', 'ReusableAggregateBusinessInformationEntity', 'UnqualifiedDataType'].map(
  (name) => `Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_${name}_100.xsd`,
);

const load = async (fileName: string) => ({ fileName, contents: await readFile(path.join(FIXTURES, fileName), 'utf8') });

/** The XSD errors of a factur-x.xml (empty when valid). */
export async function facturXsdErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [await load(MAIN)],
    preload: await Promise.all(IMPORTED.map(load)),
  });
  return result.errors.map((error) => error.rawMessage);
}
