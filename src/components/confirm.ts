import { modals } from '@mantine/modals';
import { translate } from '../lib/i18n';
import { modalsReady } from '../lib/modals-ready';

interface ConfirmOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** Asks a yes/no question and resolves true only when the user confirms (by default: Delete or Cancel). */
export function confirm(
  message: string,
  {
    title = translate('common', 'pleaseConfirm'),
    confirmLabel = translate('common', 'delete'),
    cancelLabel = translate('common', 'cancel'),
    danger = true,
  }: ConfirmOptions = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    void modalsReady.then(() =>
      modals.openConfirmModal({
        title,
        centered: true,
        children: message,
        labels: { confirm: confirmLabel, cancel: cancelLabel },
        confirmProps: { color: danger ? 'red' : undefined },
        onConfirm: () => done(true),
        onCancel: () => done(false),
        onClose: () => done(false),
      }),
    );
  });
}
