import {
  CopyIcon,
  MergeIcon,
  PrettifyIcon,
  ToolbarButton,
  useCopyQuery,
  useEditorContext,
  useMergeQuery,
  usePrettifyEditors,
} from '@graphiql/react';
import { CodeRegular } from '@fluentui/react-icons';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toasts';
import { curlCommand } from './requests';

const t = fr.graphiql;

/** The variables editor's object; undefined when empty, null when it is not an object. */
function editorVariables(text: string): Record<string, unknown> | undefined | null {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * GraphiQL's editor toolbar with French labels (its own are fixed in English), and « Copier en
 * cURL » for the current operation, with the token being tried or a `$TOKEN` to fill in.
 */
export function FrenchToolbar({ token }: { token: string | null }) {
  const toast = useToast();
  const editors = useEditorContext({ nonNull: true });
  const prettify = usePrettifyEditors();
  const merge = useMergeQuery();
  const copy = useCopyQuery();

  const copyCurl = async () => {
    const variables = editorVariables(editors.variableEditor?.getValue() ?? '');
    if (variables === null) return toast('error', t.variablesInvalid);
    const command = curlCommand({
      url: new URL('/graphql', window.location.origin).href,
      query: editors.queryEditor?.getValue() ?? '',
      variables,
      operationName: editors.queryEditor?.operationName,
      token,
    });
    await navigator.clipboard.writeText(command);
    toast('success', t.curlCopied);
  };

  return (
    <>
      <ToolbarButton onClick={prettify} label={t.prettify}>
        <PrettifyIcon className="graphiql-toolbar-icon" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton onClick={merge} label={t.merge}>
        <MergeIcon className="graphiql-toolbar-icon" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton onClick={copy} label={t.copy}>
        <CopyIcon className="graphiql-toolbar-icon" aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton onClick={() => void copyCurl()} label={t.copyCurl}>
        <CodeRegular className="graphiql-toolbar-icon" aria-hidden="true" />
      </ToolbarButton>
    </>
  );
}
