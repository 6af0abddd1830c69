import { Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { canAddSigner, newSigner, type WizardContext, type WizardValues } from '../lib/wizard';
import { texts } from '../texts';
import { SignerForm } from './signer-form';

interface Props {
  form: UseFormReturnType<WizardValues>;
  ctx: WizardContext;
  locales: { value: string; label: string }[];
  /** Input fields or PDF form fields on a document: signing in sequence is locked on. */
  syncLocked?: boolean;
}

/** Step 1: the signers, and the signing order when there are several. */
export function SignersStep({ form, ctx, locales, syncLocked = false }: Props) {
  const { signers, is_sync } = form.getValues();
  const atMax = signers.length >= ctx.maxSigners;

  return (
    <Stack gap="md">
      {signers.map((signer, index) => (
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
          onAdd={() => form.insertListItem('signers', newSigner())}
          onRemove={index > 0 ? () => form.removeListItem('signers', index) : null}
        />
      ))}
      {signers.length > 1 && (
        <Switch
          label={texts.signer.isSync}
          description={syncLocked ? texts.signer.isSyncLocked : texts.signer.isSyncDescription}
          checked={is_sync || syncLocked}
          disabled={syncLocked}
          onChange={(e) => form.setFieldValue('is_sync', e.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
