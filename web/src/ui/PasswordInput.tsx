import { forwardRef, useState } from 'react';
import { Button, Input, type InputProps } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { EyeOffRegular } from '@fluentui/react-icons/svg/eye-off';
import { authText } from '../i18n/auth';

/** A password input with a button that shows or hides what was typed. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'contentAfter'>>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={visible ? authText.login.hidePassword : authText.login.showPassword}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
});
