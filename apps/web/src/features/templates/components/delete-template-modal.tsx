import { Text } from '@mantine/core';
import type { TemplateDto } from '@paraaf/contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useDeleteTemplate } from '../api/delete-template';
import { texts } from '../texts';

/** 'Weet je zeker dat je dit template wilt verwijderen?'; a failure is only logged (seed 001 §8). */
export function DeleteTemplateModal({
  template,
  onClose,
}: {
  template: TemplateDto;
  onClose: () => void;
}) {
  const remove = useDeleteTemplate();
  return (
    <ConfirmModal
      title={texts.deleteTitle}
      confirmLabel={texts.remove}
      onClose={onClose}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(template.id);
        } catch (error) {
          console.error(error);
        }
      }}
    >
      <Text>{texts.deleteConfirm}</Text>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {template.name}
      </Text>
    </ConfirmModal>
  );
}
