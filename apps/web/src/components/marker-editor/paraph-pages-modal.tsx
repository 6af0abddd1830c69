import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { choosePages, type PageChoice } from './lib/pages';
import { texts } from './texts';
import type { EditorSigner } from './types';
import { neverFilledReason } from './lib/signer-rules';

interface Props {
  opened: boolean;
  pageCount: number;
  signers: EditorSigner[];
  /** The signer chosen in the palette: the one the modal starts with. */
  defaultSigner: number;
  onAdd: (signer: number, pages: number[]) => void;
  onClose: () => void;
}

/** Modal 'Paraaf toevoegen op pagina's': Alle, Even, Oneven or Aangepast ('1-5, 10, 14-18'). */
export function ParaphPagesModal({
  opened,
  pageCount,
  signers,
  defaultSigner,
  onAdd,
  onClose,
}: Props) {
  const [signer, setSigner] = useState(String(defaultSigner));
  const [choice, setChoice] = useState<PageChoice>('all');
  const [custom, setCustom] = useState('');
  const pages = choosePages(choice, pageCount, custom);
  const t = texts.paraphModal;
  const refused = neverFilledReason(signers, Number(signer), 'paraph');

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} centered>
      <Stack gap="md">
        <Select
          label={t.signer}
          data={signers.map((s) => ({ value: String(s.position), label: s.label }))}
          value={signer}
          onChange={(v) => v && setSigner(v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 1000 }}
          error={refused}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="paraph-pages-label">
            {t.pages}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="paraph-pages-label"
            value={choice}
            onChange={(v) => setChoice(v)}
            data={[
              { value: 'all', label: t.all },
              { value: 'even', label: t.even },
              { value: 'odd', label: t.odd },
              { value: 'custom', label: t.custom },
            ]}
          />
        </div>
        {choice === 'custom' && (
          <TextInput
            label={t.customLabel}
            placeholder={t.customPlaceholder}
            value={custom}
            onChange={(e) => setCustom(e.currentTarget.value)}
            data-autofocus
          />
        )}
        <Text size="sm" c="dimmed" aria-live="polite">
          {t.result(pages.length)}
          {pages.length > 0 && pages.length <= 30 ? `: ${pages.join(', ')}` : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button
            disabled={pages.length === 0 || refused !== null}
            onClick={() => {
              onAdd(Number(signer), pages);
              onClose();
            }}
          >
            {t.add}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
