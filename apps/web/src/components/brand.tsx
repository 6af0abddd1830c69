import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';

export function Brand() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={30} radius="md" variant="filled" aria-hidden>
        <IconSignature size={20} />
      </ThemeIcon>
      <Text fw={700} fz="lg" c="dark.7">
        Paraaf
      </Text>
    </Group>
  );
}
