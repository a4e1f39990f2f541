import { Checkbox, Field, FieldContextProvider, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column' },
});

interface Props<Value extends string> {
  label: string;
  hint?: string;
  error?: string;
  options: readonly Value[];
  labelOf: (value: Value) => string;
  value: readonly Value[];
  onChange: (value: readonly Value[]) => void;
}

/** Several choices ticked in a labelled group (a token's scopes, a webhook's events), in the order of `options`. */
export function CheckboxGroupField<Value extends string>({ label, hint, error, options, labelOf, value, onChange }: Props<Value>) {
  const styles = useStyles();
  return (
    <Field label={label} hint={hint} validationMessage={error}>
      <div className={styles.group} role="group" aria-label={label}>
        {/* Out of the Field's context: its checkboxes would all take the field's one id (a click on any
            label ticking the first box) and its label as their name. */}
        <FieldContextProvider value={undefined}>
          {options.map((option) => (
            <Checkbox
              key={option}
              label={labelOf(option)}
              checked={value.includes(option)}
              onChange={(_, data) =>
                onChange(options.filter((other) => (other === option ? data.checked === true : value.includes(other))))
              }
            />
          ))}
        </FieldContextProvider>
      </div>
    </Field>
  );
}
