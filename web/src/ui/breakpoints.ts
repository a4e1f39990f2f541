// The window widths where the layout changes, one name each, for makeStyles and useMediaQuery alike.

/** Under it a screen is a phone's: lists are cards, rows of fields and figures wrap (docs/decisions.md). */
export const PHONE_WIDTH = 700;

/** A phone's screen, as a media query (useMediaQuery). */
export const phoneQuery = `(max-width: ${PHONE_WIDTH - 1}px)`;

/** A phone's screen, as a makeStyles key. */
export const onPhone = `@media ${phoneQuery}`;

/** From it the side menu stays open beside the screen (DashboardShell), as on a desktop. */
export const DESKTOP_WIDTH = 1024;

/** Under the desktop width, as a media query: the side menu opens over the screen. */
export const narrowQuery = `(max-width: ${DESKTOP_WIDTH - 1}px)`;
