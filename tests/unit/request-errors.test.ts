// Yoga's request refusals in French (api/src/graphql/request-errors.ts).
import { frenchRequestMessage } from '../../api/src/graphql/request-errors.js';

it.each([
  ['Must provide query string.', 'Requête GraphQL absente : envoyez-la dans le paramètre « query ».'],
  ['Can only perform a mutation operation from a POST request.', 'Une mutation s’envoie en POST.'],
  ['Expected "query" param to be a string, but given number.', 'Paramètre « query » invalide : du texte attendu, number reçu.'],
  ['Expected "extensions" param to be an object, but given string.', 'Paramètre « extensions » invalide : un objet attendu, string reçu.'],
])('%s', (message, french) => {
  expect(frenchRequestMessage(message)).toBe(french);
});

it('another message is not one of Yoga’s request errors', () => {
  expect(frenchRequestMessage('Unexpected error.')).toBeNull();
  expect(frenchRequestMessage(`Expected "${'q'.repeat(500)}" param to be a string, but given number.`)).toBeNull();
});
