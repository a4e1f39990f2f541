// « Payée » asks the day the étude paid: a date field, today by default; the server checks
// the day (not in the future, not before the bill) and its French refusal shows under the field.
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Spinner,
} from '@fluentui/react-components';
import { ApiError, describeError } from '../../relay/ApiError';
import { DatePicker } from '../../ui/DatePicker';
import { parseFrenchDay, type Day } from '../../ui/days';
import { formatDate } from '../../ui/format';
import { billingText } from '../../i18n/billing';

const t = billingText.payment;

/** Mounted while open, so each opening starts again from today. */
export function PaymentDialog({
  number,
  onSave,
  onCancel,
}: {
  number: number;
  /** Records the day; rejects with the server's refusal, which the dialog shows. */
  onSave: (day: Day) => Promise<void>;
  onCancel: () => void;
}) {
  // Today in Paris, as the server reckons it.
  const [value, setValue] = useState(() => formatDate(new Date()));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const day = parseFrenchDay(value);
    if (!day) {
      setError(t.invalid);
      return;
    }
    setSaving(true);
    try {
      await onSave(day);
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.paidAt ?? describeError(failure)) : describeError(failure));
      setSaving(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !saving && onCancel()}>
      <DialogSurface style={{ maxWidth: '420px' }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{t.title(number)}</DialogTitle>
            <DialogContent>
              <Field
                label={t.date}
                required
                hint={t.hint}
                validationState={error ? 'error' : 'none'}
                validationMessage={error ?? undefined}
              >
                <DatePicker
                  value={value}
                  disabled={saving}
                  onChange={(next) => {
                    setValue(next);
                    setError(null);
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={saving} onClick={onCancel}>
                {t.cancel}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={saving}
                icon={saving ? <Spinner size="tiny" appearance="inverted" /> : undefined}
              >
                {t.save}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
