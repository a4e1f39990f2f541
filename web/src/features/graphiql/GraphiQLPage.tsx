import { useEffect, useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { createClient } from 'graphql-ws';
// Bundled by Vite with the rest of this lazy screen: its fonts are inlined (data: URLs), nothing
// is fetched from a CDN, so GraphiQL works on an office network without internet (product.md §12).
import 'graphiql/style.css';
import { fr } from '../../i18n/fr';
import { readAuthToken } from '../../relay/authToken';
import { webSocketUrl } from '../../relay/environment';
import { PageHeader } from '../../ui/PageHeader';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)', minHeight: '480px' },
  editor: {
    flexGrow: 1,
    minHeight: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
});

const bearer = (): Record<string, string> => {
  const token = readAuthToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * /dashboard/graphiql (admins): GraphiQL with the admin's own session, for queries and mutations
 * over HTTP and subscriptions over graphql-ws on this origin, with the docs explorer and history.
 */
export default function GraphiQLPage() {
  const styles = useStyles();
  const wsClient = useMemo(() => createClient({ url: webSocketUrl(), lazy: true, connectionParams: bearer, retryAttempts: 3 }), []);
  useEffect(() => () => void wsClient.dispose(), [wsClient]);
  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher({
        url: '/graphql',
        wsClient,
        // The session token read on each request, so GraphiQL never needs one pasted in.
        fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...bearer() } }),
      }),
    [wsClient],
  );
  return (
    <section className={styles.root}>
      <PageHeader title={fr.titles.graphiql} description={fr.graphiql.description} />
      <div className={styles.editor}>
        <GraphiQL fetcher={fetcher} defaultQuery={fr.graphiql.defaultQuery} forcedTheme="light" />
      </div>
    </section>
  );
}
