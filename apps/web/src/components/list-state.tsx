import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';

/**
 * A list's loading, failed and empty states, then the list itself (`children`). `failed` replaces
 * the query's own error message (seed 000 §8 screens say their fixed text); `inset` pads the texts
 * inside a Paper.
 */
export function ListState({
  query,
  count,
  empty,
  failed,
  inset = false,
  children,
}: {
  query: { isPending: boolean; error: Error | null };
  count: number;
  empty: ReactNode;
  failed?: ReactNode;
  inset?: boolean;
  children: ReactNode;
}) {
  const p = inset ? 'lg' : undefined;
  if (query.isPending)
    return (
      <Center p="xl">
        <Loader role="status" aria-label="Laden" />
      </Center>
    );
  if (query.error)
    return failed !== undefined ? (
      <Text p={p} c="dimmed">
        {failed}
      </Text>
    ) : (
      <Text p={p} c="red.8" role="alert">
        {query.error.message || 'Er is iets mis gegaan'}
      </Text>
    );
  if (count === 0)
    return (
      <Text p={p} c="dimmed">
        {empty}
      </Text>
    );
  return children;
}
