import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Page } from '../../../components/page';

const contact = {
  company: 'Paraaf B.V.',
  street: 'Stationsplein 45',
  postal: '3013 AK Rotterdam',
  kvk: '81234567',
  email: 'support@paraaf.nl',
  phone: '010 - 303 88 20',
  phoneHref: '+31103038820',
} as const;

export function ContactRoute() {
  return (
    <Page title="Contact & support" size="md">
      <Text>
        Paraaf is een product van {contact.company}, een softwarebedrijf uit Rotterdam. Heb je een
        vraag over je account, een ondertekening of je factuur? Neem gerust contact met ons op.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              Support
            </Title>
            <Text>
              E-mail: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            </Text>
            <Text>
              Telefoon: <Anchor href={`tel:${contact.phoneHref}`}>{contact.phone}</Anchor>
            </Text>
            <Text c="dimmed" size="sm">
              Bereikbaar op werkdagen van 9:00 tot 17:00 uur.
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              Postadres
            </Title>
            <Text>{contact.company}</Text>
            <Text>{contact.street}</Text>
            <Text>{contact.postal}</Text>
            <Text>KvK-nummer: {contact.kvk}</Text>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Page>
  );
}
