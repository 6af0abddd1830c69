import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import type { SendFailure } from '../api/send-sign-request';
import { texts } from '../texts';

/** The first message of each field error, as seed 000 §8 lists them. */
export function sendErrorMessages(failure: SendFailure): string[] {
  const error = failure.error;
  if (!isApiError(error)) return [texts.somethingWrong];
  const list = [...new Set(Object.values(error.fieldErrors()))];
  return list.length > 0 ? list : [texts.somethingWrong];
}

/** Server field errors put back on the form: request fields on step 3, signer fields on step 1. */
export function sendErrorFields(failure: SendFailure): Record<string, string> {
  const error = failure.error;
  if (!isApiError(error) || error.status !== 422) return {};
  const prefix =
    failure.stage.kind === 'create'
      ? 'settings.'
      : failure.stage.kind === 'signer'
        ? `signers.${failure.stage.index}.`
        : null;
  if (!prefix) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors()).map(([field, message]) => [
      prefix + field.split('.')[0],
      message,
    ]),
  );
}

export function SendError({
  failure,
  onOpenDraft,
}: {
  failure: SendFailure;
  onOpenDraft: (id: number) => void;
}) {
  const id = failure.signRequestId;
  const draftButton = id !== null && (
    <Button variant="white" color="dark" onClick={() => onOpenDraft(id)} w="fit-content">
      {texts.sending.toDraft}
    </Button>
  );

  if (isApiError(failure.error, 402)) {
    return (
      <Alert color="orange" role="alert" title={texts.notEnoughCredits}>
        <Stack gap="xs">
          <Text size="sm">
            <Anchor component={Link} to={paths.credits} size="sm" fw={600}>
              {texts.sending.creditsLink}
            </Anchor>
          </Text>
          <Text size="sm">{texts.sending.sendLater}</Text>
          {draftButton}
        </Stack>
      </Alert>
    );
  }

  return (
    <Alert color="red" role="alert" title={texts.sending.failedTitle}>
      <Stack gap="xs">
        <List size="sm" spacing={2}>
          {sendErrorMessages(failure).map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
        {id !== null && <Text size="sm">{texts.sending.draftSaved}</Text>}
        {draftButton}
      </Stack>
    </Alert>
  );
}
