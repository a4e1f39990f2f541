import { useEffect, useRef, useState } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import type { useDepositFilesMutation } from '../../__generated__/useDepositFilesMutation.graphql';
import type { useDepositFilesQuery } from '../../__generated__/useDepositFilesQuery.graphql';
import { useSessionUser } from '../../app/session/sessionContext';
import { reportsText as t } from '../../i18n/reports';
import { useCommit } from '../../relay/commit';
import { useToast } from '../../ui/toasts';
import { dismissDeposit, startDeposit, type DepositView } from '../deposits/depositRunner';
import { refusalsSummary } from '../deposits/DepositProgress';
import { useDeposit } from '../deposits/useDeposits';

/** The constat's files and status read again once its deposit settled. */
const refreshQuery = graphql`
  query useDepositFilesQuery($id: ID!) {
    node(id: $id) {
      ... on Report @alias(as: "report") {
        status
        alert
        updatedAt
        lastStatusChange
        ...ReportFilesFragment
      }
    }
  }
`;

/**
 * Deposited items added to an existing constat (product.md §16): `startDeposit` announces them,
 * then they travel as a resumable deposit; once every file settled, a toast says how many arrived
 * and the constat's files are read again. With refusals, `deposit` stays until `dismiss`.
 */
export function useDepositFiles(reportId: string, reportName: string) {
  const commit = useCommit();
  const toast = useToast();
  const environment = useRelayEnvironment();
  const user = useSessionUser();
  const [starting, setStarting] = useState(false);
  const [depositId, setDepositId] = useState<number | null>(null);
  const deposit: DepositView | null = useDeposit(depositId);
  const finished = deposit?.progress.finished ?? false;
  const told = useRef<number | null>(null);

  useEffect(() => {
    if (!deposit || !finished || told.current === deposit.depositId) return;
    told.current = deposit.depositId;
    const { sent, refused } = deposit.progress;
    if (sent > 0) toast('success', sent > 1 ? t.filesUploaded(sent) : t.fileUploaded);
    const refusals = refusalsSummary(deposit);
    if (refusals) toast('error', refusals);
    void fetchQuery<useDepositFilesQuery>(environment, refreshQuery, { id: reportId }, { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => null);
    if (refused === 0) dismissDeposit(deposit.depositId);
  }, [deposit, finished, toast, environment, reportId]);

  const send = async (files: readonly File[]) => {
    setStarting(true);
    try {
      const response = await commit<useDepositFilesMutation>({
        mutation: graphql`
          mutation useDepositFilesMutation($input: StartDepositInput!) {
            startDeposit(input: $input) {
              report {
                deposit {
                  expectedFiles
                  receivedFiles
                  refusedFiles
                }
              }
              deposit {
                databaseId
              }
            }
          }
        `,
        variables: { input: { reportId, files: files.length } },
      });
      const opened = response.startDeposit.deposit;
      if (!opened) return;
      setDepositId(opened.databaseId);
      await startDeposit({ depositId: opened.databaseId, reportId, reportName, owner: user.id }, files);
    } finally {
      setStarting(false);
    }
  };

  const dismiss = () => {
    if (depositId !== null) dismissDeposit(depositId);
  };

  // Dismissed, the deposit leaves the runner's list: the box takes files again.
  return { send, deposit, busy: starting || deposit !== null, dismiss };
}
