import { useState } from 'react';
import { graphql } from 'react-relay/hooks';
import { Button } from '@fluentui/react-components';
import { DismissCircleRegular } from '@fluentui/react-icons/svg/dismiss-circle';
import type { CancelDepositButtonMutation } from '../../__generated__/CancelDepositButtonMutation.graphql';
import { depositsText as t } from '../../i18n/deposits';
import { useCommit } from '../../relay/commit';
import { toGlobalId } from '../../relay/globalId';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toasts';
import { stopDeposit, type DepositView } from './depositRunner';

/**
 * « Annuler le dépôt » (product.md §16), asked first: the uploads stop on this device at once, then
 * the server closes the deposit with the files it received (which stay on the constat).
 */
export function CancelDepositButton({ deposit }: { deposit: DepositView }) {
  const commit = useCommit();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [cancelling, setCancelling] = useState(false);

  const cancel = async () => {
    const question = {
      title: t.cancelTitle,
      message: t.cancelQuestion(deposit.progress.sent, deposit.progress.files),
      confirmLabel: t.cancelConfirm,
      cancelLabel: t.cancelKeep,
    };
    if (!(await confirm(question))) return;
    setCancelling(true);
    stopDeposit(deposit.depositId);
    try {
      await commit<CancelDepositButtonMutation>(
        {
          mutation: graphql`
            mutation CancelDepositButtonMutation($input: CancelDepositInput!) {
              cancelDeposit(input: $input) {
                id
                completedAt
              }
            }
          `,
          variables: { input: { depositId: toGlobalId('Deposit', deposit.depositId) } },
        },
        { errorToast: false },
      );
    } catch {
      // The server's sweep closes a deposit no file reaches any more: nothing is lost, only delayed.
      toast('warning', t.cancelFailed);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <>
      <Button appearance="secondary" icon={<DismissCircleRegular />} disabled={cancelling} onClick={() => void cancel()}>
        {t.cancel}
      </Button>
      {dialog}
    </>
  );
}
