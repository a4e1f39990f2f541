import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

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
