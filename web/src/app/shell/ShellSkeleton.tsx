import { mergeClasses } from '@fluentui/react-components';
import { ScreenSkeleton } from '../../ui/ScreenSkeleton';
import { useShellLayoutStyles } from './shellLayout';

/**
 * The dashboard before its code and data have arrived: the header's and the menu's places, and the
 * screen's skeleton under its title when the title is known (the role's screen for the address).
 * The build prerenders it into the page sent for /dashboard addresses (app/prerender), so a phone
 * shows the frame and the title as soon as the page arrives; the app then draws the same frame.
 */
export function ShellSkeleton({ title }: { title?: string }) {
  const styles = useShellLayoutStyles();
  return (
    <div className={styles.root}>
      <div className={styles.headerPlaceholder} />
      <div className={styles.body}>
        <div className={mergeClasses(styles.navColumn, styles.navColumnWideOnly)}>
          <div className={styles.menuPlaceholder} />
        </div>
        <main className={styles.main}>
          <div className={styles.content}>
            <ScreenSkeleton title={title} />
          </div>
        </main>
      </div>
    </div>
  );
}
