/**
 * The rétrocession / facturation counters of a report's expanded row (product.md §4).
 *
 * `<ReportCounters report={row} readOnly={…} />`
 * - `report`: a `ReportCountersFragment$key` (spread `...ReportCountersFragment` in the row).
 * - `readOnly`: shows the saved counts without inputs nor buttons.
 *
 * Lines: the provisional counts (the secretary's, sent with `setRetrocession`: 'Rapport
 * rétrocédé'), then for whoever may bill (admins) 'Rétrocession' and 'Facturation' with their
 * checkboxes (mirroring rules in ./counters.ts) sent with `setBilling`: 'Rapport facturé'. Each
 * line is editable only when `viewerCan` allows its mutation.
 */
import { useReducer, useState } from 'react';
import { Button, Checkbox, Input, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ReportCountersBillingMutation } from '../../__generated__/ReportCountersBillingMutation.graphql';
import type { ReportCountersFragment$data, ReportCountersFragment$key } from '../../__generated__/ReportCountersFragment.graphql';
import type { ReportCountersRetrocessionMutation } from '../../__generated__/ReportCountersRetrocessionMutation.graphql';
import { ApiError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { formatMoney } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import {
  billingRefusal,
  canSendRetrocession,
  countersReducer,
  initialCounters,
  parseCount,
  type CountField,
  type Counts,
  type CountersState,
} from './counters';
import { liveAmount } from './liveAmounts';
import { reportsText } from '../../i18n/reports';
import { onPhone } from '../../ui/breakpoints';

const t = reportsText.counters;

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(150px, max-content) 96px 96px minmax(90px, max-content) max-content',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    maxWidth: '100%',
    overflowX: 'auto',
    // A phone's detail is narrow: the labels wrap and the counts take two digits' room and more.
    [onPhone]: {
      gridTemplateColumns: 'minmax(96px, max-content) 64px 64px minmax(60px, max-content) max-content',
      columnGap: tokens.spacingHorizontalS,
    },
  },
  head: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  amount: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  count: { width: '96px', minWidth: 0, [onPhone]: { width: '64px' } },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1 },
  note: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground3 },
  comment: { gridColumn: '1 / -1', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const fragment = graphql`
  fragment ReportCountersFragment on Report {
    id
    name
    invoiced
    countPagesProvisional
    countPhotosProvisional
    countPagesRetrocession
    countPhotosRetrocession
    countPagesBilling
    countPhotosBilling
    retrocessionComment
    retrocessionAmounts {
      pricePage
      pricePhoto
    }
    billingAmounts {
      pricePage
      pricePhoto
    }
    secretary {
      id
    }
    viewerCan {
      setRetrocession
      setBilling
    }
  }
`;

type Saved = Pick<
  ReportCountersFragment$data,
  | 'countPagesProvisional'
  | 'countPhotosProvisional'
  | 'countPagesRetrocession'
  | 'countPhotosRetrocession'
  | 'countPagesBilling'
  | 'countPhotosBilling'
>;

const savedKey = (report: Saved) =>
  [
    report.countPagesProvisional,
    report.countPhotosProvisional,
    report.countPagesRetrocession,
    report.countPhotosRetrocession,
    report.countPagesBilling,
    report.countPhotosBilling,
  ].join('/');

export function ReportCounters({ report, readOnly = false }: { report: ReportCountersFragment$key; readOnly?: boolean }) {
  const styles = useStyles();
  const data = useFragment(fragment, report);
  const commit = useCommit();
  const toast = useToast();
  const [state, dispatch] = useReducer(countersReducer, data, initialCounters);
  const [dirty, setDirty] = useState(false);
  const [sending, setSending] = useState<'retrocession' | 'billing' | null>(null);
  const [billingError, setBillingError] = useState<string | null>(null);

  // Saved counts changed (a send, or another user live): show them unless the user is typing
  // (state adjusted while rendering, React's pattern for a change of prop).
  const key = savedKey(data);
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    if (!dirty) dispatch({ type: 'reset', state: initialCounters(data) });
  }

  const change = (action: Parameters<typeof countersReducer>[1]) => {
    dispatch(action);
    setDirty(true);
    setBillingError(null);
  };

  const editRetrocession = !readOnly && data.viewerCan.setRetrocession;
  const editBilling = !readOnly && data.viewerCan.setBilling;
  // A secretary never sees billing; an admin sees it, read-only once invoiced.
  const showBilling = data.billingAmounts !== null;

  const failure = (error: unknown) => (error instanceof ApiError && error.code === 'BAD_USER_INPUT' ? error.message : t.failure);

  const sendRetrocession = async () => {
    setSending('retrocession');
    try {
      await commit<ReportCountersRetrocessionMutation>(
        {
          mutation: graphql`
            mutation ReportCountersRetrocessionMutation($input: SetRetrocessionInput!) {
              setRetrocession(input: $input) {
                report {
                  status
                  alert
                  updatedAt
                  ...ReportCountersFragment
                }
              }
            }
          `,
          variables: {
            input: {
              reportId: data.id,
              countPagesProvisional: state.provisional.pages,
              countPhotosProvisional: state.provisional.photos,
              comment: data.retrocessionComment,
            },
          },
        },
        { errorToast: failure },
      );
      setDirty(false);
      toast('success', t.retroceded);
    } catch {
      // Announced by a toast.
    } finally {
      setSending(null);
    }
  };

  const sendBilling = async () => {
    const refusal = billingRefusal(state, data.secretary !== null);
    if (refusal) {
      setBillingError(refusal === 'noSecretary' ? t.secretaryRequired : t.billingPagesRequired);
      return;
    }
    setSending('billing');
    try {
      await commit<ReportCountersBillingMutation>(
        {
          mutation: graphql`
            mutation ReportCountersBillingMutation($input: SetBillingInput!) {
              setBilling(input: $input) {
                report {
                  updatedAt
                  ...ReportCountersFragment
                }
              }
            }
          `,
          variables: {
            input: {
              reportId: data.id,
              countPagesRetrocession: state.retrocession.pages,
              countPhotosRetrocession: state.retrocession.photos,
              countPagesBilling: state.billing.pages,
              countPhotosBilling: state.billing.photos,
            },
          },
        },
        { errorToast: failure },
      );
      setDirty(false);
      toast('success', t.billed);
    } catch {
      // Announced by a toast.
    } finally {
      setSending(null);
    }
  };

  const inputs = (line: keyof Pick<CountersState, 'provisional' | 'retrocession' | 'billing'>, counts: Counts, editable: boolean) =>
    (['pages', 'photos'] as CountField[]).map((field) => (
      <Input
        key={field}
        className={styles.count}
        size="small"
        inputMode="numeric"
        aria-label={t.input(line, field)}
        value={String(counts[field])}
        readOnly={!editable}
        disabled={sending !== null}
        onChange={(_, next) => change({ type: 'edit', line, field, value: parseCount(next.value) })}
      />
    ));

  const sendButton = (label: string, disabled: boolean, busy: boolean, onClick: () => void) => (
    <Button
      size="small"
      appearance="primary"
      // While saving it keeps the focus (a disabled button would drop it on <body>).
      disabled={disabled && sending === null}
      disabledFocusable={sending !== null}
      icon={busy ? <Spinner size="tiny" appearance="inverted" /> : undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <div className={styles.root} role="group" aria-label={`${t.title} : ${data.name}`}>
      <span />
      <Text className={styles.head}>{t.pages}</Text>
      <Text className={styles.head}>{t.photos}</Text>
      <Text className={mergeClasses(styles.head, styles.amount)}>{t.amount}</Text>
      <span />

      <Text weight="semibold">{t.provisional}</Text>
      {inputs('provisional', state.provisional, editRetrocession)}
      <span />
      {editRetrocession ? (
        sendButton(t.sendRetrocession, !canSendRetrocession(state), sending === 'retrocession', () => void sendRetrocession())
      ) : (
        <span />
      )}
      {data.retrocessionComment ? (
        <Text size={200} className={styles.comment}>
          <span className={styles.muted}>{t.comment} : </span>
          {data.retrocessionComment}
        </Text>
      ) : null}

      {showBilling ? (
        <>
          <Checkbox
            label={t.retrocession}
            checked={state.retrocessionChecked}
            disabled={!editBilling || sending !== null}
            onChange={(_, next) => change({ type: 'checkRetrocession', checked: next.checked === true })}
          />
          {inputs('retrocession', state.retrocession, editBilling && !state.retrocessionChecked)}
          <Text className={styles.amount}>
            {formatMoney(liveAmount('retrocession', state.retrocession, data.retrocessionAmounts)) || '-'}
          </Text>
          <span />

          <Checkbox
            label={t.billing}
            checked={state.billingChecked}
            disabled={!editBilling || sending !== null}
            onChange={(_, next) => change({ type: 'checkBilling', checked: next.checked === true })}
          />
          {inputs('billing', state.billing, editBilling && !state.billingChecked)}
          <Text className={styles.amount}>{formatMoney(liveAmount('billing', state.billing, data.billingAmounts)) || '-'}</Text>
          {editBilling ? sendButton(t.sendBilling, state.billing.pages === 0, sending === 'billing', () => void sendBilling()) : <span />}
          {billingError ? (
            <Text role="alert" size={200} className={styles.error}>
              {billingError}
            </Text>
          ) : null}
          {data.invoiced ? (
            <Text size={200} className={styles.note}>
              {t.invoiced}
            </Text>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
