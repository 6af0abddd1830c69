import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label="Laden" />
    </Center>
  );
}
