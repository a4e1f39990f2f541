import {
  createLightTheme,
  makeStyles,
  mergeClasses,
  tokens,
  type BrandVariants,
  type FluentProviderProps,
  type LinkState,
  type Theme,
} from '@fluentui/react-components';

// A deep legal navy instead of Fluent's default blue, so the product has its own identity.
// Shade 80 is the primary brand colour in a light theme.
const constatsBrand: BrandVariants = {
  10: '#070D1A',
  20: '#0A162A',
  30: '#0E203B',
  40: '#11294B',
  50: '#15325B',
  60: '#183B6B',
  70: '#1C457C',
  80: '#1F4E8C',
  90: '#3F679D',
  100: '#5A7DAC',
  110: '#7592BA',
  120: '#8EA6C7',
  130: '#A7BAD4',
  140: '#BFCDE1',
  150: '#D7E0EE',
  160: '#EEF3FA',
};

export const theme: Theme = createLightTheme(constatsBrand);

const useTargetStyles = makeStyles({
  // WCAG 2.5.8: a link standing on its own (in a table cell, under a field) is a target of at
  // least 24 px, as tall as a small button; a link inside a sentence (`inline`) keeps the line's
  // height, as the criterion allows. The gap stands for the space flex layout drops between an
  // icon and its text.
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    minHeight: '24px',
  },
});

/**
 * Styles added to every Fluent component of a kind (FluentProvider's custom style hooks run
 * after the component's own, so these classes win).
 */
export const customStyleHooks: NonNullable<FluentProviderProps['customStyleHooks_unstable']> = {
  useLinkStyles_unstable: (state) => {
    const link = state as LinkState;
    const styles = useTargetStyles();
    if (!link.inline) link.root.className = mergeClasses(link.root.className, styles.link);
  },
};
