import { AlertRegular } from '@fluentui/react-icons/svg/alert';
import { ClockRegular } from '@fluentui/react-icons/svg/clock';
import { DocumentTextRegular } from '@fluentui/react-icons/svg/document-text';
import { DocumentMultipleRegular } from '@fluentui/react-icons/svg/document-multiple';
import { MoneyRegular } from '@fluentui/react-icons/svg/money';
import { graphql, useFragment } from 'react-relay/hooks';
import type { SecretaryTilesFragment$key } from '../../__generated__/SecretaryTilesFragment.graphql';
import { formatMoney } from '../../ui/format';
import { ReportCard, ReportCardGrid, ReportCardLink } from './ReportCards';
import { reportsText } from '../../i18n/reports';

const t = reportsText.secretary.tiles;

/**
 * product.md §2, the secretary's top tiles, on all of her constats whatever the list's filters: the
 * month's rétrocession (TE constats), in progress (EC + RS), all, in alert (hours since the last
 * status change, §4) and the mean return delay in whole hours. The first three open their screen.
 */
export function SecretaryTiles({ headers }: { headers: SecretaryTilesFragment$key }) {
  const data = useFragment(
    graphql`
      fragment SecretaryTilesFragment on ReportHeaders {
        secretary {
          retrocessionThisMonth
          inProgress
          all
          inAlert
          averageDelayHours
        }
      }
    `,
    headers,
  );
  const tiles = data.secretary;
  if (!tiles) return null;
  return (
    <ReportCardGrid compact>
      <ReportCardLink
        to="/dashboard/retrocessions-constats-secretaire"
        icon={<MoneyRegular />}
        tone="green"
        label={t.retrocession}
        value={formatMoney(tiles.retrocessionThisMonth)}
        hint={t.retrocessionHint}
      />
      <ReportCardLink
        to="/dashboard/constats-en-cours-secretaire"
        icon={<DocumentTextRegular />}
        tone="brand"
        label={t.inProgress}
        value={String(tiles.inProgress)}
      />
      <ReportCardLink
        to="/dashboard/constats-mois-secretaire"
        icon={<DocumentMultipleRegular />}
        tone="brand"
        label={t.all}
        value={String(tiles.all)}
      />
      <ReportCard icon={<AlertRegular />} tone="red" label={t.alert} value={String(tiles.inAlert)} />
      <ReportCard icon={<ClockRegular />} tone="orange" label={t.delay} value={t.delayValue(tiles.averageDelayHours)} />
    </ReportCardGrid>
  );
}
