import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { fr } from '../i18n/fr';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question ('Êtes-vous sûr de vouloir supprimer le fichier ?'). */
  message: ReactNode;
  title?: string;
  /** 'Oui' by default (product.md §2 confirmations are Non/Oui). */
  confirmLabel?: string;
  /** 'Non' by default. */
  cancelLabel?: string;
  /** The action is running: buttons disabled, a spinner on 'Oui'. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action that cannot be undone (delete a file, archive…). */
export function ConfirmDialog({
  open,
  message,
  title,
  confirmLabel = fr.yes,
  cancelLabel = fr.no,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface style={{ maxWidth: '480px' }}>
        <DialogBody>
          {title ? <DialogTitle>{title}</DialogTitle> : null}
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button
              appearance="primary"
              disabled={busy}
              icon={busy ? <Spinner size="tiny" appearance="inverted" /> : undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

type ConfirmRequest = Omit<ConfirmDialogProps, 'open' | 'busy' | 'onConfirm' | 'onCancel'>;

/**
 * `await confirm({ message })` resolves true on 'Oui', false on 'Non'; render `dialog` once in
 * the component.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = (answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setRequest(null);
  };

  const confirm = useCallback((next: ConfirmRequest) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  return {
    confirm,
    dialog: (
      <ConfirmDialog
        open={request !== null}
        message={request?.message}
        title={request?.title}
        confirmLabel={request?.confirmLabel}
        cancelLabel={request?.cancelLabel}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    ),
  };
}
