import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ScalesFilled } from '@fluentui/react-icons/svg/scales';
import { fr } from '../i18n/fr';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
  },
  mark: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '32px',
    height: '32px',
    fontSize: '20px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  large: {
    columnGap: tokens.spacingHorizontalM,
  },
  largeMark: {
    width: '44px',
    height: '44px',
    fontSize: '28px',
  },
  name: {
    whiteSpace: 'nowrap',
    letterSpacing: '-0.01em',
  },
  nameHiddenOnNarrowScreens: {
    '@media (max-width: 640px)': {
      display: 'none',
    },
  },
});

interface WordmarkProps {
  size?: 'medium' | 'large';
  /** Keeps only the tile on phones, where a header has no room for the name. */
  nameHiddenOnNarrowScreens?: boolean;
}

/** The product's logo: a brand tile with the scales of justice and the product name. */
export function Wordmark({ size = 'medium', nameHiddenOnNarrowScreens = false }: WordmarkProps) {
  const styles = useStyles();
  const large = size === 'large';
  return (
    <span className={mergeClasses(styles.root, large && styles.large)}>
      <span className={mergeClasses(styles.mark, large && styles.largeMark)} aria-hidden>
        <ScalesFilled />
      </span>
      <Text
        className={mergeClasses(styles.name, nameHiddenOnNarrowScreens && styles.nameHiddenOnNarrowScreens)}
        size={large ? 600 : 400}
        weight="semibold"
      >
        {fr.productName}
      </Text>
    </span>
  );
}
