import type { ReactNode } from 'react';
import { Button, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { fr } from '../i18n/fr';

/** A dialog's title with the 'Fermer' cross on its right (the viewers and detail dialogs). */
export function ClosableDialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <DialogTitle
      className={className}
      action={
        <DialogTrigger action="close">
          <Button appearance="subtle" aria-label={fr.close} icon={<DismissRegular />} />
        </DialogTrigger>
      }
    >
      {children}
    </DialogTitle>
  );
}
