import { Button, Group, Stack, Text } from '@mantine/core';
import type { TemplateDto } from '@paraaf/contract';
import { useDeleteTemplate } from '../api/delete-template';
import { texts } from '../texts';
import { BusyModal } from '../../../components/busy-modal';

/** 'Weet je zeker dat je dit template wilt verwijderen?'; a failure is only logged (seed 001 §8). */
export function DeleteTemplateModal({
  template,
  onClose,
}: {
  template: TemplateDto;
  onClose: () => void;
}) {
  const remove = useDeleteTemplate();

  async function confirm() {
    try {
      await remove.mutateAsync(template.id);
    } catch (error) {
      console.error(error);
    }
    onClose();
  }

  return (
    <BusyModal busy={remove.isPending} onClose={onClose} title={texts.deleteTitle}>
      <Stack>
        <Text>{texts.deleteConfirm}</Text>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {template.name}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {texts.cancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            {texts.remove}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
