import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { PasswordInput } from './PasswordInput';

type Rule<F extends string> = (field: F, values: Record<F, string>) => string | null;

export interface TextFieldOptions {
  label: string;
  type?: 'email' | 'tel' | 'password';
  inputMode?: 'numeric' | 'decimal';
  hint?: string;
  maxLength?: number;
  /** Shown but not editable (the e-mail once the account exists, the rates of a profile). */
  readOnly?: boolean;
  /** The asterisk; by default every editable field is required. */
  required?: boolean;
  autoComplete?: string;
}

export interface FormFieldsOptions<F extends string> {
  /** Rewrites what is typed (the group form's postal code keeps digits only). */
  normalize?: (field: F, value: string) => string;
  /**
   * The public forms (login, registration, password recovery) speak only once sent, then follow
   * what is typed; the others speak as soon as a field is left.
   */
  afterSubmit?: boolean;
}

/**
 * The state of a form of text fields with live messages (product.md §5): a field's rule speaks once
 * the field was left (or the form submitted); a message the server gave for a field shows under it
 * until the field is changed. `textField` renders a labelled Fluent field wired to that state.
 */
export function useFormFields<F extends string>(
  initial: Record<F, string>,
  rule: Rule<F>,
  { normalize = (_, value) => value, afterSubmit = false }: FormFieldsOptions<F> = {},
) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const speaks = (field: F) => (afterSubmit ? submitted : touched.has(field));
  const errorOf = (field: F) => serverErrors[field] ?? (speaks(field) ? rule(field, values) : null);
  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: normalize(field, value) }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };
  const touch = (field: F) => setTouched((current) => new Set(current).add(field));
  /** Shows every message of `fields`; true when none has one. */
  const validate = (fields: readonly F[]) => {
    setTouched(new Set(fields));
    setSubmitted(true);
    return fields.every((field) => !rule(field, values));
  };

  const textField = (field: F, options: TextFieldOptions) => {
    const error = errorOf(field);
    const inputProps = {
      value: values[field],
      readOnly: options.readOnly,
      inputMode: options.inputMode,
      maxLength: options.maxLength,
      autoComplete: options.autoComplete,
      onChange: (_: unknown, data: { value: string }) => change(field, data.value),
      onBlur: () => touch(field),
    };
    return (
      <Field
        label={options.label}
        required={options.required ?? !options.readOnly}
        hint={options.hint}
        validationState={error ? 'error' : 'none'}
        validationMessage={error ?? undefined}
      >
        {options.type === 'password' ? (
          <PasswordInput {...inputProps} />
        ) : (
          <Input {...inputProps} type={options.type} disabled={options.readOnly} />
        )}
      </Field>
    );
  };

  return { values, change, touch, errorOf, validate, setServerErrors, textField };
}
