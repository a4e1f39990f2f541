// graphql-js's refusals of a document, in French: each rule is tried on the message graphql-js
// itself writes for a real mistake, so that a change of its wording shows here.
import { buildSchema, parse, validate } from 'graphql';
import { frenchDocumentMessage } from '../../api/src/graphql/document-errors.js';

const schema = buildSchema(`
  type Query { report(id: ID!): Report reports(first: Int, status: Status): [Report!]! }
  type Report { id: ID! name: String! bailiff: User }
  type User { id: ID! }
  enum Status { EC TE }
  input Filter { name: String! }
  type Mutation { filter(input: Filter): Int }
`);

const frenchOf = (document: string) =>
  validate(schema, parse(document), undefined, { hideSuggestions: true }).map((error) => frenchDocumentMessage(error.message, 'validate'));

it.each([
  ['{ reports { nom } }', 'Champ « nom » inconnu sur le type « Report ».'],
  ['mutation { filter(input: { name: "a", nom: "b" }) }', 'Champ « nom » inconnu dans le type « Filter ».'],
  ['mutation { filter(input: {}) }', 'Champ obligatoire « name » (String!) manquant dans « Filter ».'],
  ['{ reports(nope: 1) { id } }', 'Argument « nope » inconnu pour « Query.reports ».'],
  ['{ report { id } }', 'Argument obligatoire « id » (ID!) manquant pour le champ « report ».'],
  ['query($s: Statut) { reports(status: $s) { id } }', 'Type « Statut » inconnu.'],
  ['{ reports @nope { id } }', 'Directive « @nope » inconnue.'],
  ['{ reports { ...Rows } }', 'Fragment « Rows » inconnu.'],
  ['{ reports { id } } fragment Rows on Report { id }', 'Fragment « Rows » déclaré mais jamais utilisé.'],
  ['{ reports(first: $n) { id } }', 'Variable « $n » utilisée sans être déclarée.'],
  ['query($n: Int) { reports { id } }', 'Variable « $n » déclarée mais jamais utilisée.'],
  ['query($n: String) { reports(first: $n) { id } }', 'Variable « $n » de type String utilisée là où Int est attendu.'],
  ['{ reports { id { x } } }', 'Le champ « id » (ID!) n’a pas de sous-champs : retirez sa sélection.'],
  ['{ reports }', 'Le champ « reports » ([Report!]!) demande une sélection de sous-champs.'],
  ['{ reports(first: "x") { id } }', 'Valeur invalide pour le type Int.'],
  ['{ reports(status: ECC) { id } }', 'Valeur « ECC » inconnue dans l’énumération « Status ».'],
  ['{ reports(status: "EC") { id } }', 'Valeur invalide pour l’énumération « Status ».'],
  ['mutation { filter(input: 3) }', 'Valeur invalide : le type Filter est attendu.'],
  ['{ reports { x: id x: name } }', 'Le nom de réponse « x » désigne deux sélections différentes.'],
  ['query A { reports { id } } query A { reports { id } }', 'Nom en double dans la requête.'],
  ['{ reports { id } } query B { reports { id } }', 'Une opération sans nom doit être la seule de la requête.'],
])('%s', (document, french) => {
  expect(frenchOf(document)).toContain(french);
});

it('a message no rule knows, and a syntax error, get a general French message', () => {
  expect(frenchDocumentMessage('Something new from graphql-js.', 'validate')).toBe('Requête GraphQL invalide (voir extensions.detail).');
  expect(frenchDocumentMessage('Syntax Error: Expected Name, found <EOF>.', 'parse')).toBe(
    'Erreur de syntaxe dans la requête GraphQL (voir extensions.detail).',
  );
});

it('reads only GraphQL names: a quoted value is never copied into the French message', () => {
  const message = frenchOf(`{ reports(first: "${'<script>'.repeat(50)}") { id } }`)[0];
  expect(message).toBe('Valeur invalide pour le type Int.');
});
