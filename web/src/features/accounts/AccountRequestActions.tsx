import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import type { AccountRequestActionsMutation } from '../../__generated__/AccountRequestActionsMutation.graphql';
import { fr } from '../../i18n/fr';
import { accountsText } from '../../i18n/accounts';
import { useCommit } from '../../relay/commit';
import { ConfirmDialog, useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toasts';

const t = accountsText.request;

const reviewMutation = graphql`
  mutation AccountRequestActionsMutation($input: ReviewPendingAccountInput!) {
    reviewPendingAccount(input: $input) {
      message
      user {
        id
        status
      }
    }
  }
`;

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

interface AccountRequestActionsProps {
  /** The pending account (Relay id) and its name, for the refusal's question. */
  account: { id: string; fullName: string };
  /** The e-mailed deny link opens the refusal's question at once; it still waits for « Refuser ». */
  askRefusal?: boolean;
  /** After a decision: `approved` false means the account was deleted. */
  onDecided?: (approved: boolean) => void;
}

/**
 * « Approuver » / « Refuser » of a self-registration (the account's page, its notification): only
 * a click decides, a refusal (which deletes the account) after a confirmation; the admin session
 * is the authority (docs/decisions.md).
 */
export function AccountRequestActions({ account, askRefusal = false, onDecided }: AccountRequestActionsProps) {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [decided, setDecided] = useState(false);
  const refusal = { title: t.refuseTitle, message: t.refuseQuestion(account.fullName), confirmLabel: t.refuse, cancelLabel: fr.cancel };
  // The e-mailed deny link: the question is open from the first render.
  const [askingFromLink, setAskingFromLink] = useState(askRefusal);

  const decide = async (approve: boolean) => {
    if (!approve && !(await confirm(refusal))) return;
    await record(approve);
  };

  const record = async (approve: boolean) => {
    setBusy(true);
    try {
      const { reviewPendingAccount } = await commit<AccountRequestActionsMutation>({
        mutation: reviewMutation,
        variables: { input: { id: account.id, approve } },
        // A refused account is deleted: nothing is left to decide wherever it shows.
        updater: (store) => {
          if (!approve) store.get(account.id)?.setValue(null, 'status');
        },
      });
      toast(approve ? 'success' : 'info', reviewPendingAccount.message);
      setDecided(true);
      onDecided?.(approve);
    } catch {
      // useCommit has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  // Decided: the buttons go, also where they were shown from a snapshot (the bell's dialog).
  if (decided) return null;
  return (
    <span className={styles.actions}>
      <Button appearance="primary" disabled={busy} onClick={() => void decide(true)}>
        {t.approve}
      </Button>
      <Button appearance="secondary" disabled={busy} onClick={() => void decide(false)}>
        {t.refuse}
      </Button>
      {dialog}
      <ConfirmDialog
        open={askingFromLink}
        {...refusal}
        onConfirm={() => {
          setAskingFromLink(false);
          void record(false);
        }}
        onCancel={() => setAskingFromLink(false)}
      />
    </span>
  );
}
