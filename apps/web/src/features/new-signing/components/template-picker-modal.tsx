import { useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { TemplateDto } from '@paraaf/contract';
import { formatDateTime } from '../../../lib/format';
import { fetchPickedTemplate, usePickerTemplates, type PickedTemplate } from '../api/get-templates';

/** Texts of the picker (seed 000 §2, §8). */
export const pickerTexts = {
  title: 'Document toevoegen vanuit template',
  empty: 'Je hebt nog geen documenten opgeslagen als template.',
  loadFailed: 'De templates konden niet worden geladen.',
  pick: 'Toevoegen',
  loading: 'Laden',
  close: 'Sluiten',
} as const;

export type { PickedTemplate };

export interface TemplatePickerModalProps {
  opened: boolean;
  onClose: () => void;
  /** The picked template's PDF and markers; placeholder signer n stands for the request's signer n. */
  onPick: (template: PickedTemplate) => void;
}

/** 'Document toevoegen vanuit template': picks one template, fetches its PDF, hands it over. */
export function TemplatePickerModal({ opened, onClose, onPick }: TemplatePickerModalProps) {
  const templates = usePickerTemplates(opened);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function pick(template: TemplateDto) {
    if (busyId !== null) return;
    setBusyId(template.id);
    try {
      onPick(await fetchPickedTemplate(template));
      onClose();
    } catch (error) {
      // Seed 000 §8: template loading failures are logged only.
      console.error(error);
    } finally {
      setBusyId(null);
    }
  }

  const items = templates.data?.data ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pickerTexts.title}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {templates.isPending ? (
        <Center p="lg">
          <Loader role="status" aria-label={pickerTexts.loading} />
        </Center>
      ) : templates.isError ? (
        <Text c="dimmed">{pickerTexts.loadFailed}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{pickerTexts.empty}</Text>
      ) : (
        <Stack gap={4} role="list" aria-label={pickerTexts.title}>
          {items.map((template) => (
            <Group
              key={template.id}
              role="listitem"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              p="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <UnstyledButton
                onClick={() => void pick(template)}
                disabled={busyId !== null}
                style={{ flex: 1, minWidth: 0 }}
                aria-hidden
                tabIndex={-1}
              >
                <Group gap="sm" wrap="nowrap">
                  <IconFileText size={22} color="var(--mantine-color-dimmed)" stroke={1.5} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={500} truncate>
                      {template.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(template.created_at)}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
              <Button
                size="compact-sm"
                variant="light"
                loading={busyId === template.id}
                disabled={busyId !== null && busyId !== template.id}
                onClick={() => void pick(template)}
                aria-label={`${pickerTexts.pick}: ${template.name}`}
              >
                {pickerTexts.pick}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
