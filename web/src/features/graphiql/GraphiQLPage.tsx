import { useEffect, useMemo, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { GraphiQL } from 'graphiql';
import { explorerPlugin } from '@graphiql/plugin-explorer';
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { createClient, type Client } from 'graphql-ws';
// Bundled by Vite with the rest of this lazy screen: its fonts are inlined (data: URLs), nothing
// is fetched from a CDN, so GraphiQL works on an office network without internet (product.md §12).
import 'graphiql/style.css';
import '@graphiql/plugin-explorer/style.css';
import { fr } from '../../i18n/fr';
import { readAuthToken } from '../../relay/authToken';
import { webSocketUrl } from '../../relay/environment';
import { PageHeader } from '../../ui/PageHeader';
import { FrenchToolbar } from './FrenchToolbar';
import { chosenAuthorization, requestHeaders } from './requests';
import { headerlessStorage } from './storage';
import { TokenTrial } from './TokenTrial';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, height: 'calc(100vh - 120px)', minHeight: '560px' },
  editor: {
    flexGrow: 1,
    minHeight: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
});

const plugins = [explorerPlugin()];

/**
 * /dashboard/graphiql (admins): GraphiQL with the admin's own session, for queries and mutations
 * over HTTP and subscriptions over graphql-ws on this origin, with the docs, the explorer and history;
 * or with a token being tried, which alone names the caller.
 */
export default function GraphiQLPage() {
  const styles = useStyles();
  const [token, setToken] = useState<string | null>(null);
  // Read when a request leaves: the fetcher stays the same, so GraphiQL keeps the schema it read.
  const tokenRef = useRef(token);
  const chooseToken = (next: string | null) => {
    tokenRef.current = next;
    setToken(next);
  };
  const storage = useMemo(() => headerlessStorage(window.localStorage), []);
  const wsClient = useMemo(
    () => createClient({ url: webSocketUrl(), lazy: true, connectionParams: () => sessionParams(), retryAttempts: 3 }),
    [],
  );
  // The socket of the authorization being tried: its connection_init carries it, not the session.
  const trialSocket = useRef<{ authorization: string; client: Client } | null>(null);
  useEffect(
    () => () => {
      void wsClient.dispose();
      void trialSocket.current?.client.dispose();
    },
    [wsClient],
  );
  const fetcher = useMemo<Fetcher>(() => {
    const withHeaders = (authorization: string | null) => (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, { ...init, headers: requestHeaders({ ...(init?.headers as Record<string, string>) }, authorization, readAuthToken()) });
    const socketFor = (authorization: string) => {
      if (trialSocket.current?.authorization !== authorization) {
        void trialSocket.current?.client.dispose();
        const client = createClient({ url: webSocketUrl(), lazy: true, connectionParams: { authorization }, retryAttempts: 0 });
        trialSocket.current = { authorization, client };
      }
      return trialSocket.current.client;
    };
    const bySession = createGraphiQLFetcher({ url: '/graphql', wsClient, fetch: withHeaders(null) });
    return (params, options) => {
      const authorization = chosenAuthorization(options?.headers, tokenRef.current);
      if (!authorization) return bySession(params, options);
      return createGraphiQLFetcher({ url: '/graphql', wsClient: socketFor(authorization), fetch: withHeaders(authorization) })(
        params,
        options,
      );
    };
  }, [wsClient]);
  return (
    <section className={styles.root}>
      <PageHeader title={fr.titles.graphiql} description={fr.graphiql.description} />
      <TokenTrial token={token} onChange={chooseToken} />
      <div className={styles.editor}>
        <GraphiQL
          fetcher={fetcher}
          plugins={plugins}
          storage={storage}
          shouldPersistHeaders={false}
          defaultQuery={fr.graphiql.defaultQuery}
          forcedTheme="light"
        >
          <GraphiQL.Toolbar>{() => <FrenchToolbar token={token} />}</GraphiQL.Toolbar>
        </GraphiQL>
      </div>
    </section>
  );
}

const sessionParams = (): Record<string, string> => {
  const session = readAuthToken();
  return session ? { authorization: `Bearer ${session}` } : {};
};
