import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { User } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { endImpersonation } from '../../../lib/auth';

/** Shown while a platform admin acts as another user (issue 15 'All users'). */
export function ImpersonationBar({ user }: { user: User }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  if (!user.impersonated_by) return null;

  async function goBack() {
    setLeaving(true);
    const hasOwn = await endImpersonation();
    setLeaving(false);
    await navigate(hasOwn ? paths.allUsers : paths.login);
  }

  return (
    <Group
      component="section"
      aria-label="Ingelogd als andere gebruiker"
      justify="center"
      gap="md"
      px="md"
      py={6}
      bg="yellow.2"
      wrap="wrap"
    >
      <Text fw={600} c="dark.8">
        {`Ingelogd als ${user.name}`}
      </Text>
      <Button
        size="xs"
        variant="white"
        color="dark"
        leftSection={<IconArrowBackUp size={14} />}
        onClick={goBack}
        loading={leaving}
      >
        Terug naar je eigen account
      </Button>
    </Group>
  );
}
