import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import {
  defaultWalletAttributes,
  parseGeneratedValue,
  signingMessages,
  TEMPLATE_SIGNERS,
  type MarkerConfig,
  type TemplateSignerRouting,
} from '@paraaf/contract';
import { SignerRoutingFields, type SignerRouting } from '../../../components/signer-routing-fields';
import {
  defaultVerifications,
  SignerVerificationFields,
  verificationOptions,
  verificationsForRole,
  verificationTypes,
} from '../../../components/signer-verification-fields';
import { texts } from '../texts';

/** A placeholder signer's step, role, cc mail and (unless a cc) how it verifies. */
export interface PlaceholderSettings extends SignerRouting {
  /** As the checkboxes hold them: strings. */
  verifications: string[];
  wallet_attributes: string[];
}

/** A refused placeholder's messages (the server's 422), by row. */
export type PlaceholderErrors = Record<
  number,
  { verifications?: string; wallet_attributes?: string }
>;

const defaults = (): PlaceholderSettings => ({
  role: 'signer',
  routing_order: 1,
  notify_on_send: false,
  verifications: defaultVerifications(),
  wallet_attributes: [...defaultWalletAttributes],
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

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
 * The list to store: the placeholder signers that differ from step 1, signer, no mail and the
 * default verifications of their role. Verifications are stored once they differ from that
 * default or were stored before; a cc verifies nothing; the wallet's data only with the wallet.
 */
export function storedRouting(
  rows: PlaceholderSettings[],
  stored: readonly TemplateSignerRouting[] = [],
): TemplateSignerRouting[] {
  return rows.flatMap((r, i) => {
    const before = stored.find((x) => x.signer === i + 1);
    const keepVerifications =
      r.role !== 'cc' &&
      (before?.verifications !== undefined ||
        !sameSet(r.verifications, verificationsForRole(defaultVerifications(), r.role)));
    const isDefault = r.role === 'signer' && r.routing_order === 1 && !r.notify_on_send;
    if (isDefault && !keepVerifications) return [];
    const verifications = r.verifications.map(Number);
    return [
      {
        signer: i + 1,
        routing_order: r.routing_order,
        role: r.role,
        notify_on_send: r.role === 'cc' && r.notify_on_send,
        ...(keepVerifications ? { verifications } : {}),
        ...(keepVerifications && verifications.includes(verificationTypes.wallet)
          ? { wallet_attributes: r.wallet_attributes }
          : {}),
      },
    ];
  });
}

/** One row per placeholder signer, as far as the markers or the stored routing reach. */
export function routingRows(
  routing: readonly TemplateSignerRouting[],
  config: MarkerConfig,
): PlaceholderSettings[] {
  const count = Math.max(signersInConfig(config), ...routing.map((r) => r.signer));
  return Array.from({ length: count }, (_, i) => {
    const r = routing.find((x) => x.signer === i + 1);
    if (!r) return defaults();
    return {
      role: r.role,
      routing_order: r.routing_order,
      notify_on_send: r.notify_on_send ?? false,
      verifications: r.verifications
        ? r.verifications.map(String)
        : verificationsForRole(defaultVerifications(), r.role),
      wallet_attributes: r.wallet_attributes ?? [...defaultWalletAttributes],
    };
  });
}

/**
 * The types to offer a placeholder: what the plan allows, and any it already has (stored before a
 * downgrade) so that it can be unticked.
 */
function offeredTypes(row: PlaceholderSettings, plan: VerificationPlan): number[] {
  const offered = verificationOptions({ ...plan, signs: row.role === 'signer' });
  const all = verificationOptions({ idin: true, wallet: true, signs: true });
  return all.filter((t) => offered.includes(t) || row.verifications.includes(String(t)));
}

/** Which verifications the company's plan offers beyond e-mail, SMS and the marks. */
export interface VerificationPlan {
  idin: boolean;
  wallet: boolean;
}

interface Props {
  opened: boolean;
  initial: PlaceholderSettings[];
  plan: VerificationPlan;
  /** The server's refusal of the last save, shown on its fields. */
  errors?: PlaceholderErrors;
  onSave: (rows: PlaceholderSettings[]) => void;
  onClose: () => void;
}

/**
 * 'Stappen en rollen': per placeholder signer its step, role, (a cc) the mail at sending and
 * (not a cc) its verifications, with the wizard's own fields; a request made from the template
 * takes them over.
 */
export function SignerRoutingModal({ opened, initial, plan, errors = {}, onSave, onClose }: Props) {
  const [rows, setRows] = useState(initial);
  // A refused field's message stays until that field changes.
  const [shownErrors, setShownErrors] = useState(errors);
  const lastStep = Math.max(...rows.map((r) => r.routing_order));
  // Every step in use and one new one after the last, as in the wizard.
  const steps = Array.from({ length: Math.min(lastStep + 1, TEMPLATE_SIGNERS) }, (_, i) => i + 1);
  const change = (index: number, patch: Partial<PlaceholderSettings>) => {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setShownErrors((current) => {
      const { [index]: _, ...rest } = current;
      return rest;
    });
  };

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
                onRoleChange={(role) =>
                  change(index, {
                    role,
                    verifications: verificationsForRole(row.verifications, role),
                  })
                }
                onStepChange={(routing_order) => change(index, { routing_order })}
                onNotifyChange={(notify_on_send) => change(index, { notify_on_send })}
              />
              {/* A copy gets no invitation: nothing to verify. */}
              {row.role !== 'cc' && (
                <SignerVerificationFields
                  verifications={{
                    value: row.verifications,
                    onChange: (verifications) => change(index, { verifications }),
                    error: shownErrors[index]?.verifications,
                  }}
                  walletAttributes={{
                    value: row.wallet_attributes,
                    onChange: (wallet_attributes) => change(index, { wallet_attributes }),
                    error: shownErrors[index]?.wallet_attributes,
                  }}
                  options={offeredTypes(row, plan)}
                />
              )}
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconUserPlus size={16} />}
            disabled={rows.length >= TEMPLATE_SIGNERS}
            onClick={() => setRows((current) => [...current, defaults()])}
          >
            {texts.routing.add}
          </Button>
          <Button
            onClick={() => {
              // As the server says it: a placeholder that verifies must verify somehow.
              const empty = rows.flatMap((r, i) =>
                r.role !== 'cc' && r.verifications.length === 0 ? [i] : [],
              );
              if (empty.length > 0) {
                setShownErrors(
                  Object.fromEntries(
                    empty.map((i) => [i, { verifications: signingMessages.verificationRequired }]),
                  ),
                );
                return;
              }
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
