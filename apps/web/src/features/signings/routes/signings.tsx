import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconWritingSign, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { hasPermission, useUser } from '../../../lib/auth';

/** The list of sign requests (seed 000 §2); until sign requests exist it shows the empty state. */
export function SigningsRoute() {
  const user = useUser();
  const mayCreate = hasPermission(user, 'createSignRequest');
  return (
    <Page title="Ondertekeningen">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconWritingSign size={30} />
          </ThemeIcon>
          <Text fw={600}>Je hebt nog geen ondertekeningen.</Text>
          {mayCreate && (
            <>
              <Text c="dimmed" size="sm" ta="center">
                Start een ondertekening om je eerste document te laten ondertekenen.
              </Text>
              <Button component={Link} to={paths.newSigning} leftSection={<IconPlus size={16} />}>
                Start een ondertekening
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
