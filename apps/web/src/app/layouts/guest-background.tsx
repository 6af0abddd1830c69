import type { ReactNode } from 'react';
import { Box, Container, Paper } from '@mantine/core';

/** The background styling of Login, Register, PasswordReminder, PasswordReset and Activate. */
export function GuestBackground({ children, top }: { children: ReactNode; top?: ReactNode }) {
  return (
    <Box
      style={{
        minHeight: 'calc(100dvh - var(--header-offset, 0px))',
        background:
          'radial-gradient(circle at 15% 20%, var(--mantine-color-teal-1) 0, transparent 45%), radial-gradient(circle at 85% 80%, var(--mantine-color-blue-1) 0, transparent 45%), linear-gradient(160deg, var(--mantine-color-gray-0), var(--mantine-color-teal-0))',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 'var(--mantine-spacing-xl) var(--mantine-spacing-md)',
      }}
    >
      {top}
      <Container size={500} w="100%" p={0}>
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
