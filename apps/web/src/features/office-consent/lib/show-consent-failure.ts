import { notifications } from '@mantine/notifications';
import { consentFailureMessage } from './consent-failure';

export function showConsentFailure(title: string, error: unknown): void {
  notifications.show({ color: 'red', title, message: consentFailureMessage(error) });
}
