import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import {
  parseGeneratedValue,
  TEMPLATE_SIGNERS,
  type MarkerConfig,
  type TemplateSignerRouting,
} from '@paraaf/contract';
import { SignerRoutingFields, type SignerRouting } from '../../../components/signer-routing-fields';
import { texts } from '../texts';

const defaults: SignerRouting = { role: 'signer', routing_order: 1, notify_on_send: false };

/** The highest placeholder signer the markers use (1 when none). */
export function signersInConfig(config: MarkerConfig): number {
  let highest = 1;
  for (const v of config.variables) {
    const ref = v.type === 'generated' ? parseGeneratedValue(v.value) : null;
    if (ref) highest = Math.max(highest, ref.signer);
  }
  for (const f of config.fields) highest = Math.max(highest, f.options.signer ?? 1);
  return highest;
}

/**
 * The list to store: the placeholder signers that differ from step 1, signer, no mail, or whose
 * stored entry says more (its verifications, set through the API), which is kept as it was.
 */
export function storedRouting(
  rows: SignerRouting[],
  stored: readonly TemplateSignerRouting[] = [],
): TemplateSignerRouting[] {
  return rows.flatMap((r, i) => {
    const {
      signer: _,
      role: _role,
      routing_order: _order,
      notify_on_send: _notify,
      ...more
    } = stored.find((x) => x.signer === i + 1) ?? { signer: i + 1 };
    const isDefault = r.role === defaults.role && r.routing_order === 1 && !r.notify_on_send;
    return isDefault && Object.keys(more).length === 0
      ? []
      : [{ ...more, signer: i + 1, ...r, notify_on_send: r.role === 'cc' && r.notify_on_send }];
  });
}

/** One row per placeholder signer, as far as the markers or the stored routing reach. */
export function routingRows(
  routing: readonly TemplateSignerRouting[],
  config: MarkerConfig,
): SignerRouting[] {
  const count = Math.max(signersInConfig(config), ...routing.map((r) => r.signer));
  return Array.from({ length: count }, (_, i) => {
    const r = routing.find((x) => x.signer === i + 1);
    return r
      ? { role: r.role, routing_order: r.routing_order, notify_on_send: r.notify_on_send ?? false }
      : { ...defaults };
  });
}

interface Props {
  opened: boolean;
  initial: SignerRouting[];
  onSave: (rows: SignerRouting[]) => void;
  onClose: () => void;
}

/**
 * 'Stappen en rollen': per placeholder signer its step, role and (a cc) the mail at sending, with
 * the wizard's own fields; a request made from the template takes them over.
 */
export function SignerRoutingModal({ opened, initial, onSave, onClose }: Props) {
  const [rows, setRows] = useState(initial);
  const lastStep = Math.max(...rows.map((r) => r.routing_order));
  // Every step in use and one new one after the last, as in the wizard.
  const steps = Array.from({ length: Math.min(lastStep + 1, TEMPLATE_SIGNERS) }, (_, i) => i + 1);
  const change = (index: number, patch: Partial<SignerRouting>) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={texts.routing.title}
      size="lg"
      // Above the full-screen marker editor it opens from.
      zIndex={1000}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {texts.routing.hint}
        </Text>
        {rows.map((row, index) => (
          <Paper
            key={index}
            component="section"
            aria-label={texts.placeholderSigner(index + 1)}
            withBorder
            radius="md"
            p="md"
          >
            <Stack gap="sm">
              <Title order={3} fz="md">
                {texts.placeholderSigner(index + 1)}
              </Title>
              <SignerRoutingFields
                value={row}
                stepOptions={steps}
                labelSuffix={texts.placeholderSigner(index + 1)}
                onRoleChange={(role) => change(index, { role })}
                onStepChange={(routing_order) => change(index, { routing_order })}
                onNotifyChange={(notify_on_send) => change(index, { notify_on_send })}
              />
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconUserPlus size={16} />}
            disabled={rows.length >= TEMPLATE_SIGNERS}
            onClick={() => setRows((current) => [...current, { ...defaults }])}
          >
            {texts.routing.add}
          </Button>
          <Button
            onClick={() => {
              onSave(rows);
              onClose();
            }}
          >
            {texts.routing.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
