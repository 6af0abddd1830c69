import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SignerDto } from '@paraaf/contract';
import { BusyModal } from '../../../components/busy-modal';
import { isApiError } from '../../../lib/api-client';
import { useSignInPerson } from '../api/actions';
import { texts } from '../texts';

/**
 * 'Op locatie tekenen': after the sender's own password, this device opens the signer's page
 * (the same tab: the sender hands the device over).
 */
export function InPersonModal({
  requestId,
  signer,
  onClose,
}: {
  requestId: number;
  signer: SignerDto;
  onClose: () => void;
}) {
  const open = useSignInPerson(requestId);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = `${signer.firstname} ${signer.lastname}`;

  async function submit() {
    setError(null);
    try {
      const { url } = await open.mutateAsync({ signer_id: signer.id, password });
      window.location.assign(url);
    } catch (e) {
      if (isApiError(e, 422)) setError(e.fieldErrors().password ?? e.message);
      else if (isApiError(e)) setError(e.message);
      else console.error(e);
    }
  }

  return (
    <BusyModal busy={open.isPending} onClose={onClose} title={texts.inPersonTitle}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{texts.inPersonIntro(name)}</Text>
          <PasswordInput
            label={texts.inPersonPassword}
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={open.isPending} disabled={password === ''}>
              {texts.inPersonOpen}
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
