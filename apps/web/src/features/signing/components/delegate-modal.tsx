import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { signerApi } from '../api/signer-api';
import { useAction } from '../lib/use-action';
import type { Translate } from '../texts';

/** 'Iemand anders laten tekenen': name, e-mail and reason of the person who signs instead. */
export function DelegateModal({
  opened,
  onClose,
  onDone,
  token,
  locale,
  t,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
  token: string;
  locale: string;
  t: Translate;
}) {
  const [person, setPerson] = useState({ firstname: '', lastname: '', email: '', reason: '' });
  const action = useAction(t);
  const set = (key: keyof typeof person) => (e: { currentTarget: { value: string } }) =>
    setPerson({ ...person, [key]: e.currentTarget.value });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('delegate.button')}
      centered
      closeButtonProps={{ 'aria-label': t('page.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void action
            .run(() => signerApi.delegate(token, locale, person))
            .then((ok) => ok && onDone());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('delegate.intro')}</Text>
          <Group grow>
            <TextInput
              label={t('delegate.firstname')}
              required
              value={person.firstname}
              onChange={set('firstname')}
              data-autofocus
            />
            <TextInput
              label={t('delegate.lastname')}
              required
              value={person.lastname}
              onChange={set('lastname')}
            />
          </Group>
          <TextInput
            label={t('delegate.email')}
            type="email"
            required
            value={person.email}
            onChange={set('email')}
          />
          <Textarea
            label={t('delegate.reason')}
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={person.reason}
            onChange={set('reason')}
            error={action.error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('decline.cancel')}
            </Button>
            <Button type="submit" loading={action.busy}>
              {t('delegate.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
