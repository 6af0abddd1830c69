import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { REGISTRATION_CREDITS } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { useCompany, useUser } from '../../../lib/auth';

/** /nieuwe-ondertekening: the welcome until the signing wizard is built. */
export function NewSigningRoute() {
  const [params] = useSearchParams();
  const user = useUser();
  const company = useCompany();
  const justRegistered = params.get('register') === 'success';

  return (
    <Page title="Nieuwe ondertekening">
      {justRegistered && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck />}
          title="Je account is aangemaakt"
          role="status"
        >
          Welkom bij Paraaf! Er staan {REGISTRATION_CREDITS} gratis credits voor je klaar. Hier
          verstuur je straks je eerste document ter ondertekening.
        </Alert>
      )}
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="sm">
          <Title order={2} fz="xl">
            {user ? `Welkom, ${user.name}` : 'Welkom'}
          </Title>
          <Text>
            Je account{company ? ` voor ${company.name}` : ''} is klaar voor gebruik. Zo werkt een
            ondertekening:
          </Text>
          <List spacing="xs">
            <List.Item>Voeg de ondertekenaars toe en kies hoe zij zich verifiëren.</List.Item>
            <List.Item>Upload de documenten of kies een template.</List.Item>
            <List.Item>
              Schrijf een bericht en verstuur: elke ondertekenaar kost één credit.
            </List.Item>
          </List>
          {company && (
            <Text c="dimmed" size="sm">
              Je hebt op dit moment {company.credits} credits.
            </Text>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
