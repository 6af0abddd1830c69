import {
  ActionIcon,
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconGripVertical, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { idinServices } from '@paraaf/contract';
import { SignerRoutingFields } from '../../../components/signer-routing-fields';
import {
  SignerVerificationFields,
  verificationOptions,
} from '../../../components/signer-verification-fields';
import { signsDocuments, verificationTypes, withRole, type WizardValues } from '../lib/wizard';
import { texts } from '../texts';

interface Props {
  form: UseFormReturnType<WizardValues>;
  index: number;
  locales: { value: string; label: string }[];
  idinEnabled: boolean;
  walletEnabled: boolean;
  /** Shown only on the first signer while below company.max_signers. */
  canAdd: boolean;
  maxReachedHint: string | null;
  onAdd: () => void;
  onRemove: (() => void) | null;
  /** With several steps: the steps to choose from, and the drag handle's start. */
  stepChoice?: { options: number[]; onDragStart: (e: DragEvent) => void } | null;
  /** 3 inside a step's section ('Stap 1' is the 2). */
  headingOrder?: 2 | 3;
}

/** One signer of step 1: its data, how it verifies and its reminders. */
export function SignerForm({
  form,
  index,
  locales,
  idinEnabled,
  walletEnabled,
  canAdd,
  maxReachedHint,
  onAdd,
  onRemove,
  stepChoice = null,
  headingOrder = 2,
}: Props) {
  const path = `signers.${index}` as const;
  const signer = form.getValues().signers[index]!;
  const sms = signer.verifications.includes(String(verificationTypes.sms));
  const idin = signer.verifications.includes(String(verificationTypes.idin));
  const heading = texts.signer.heading(index + 1);
  const signs = signsDocuments(signer);
  // A copy gets no invitation: nothing to verify, nothing to remind of.
  const isCopy = signer.role === 'cc';

  return (
    <Paper
      component="section"
      aria-label={heading}
      withBorder
      radius="lg"
      p="lg"
      draggable={stepChoice !== null}
      onDragStart={stepChoice?.onDragStart}
      style={stepChoice ? { cursor: 'grab' } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            {stepChoice && <IconGripVertical size={18} aria-hidden color="gray" />}
            <Title order={headingOrder} fz="lg">
              {heading}
            </Title>
          </Group>
          {onRemove && (
            <Tooltip label={texts.signer.remove}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${texts.signer.remove} ${index + 1}`}
                onClick={onRemove}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={texts.signer.firstname}
              required
              autoComplete="off"
              {...form.getInputProps(`${path}.firstname`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={texts.signer.lastname}
              required
              autoComplete="off"
              {...form.getInputProps(`${path}.lastname`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={texts.signer.email}
              type="email"
              required
              autoComplete="off"
              {...form.getInputProps(`${path}.email`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label={texts.signer.locale}
              required
              data={locales}
              {...form.getInputProps(`${path}.locale`)}
            />
          </Grid.Col>
        </Grid>

        <SignerRoutingFields
          value={{
            role: signer.role ?? 'signer',
            routing_order: signer.routing_order ?? 1,
            notify_on_send: signer.notify_on_send ?? false,
          }}
          stepOptions={stepChoice?.options ?? null}
          onRoleChange={(role) => form.setFieldValue(path, withRole(signer, role))}
          onStepChange={(step) => form.setFieldValue(`${path}.routing_order`, step)}
          onNotifyChange={(notify) => form.setFieldValue(`${path}.notify_on_send`, notify)}
        />

        {!isCopy && (
          <>
            <SignerVerificationFields
              verifications={form.getInputProps(`${path}.verifications`)}
              walletAttributes={form.getInputProps(`${path}.wallet_attributes`)}
              options={verificationOptions({ idin: idinEnabled, wallet: walletEnabled, signs })}
            >
              {sms && (
                <TextInput
                  label={texts.signer.phone}
                  description={texts.signer.phoneDescription}
                  type="tel"
                  required
                  autoComplete="off"
                  maw={360}
                  {...form.getInputProps(`${path}.phone`)}
                />
              )}

              {idin && (
                <Checkbox.Group
                  label={texts.signer.idinServices}
                  description={texts.signer.idinServicesDescription}
                  {...form.getInputProps(`${path}.idin_services`)}
                >
                  <Group gap="lg" mt={6}>
                    {idinServices.map((service) => (
                      <Checkbox
                        key={service}
                        value={service}
                        label={texts.idinServiceLabels[service]}
                      />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            </SignerVerificationFields>

            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label={texts.signer.reminderAfter}
                  required
                  min={1}
                  max={30}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps(`${path}.reminder_after`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label={texts.signer.maxReminders}
                  required
                  min={1}
                  max={5}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps(`${path}.max_reminders`)}
                />
              </Grid.Col>
            </Grid>
          </>
        )}

        {index === 0 && (canAdd || maxReachedHint) && (
          <Group gap="sm">
            {canAdd && (
              <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={onAdd}>
                {texts.signer.add}
              </Button>
            )}
            {maxReachedHint && (
              <Text size="sm" c="dimmed">
                {maxReachedHint}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
