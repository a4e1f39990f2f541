// A date field the French way: type 'DD/MM/YYYY' or pick the day in a month calendar
// (react-calendar, in this component's lazy chunks only).
import { useState } from 'react';
import { Button, Input, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens, type InputProps } from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons/svg/calendar-ltr';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { fr } from '../i18n/fr';
import { formatDate } from './format';
import { dateOf, dayOf, parseFrenchDay } from './days';

const useStyles = makeStyles({
  input: { width: '100%' },
  surface: { padding: tokens.spacingHorizontalS },
  // react-calendar's own stylesheet, brought to Fluent's fonts, radii and brand colour.
  calendar: {
    '&.react-calendar': { border: 'none', fontFamily: tokens.fontFamilyBase },
    '& button': { fontFamily: tokens.fontFamilyBase, borderRadius: tokens.borderRadiusMedium },
    '& .react-calendar__navigation__label': { fontWeight: tokens.fontWeightSemibold, textTransform: 'capitalize' },
    '& .react-calendar__month-view__weekdays abbr': { textDecoration: 'none', color: tokens.colorNeutralForeground3 },
    '& .react-calendar__tile--now': { backgroundColor: tokens.colorBrandBackground2 },
    '& .react-calendar__tile--active, & .react-calendar__tile--active:enabled:hover, & .react-calendar__tile--active:enabled:focus': {
      backgroundColor: tokens.colorBrandBackground,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

export interface DatePickerProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  /** The text shown, 'DD/MM/YYYY' once a day is picked; what the user typed otherwise. */
  value: string;
  onChange: (value: string) => void;
}

/** Put it in a Fluent `Field` (label, validation); the field's ids reach the text input. */
export function DatePicker({ value, onChange, className, ...inputProps }: DatePickerProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const picked = parseFrenchDay(value);
  return (
    <Input
      {...inputProps}
      className={className ?? styles.input}
      value={value}
      placeholder={fr.datePicker.placeholder}
      inputMode="numeric"
      autoComplete="off"
      onChange={(_, data) => onChange(data.value)}
      contentAfter={
        <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus>
          <PopoverTrigger disableButtonEnhancement>
            <Button
              appearance="transparent"
              size="small"
              icon={<CalendarLtrRegular />}
              aria-label={fr.datePicker.openCalendar}
              disabled={inputProps.disabled}
            />
          </PopoverTrigger>
          <PopoverSurface className={styles.surface}>
            <Calendar
              className={styles.calendar}
              locale="fr-FR"
              value={picked ? dateOf(picked) : null}
              onClickDay={(date) => {
                onChange(formatDate(dayOf(date)));
                setOpen(false);
              }}
            />
          </PopoverSurface>
        </Popover>
      }
    />
  );
}
