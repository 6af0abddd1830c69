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
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { idinServices, walletAttributes } from '@paraaf/contract';
import { verificationTypes, type WizardValues } from '../lib/wizard';
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
}: Props) {
  const path = `signers.${index}` as const;
  const signer = form.getValues().signers[index]!;
  const sms = signer.verifications.includes(String(verificationTypes.sms));
  const idin = signer.verifications.includes(String(verificationTypes.idin));
  const wallet = signer.verifications.includes(String(verificationTypes.wallet));
  const heading = texts.signer.heading(index + 1);
  const verificationOptions = [
    verificationTypes.email,
    verificationTypes.sms,
    ...(idinEnabled ? [verificationTypes.idin] : []),
    ...(walletEnabled ? [verificationTypes.wallet] : []),
    verificationTypes.signature,
    verificationTypes.initials,
  ];

  return (
    <Paper component="section" aria-label={heading} withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {heading}
          </Title>
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

        <Checkbox.Group
          label={texts.signer.verifications}
          withAsterisk
          {...form.getInputProps(`${path}.verifications`)}
        >
          <Group gap="lg" mt={6}>
            {verificationOptions.map((type) => (
              <Checkbox key={type} value={String(type)} label={texts.verificationLabels[type]} />
            ))}
          </Group>
        </Checkbox.Group>

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
                <Checkbox key={service} value={service} label={texts.idinServiceLabels[service]} />
              ))}
            </Group>
          </Checkbox.Group>
        )}

        {wallet && (
          <Checkbox.Group
            label={texts.signer.walletAttributes}
            description={texts.signer.walletAttributesDescription}
            {...form.getInputProps(`${path}.wallet_attributes`)}
          >
            <Group gap="lg" mt={6}>
              {walletAttributes.map((attribute) => (
                <Checkbox
                  key={attribute}
                  value={attribute}
                  label={texts.walletAttributeLabels[attribute]}
                  // The name is always asked: it is matched against the signer's name.
                  disabled={attribute === 'name'}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}

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
