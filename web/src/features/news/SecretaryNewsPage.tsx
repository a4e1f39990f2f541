import { useState } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { ImportantIcon, useMarkNewsRead } from '../../app/shell/BellNews';
import { fr } from '../../i18n/fr';
import { newsText } from '../../i18n/news';
import { ContentDialog, type ContentDialogItem } from '../../ui/ContentDialog';
import { NewsList, type NewsRow } from './NewsListPage';
import type { NewsListPageQuery } from '../../__generated__/NewsListPageQuery.graphql';
import type { ScreenProps } from '../../app/routing/screen';

const useStyles = makeStyles({
  star: { fontSize: '20px', color: tokens.colorNeutralForeground3 },
  starOn: { color: tokens.colorPaletteMarigoldForeground1 },
});

/**
 * product.md §2 secretary 'VOIR LES ACTUALITÉS' (/dashboard/viewnewsecretarie): the news list with a
 * working search and 'Voir' (title, date, importance, HTML body); reading marks the news read.
 */
export default function SecretaryNewsPage({ queryRef }: ScreenProps<NewsListPageQuery>) {
  const styles = useStyles();
  const markRead = useMarkNewsRead();
  const [open, setOpen] = useState<ContentDialogItem | null>(null);

  const view = (row: NewsRow) => {
    setOpen({
      title: row.title,
      date: row.createdAt,
      html: row.body,
      titleIcon: <ImportantIcon important={row.important} className={mergeClasses(styles.star, row.important && styles.starOn)} />,
    });
    if (!row.isRead) markRead(row.id);
  };

  return (
    <>
      <NewsList
        queryRef={queryRef}
        title={fr.titles.viewNews}
        action={{
          id: 'view',
          header: newsText.view,
          width: '120px',
          align: 'end',
          cell: (row) => (
            <Button appearance="subtle" icon={<EyeRegular />} onClick={() => view(row)} aria-label={`${newsText.view} ${row.title}`}>
              {newsText.view}
            </Button>
          ),
        }}
      />
      <ContentDialog item={open} onClose={() => setOpen(null)} />
    </>
  );
}
