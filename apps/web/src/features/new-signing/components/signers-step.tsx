import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type DragEvent } from 'react';
import {
  canAddSigner,
  newSigner,
  signerSteps,
  type WizardContext,
  type WizardValues,
} from '../lib/wizard';
import { texts } from '../texts';
import { SignerForm } from './signer-form';

interface Props {
  form: UseFormReturnType<WizardValues>;
  ctx: WizardContext;
  locales: { value: string; label: string }[];
  /** Input fields or PDF form fields on a document: signing in sequence is locked on. */
  syncLocked?: boolean;
}

const DRAG_TYPE = 'application/x-paraaf-signer';

/**
 * Step 1: the signers, grouped in signing steps when there are several ('Stap 1', 'Stap 2'):
 * a signer is dragged to another step, or its step chosen in its own select (the keyboard way).
 * In sequence every signer is its own step and the steps follow the order.
 */
export function SignersStep({ form, ctx, locales, syncLocked = false }: Props) {
  const values = form.getValues();
  const { signers, is_sync } = values;
  const atMax = signers.length >= ctx.maxSigners;
  const inSequence = is_sync || syncLocked;
  const steps = signerSteps({ signers, is_sync: inSequence });
  const showSteps = signers.length > 1;
  const lastStep = steps.at(-1)?.step ?? 1;
  const [dropTarget, setDropTarget] = useState<number | null>(null);

  const moveTo = (index: number, step: number) =>
    form.setFieldValue(`signers.${index}.routing_order`, step);
  const dropProps = (step: number) =>
    inSequence
      ? {}
      : {
          onDragOver: (e: DragEvent) => {
            if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
            e.preventDefault();
            setDropTarget(step);
          },
          onDragLeave: () => setDropTarget(null),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            setDropTarget(null);
            const index = Number(e.dataTransfer.getData(DRAG_TYPE));
            if (Number.isInteger(index)) moveTo(index, step);
          },
        };

  const card = (index: number) => {
    const signer = signers[index]!;
    return (
      <SignerForm
        key={signer.key}
        form={form}
        index={index}
        locales={locales}
        idinEnabled={ctx.idinEnabled}
        walletEnabled={ctx.walletEnabled}
        canAdd={canAddSigner(index, signers.length, ctx.maxSigners)}
        maxReachedHint={
          atMax && ctx.maxSigners > 1 ? texts.signer.maxReached(ctx.maxSigners) : null
        }
        onAdd={() =>
          form.insertListItem('signers', {
            ...newSigner(),
            routing_order: inSequence ? 1 : lastStep,
          })
        }
        onRemove={index > 0 ? () => form.removeListItem('signers', index) : null}
        headingOrder={showSteps ? 3 : 2}
        stepChoice={
          showSteps && !inSequence
            ? {
                // Every existing step and one new one after the last.
                options: [...steps.map((s) => s.step), lastStep + 1],
                onDragStart: (e: DragEvent) => {
                  e.dataTransfer.setData(DRAG_TYPE, String(index));
                  e.dataTransfer.effectAllowed = 'move';
                },
              }
            : null
        }
      />
    );
  };

  return (
    <Stack gap="md">
      {showSteps ? (
        <>
          {!inSequence && (
            <Text size="sm" c="dimmed">
              {texts.signer.stepHint}
            </Text>
          )}
          {steps.map(({ step, indexes }, position) => (
            <Paper
              key={step}
              component="section"
              aria-label={texts.signer.stepHeading(position + 1)}
              data-testid={`step-${position + 1}`}
              p="sm"
              radius="lg"
              bg={
                dropTarget === step ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)'
              }
              {...dropProps(step)}
            >
              <Stack gap="sm">
                <div>
                  <Title order={2} fz="md">
                    {texts.signer.stepHeading(position + 1)}
                  </Title>
                  {position > 0 && (
                    <Text size="sm" c="dimmed">
                      {texts.signer.stepWaits(position)}
                    </Text>
                  )}
                </div>
                {indexes.map(card)}
              </Stack>
            </Paper>
          ))}
          {!inSequence && (
            <Paper
              withBorder
              radius="lg"
              p="md"
              style={{ borderStyle: 'dashed' }}
              bg={dropTarget === lastStep + 1 ? 'var(--mantine-color-blue-0)' : undefined}
              {...dropProps(lastStep + 1)}
            >
              <Text size="sm" c="dimmed" ta="center">
                {texts.signer.newStepDrop}
              </Text>
            </Paper>
          )}
        </>
      ) : (
        signers.map((_, index) => card(index))
      )}
      {signers.length > 1 && (
        <Switch
          label={texts.signer.isSync}
          description={syncLocked ? texts.signer.isSyncLocked : texts.signer.isSyncDescription}
          checked={inSequence}
          disabled={syncLocked}
          onChange={(e) => form.setFieldValue('is_sync', e.currentTarget.checked)}
        />
      )}
      <Switch
        label={texts.signer.allowDelegation}
        description={texts.signer.allowDelegationDescription}
        checked={values.allow_delegation ?? false}
        onChange={(e) => form.setFieldValue('allow_delegation', e.currentTarget.checked)}
      />
    </Stack>
  );
}
