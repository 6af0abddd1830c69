import type { ReactNode } from 'react';
import { Container, Group, Stack, Title } from '@mantine/core';

/** The frame of an authenticated screen: a title, optional actions, the content. */
export function Page({
  title,
  actions,
  children,
  size = 'lg',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          {/* A long subject in the title breaks rather than scrolling a phone sideways. */}
          <Title order={1} fz={{ base: 26, sm: 30 }} miw={0} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
