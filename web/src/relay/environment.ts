import {
  Environment,
  Network,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
} from 'relay-runtime';
import { ApiError, type GraphQLErrorPayload } from './ApiError';
import { readAuthToken } from './authToken';

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const token = readAuthToken();
  let body: { data?: unknown; errors?: GraphQLErrorPayload[] };
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query: operation.text, variables }),
    });
    body = await response.json();
  } catch {
    throw new ApiError('NETWORK_ERROR', 'GraphQL endpoint unreachable');
  }
  // Any error fails the whole operation: screens get one ApiError to branch on instead of
  // partial data they would have to second-guess.
  if (body.errors?.length) throw ApiError.fromGraphQLErrors(body.errors);
  return body as GraphQLResponse;
};

// A fresh environment (and so an empty store) per session: nothing fetched for one user may be
// shown to the next one signing in from the same tab.
export function createRelayEnvironment(): Environment {
  return new Environment({
    network: Network.create(fetchGraphQL),
    store: new Store(new RecordSource()),
  });
}
