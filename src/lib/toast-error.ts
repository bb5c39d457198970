import { notifications } from '@mantine/notifications';
import { errorMessage } from './api';

/** Shows a refused request as a red toast: the server's message, else `fallback`. */
export const toastError = (fallback: string) => (err: unknown) => {
  notifications.show({ color: 'red', message: errorMessage(err, fallback) });
};
