import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons/svg/calendar-ltr';
import { fr } from '../i18n/fr';
import { formatDateTime } from './format';
import { HtmlContent } from './HtmlContent';

const useStyles = makeStyles({
  surface: {
    maxWidth: '640px',
  },
  meta: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
  },
  title: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
  actions: {
    marginTop: tokens.spacingVerticalL,
  },
  body: {
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface ContentDialogItem {
  title: string;
  /** ISO date-time, shown DD/MM/YYYY HH:mm. */
  date: string;
  /** Sanitized HTML from the API. */
  html: string;
  /** Shown before the title (the news' importance). */
  titleIcon?: ReactNode;
  /** Shown under the body (an account request's « Approuver » / « Refuser »). */
  actions?: ReactNode;
}

/** product.md §2: an item opened from the bell (or a list): title, date and HTML body. */
export function ContentDialog({ item, onClose }: { item: ContentDialogItem | null; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open={item !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        {item ? (
          <DialogBody>
            <DialogTitle className={styles.title}>
              {item.titleIcon}
              {item.title}
            </DialogTitle>
            <DialogContent>
              <Text size={200} className={styles.meta}>
                <CalendarLtrRegular aria-hidden />
                <time dateTime={item.date}>{formatDateTime(item.date)}</time>
              </Text>
              <HtmlContent html={item.html} className={styles.body} />
              {item.actions ? <div className={styles.actions}>{item.actions}</div> : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {fr.close}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : null}
      </DialogSurface>
    </Dialog>
  );
}
