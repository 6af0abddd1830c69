import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="xs">
        <Title order={2}>Er is iets mis gegaan</Title>
        <Text c="dimmed">Probeer het opnieuw of neem contact met ons op.</Text>
        <Anchor component={Link} to={paths.home} reloadDocument>
          Naar de startpagina
        </Anchor>
      </Stack>
    </Center>
  );
}
