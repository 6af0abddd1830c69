import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ListState } from '../../../components/list-state';
import { Page } from '../../../components/page';
import { useContact } from '../api/get-contact';

/** A phone number as a tel: link: '020 - 303 88 20' → '+31203038820'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+31${digits.slice(1)}` : digits}`;
}

/**
 * Contact & support (seed 001): Paraaf's own details as the server has them, the settings that
 * also print the seller on every invoice.
 */
export function ContactRoute() {
  const query = useContact();
  const contact = query.data;
  return (
    <Page title="Contact & support" size="md">
      <ListState query={query} count={contact ? 1 : 0} empty={null}>
        {contact && (
          <>
            <Text>
              Paraaf is een product van {contact.name}. Heb je een vraag over je account, een
              ondertekening of je factuur? Neem gerust contact met ons op.
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
                    Telefoon: <Anchor href={telHref(contact.phone)}>{contact.phone}</Anchor>
                  </Text>
                  <Text c="dimmed" size="sm">
                    Bereikbaar op werkdagen van 9:00 tot 17:00 uur.
                  </Text>
                </Stack>
              </Paper>
              <Paper withBorder radius="lg" p="lg" data-testid="contact-address">
                <Stack gap={4}>
                  <Title order={2} fz="lg">
                    Postadres
                  </Title>
                  <Text>{contact.name}</Text>
                  <Text>{contact.address}</Text>
                  <Text>{contact.postal_city}</Text>
                  <Text>KvK-nummer: {contact.kvk}</Text>
                  <Text>Btw-nummer: {contact.vat_number}</Text>
                </Stack>
              </Paper>
            </SimpleGrid>
          </>
        )}
      </ListState>
    </Page>
  );
}
