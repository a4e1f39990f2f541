// Issue 37 item 9: GraphiQL's requests name one caller (the token tried, else the session), its
// « Copier en cURL » command replays the operation in a shell, and headers never reach localStorage.
import { execFileSync } from 'node:child_process';
import {
  chosenAuthorization,
  curlCommand,
  pastedToken,
  requestHeaders,
  shellQuote,
  tokenPreview,
} from '../../web/src/features/graphiql/requests.js';
import { headerlessStorage, withoutHeaders } from '../../web/src/features/graphiql/storage.js';

const token = `cst_${'a'.repeat(43)}`;

describe('the caller of a GraphiQL request', () => {
  it.each([
    ['  cst_abc  ', 'cst_abc'],
    ['Bearer cst_abc', 'cst_abc'],
    ['bearer   cst_abc\n', 'cst_abc'],
    ['', null],
    ['   ', null],
    ['Bearer ', null],
    ['cst_a cst_b', null],
  ])('pasted %j → %j', (text, expected) => {
    expect(pastedToken(text)).toBe(expected);
  });

  it('shows a token by its prefix only', () => {
    expect(tokenPreview(token)).toBe('cst_aaaa…');
  });

  it('the token tried beats a header typed in the editor, which beats the session', () => {
    expect(chosenAuthorization({ Authorization: 'Bearer cst_typed' }, token)).toBe(`Bearer ${token}`);
    expect(chosenAuthorization({ AUTHORIZATION: 'Bearer cst_typed' }, null)).toBe('Bearer cst_typed');
    expect(chosenAuthorization({ 'x-trace': '1' }, null)).toBeNull();
    expect(chosenAuthorization(undefined, null)).toBeNull();
  });

  it('a request carries one Authorization: the chosen one replaces the session’s, in any case', () => {
    const headers = { 'content-type': 'application/json', Authorization: 'Bearer cst_typed', authorization: 'x' };
    expect(requestHeaders(headers, `Bearer ${token}`, 'session')).toEqual({
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    });
    expect(requestHeaders({ 'content-type': 'application/json' }, null, 'session')).toEqual({
      'content-type': 'application/json',
      authorization: 'Bearer session',
    });
    expect(requestHeaders({ Authorization: 'Bearer old' }, null, null)).toEqual({});
  });
});

/** The words a POSIX shell reads from a command (printed one per line by the shell itself). */
function shellWords(command: string, env: Record<string, string> = {}): string[] {
  const printed = execFileSync('sh', ['-c', `printf '%s\\0' ${command.replace(/^curl /, '')}`], {
    env: { PATH: process.env.PATH, ...env },
  });
  return printed.toString('utf8').split('\0').slice(0, -1);
}

describe('« Copier en cURL »', () => {
  const url = 'https://extranet.example.fr/graphql';

  it.each(["l'étude", "'", "''", "a'b'c", '$HOME `id` "x" \\n', 'ligne 1\nligne 2'])('quotes %j as one shell word', (text) => {
    expect(shellWords(shellQuote(text))).toEqual([text]);
  });

  it('replays the query, variables and operation name with the token tried', () => {
    const query =
      '# Les constats de l\'étude\nquery Derniers($first: Int) {\n  reports(first: $first, filter: { name: "O\'Neil" }) { totalCount }\n}\n';
    const command = curlCommand({ url, query, variables: { first: 5 }, operationName: 'Derniers', token });
    expect(command).toBe(
      [
        `curl 'https://extranet.example.fr/graphql'`,
        `-H 'Content-Type: application/json'`,
        `-H 'Authorization: Bearer ${token}'`,
        `--data-raw '${JSON.stringify({ query, variables: { first: 5 }, operationName: 'Derniers' }).replaceAll("'", "'\\''")}'`,
      ].join(' \\\n  '),
    );
    // What the shell hands curl: the exact JSON body, newlines and quotes included.
    const words = shellWords(command);
    expect(words).toEqual([
      url,
      '-H',
      'Content-Type: application/json',
      '-H',
      `Authorization: Bearer ${token}`,
      '--data-raw',
      expect.any(String),
    ]);
    expect(JSON.parse(words[6])).toEqual({ query, variables: { first: 5 }, operationName: 'Derniers' });
  });

  it('without a token: a $TOKEN the shell expands, never the session; no empty variables or operation name', () => {
    const command = curlCommand({ url, query: '{ me { email } }', variables: {}, operationName: null, token: null });
    expect(command).toContain('-H "Authorization: Bearer $TOKEN"');
    const words = shellWords(command, { TOKEN: token });
    expect(words[4]).toBe(`Authorization: Bearer ${token}`);
    expect(JSON.parse(words[6])).toEqual({ query: '{ me { email } }' });
  });
});

describe('GraphiQL storage without headers', () => {
  function memoryStorage(): Storage {
    const values = new Map<string, string>();
    return {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
      clear: () => values.clear(),
      key: (index) => [...values.keys()][index] ?? null,
      get length() {
        return values.size;
      },
    };
  }

  it('never writes the headers editor, nor headers inside tabs, history or favourites', () => {
    const backing = memoryStorage();
    const storage = headerlessStorage(backing);
    const authorization = JSON.stringify({ Authorization: `Bearer ${token}` });
    storage.setItem('graphiql:headers', authorization);
    storage.setItem(
      'graphiql:tabState',
      JSON.stringify({ tabs: [{ id: '1', query: '{ a }', headers: authorization }], activeTabIndex: 0 }),
    );
    storage.setItem('graphiql:queries', JSON.stringify([{ query: '{ a }', headers: authorization }]));
    storage.setItem('graphiql:favorites', JSON.stringify([{ query: '{ a }', headers: authorization }]));
    for (let index = 0; index < backing.length; index += 1) expect(backing.getItem(backing.key(index)!)).not.toContain(token);
    expect(backing.getItem('graphiql:headers')).toBeNull();
    expect(JSON.parse(backing.getItem('graphiql:queries')!)).toEqual([{ query: '{ a }', headers: null }]);
  });

  it('keeps the query and the variables as typed, and hands back no header stored earlier', () => {
    const backing = memoryStorage();
    backing.setItem('graphiql:queries', JSON.stringify([{ query: '{ a }', headers: `{"authorization":"Bearer ${token}"}` }]));
    backing.setItem('graphiql:headers', 'old');
    backing.setItem('autre', 'x');
    const storage = headerlessStorage(backing);
    storage.setItem('graphiql:variables', '{\n  "headers": 1\n}');
    expect(storage.getItem('graphiql:variables')).toBe('{\n  "headers": 1\n}');
    expect(storage.getItem('graphiql:queries')).not.toContain(token);
    expect(storage.getItem('graphiql:headers')).toBeNull();
    // Its own keys only: the session token and the app's other keys stay.
    expect(storage.length).toBe(3);
    storage.clear();
    expect(backing.getItem('autre')).toBe('x');
    expect(backing.length).toBe(1);
  });

  it('a record that is not JSON (edited by hand) is dropped', () => {
    const backing = memoryStorage();
    backing.setItem('graphiql:tabState', `{"tabs": [{"headers": "Bearer ${token}"`);
    expect(headerlessStorage(backing).getItem('graphiql:tabState')).toBeNull();
    expect(withoutHeaders('{"tabs": [')).toBe('');
  });
});
