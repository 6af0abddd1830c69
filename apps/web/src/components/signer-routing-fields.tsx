import { Checkbox, Grid, NativeSelect } from '@mantine/core';
import { signerRoleLabels, signerRoles, type SignerRole } from '@paraaf/contract';

/** The texts of a signer's step and role (wizard step 1 and the template editor). */
export const routingTexts = {
  role: 'Rol',
  roleDescription:
    'Een goedkeurder keurt goed zonder handtekening; een kopie krijgt alleen de ondertekende documenten.',
  step: 'Stap',
  stepOption: (n: number) => `Stap ${n}`,
  notifyOnSend: 'E-mail bij verzending',
  notifyOnSendDescription:
    'Deze kopie hoort meteen dat het verzoek verstuurd is. De ondertekende documenten krijgt een kopie altijd.',
} as const;

export interface SignerRouting {
  role: SignerRole;
  routing_order: number;
  notify_on_send: boolean;
}

interface Props {
  value: SignerRouting;
  /** The steps to choose from (their routing_order, shown as 'Stap 1', 'Stap 2', …); null: no select. */
  stepOptions: number[] | null;
  onRoleChange: (role: SignerRole) => void;
  onStepChange: (step: number) => void;
  onNotifyChange: (notify: boolean) => void;
  /** Names the fields for screen readers when several signers sit in one list ('Ondertekenaar 2'). */
  labelSuffix?: string;
}

/** A signer's role, its step and (for a cc) the mail at sending: the same fields everywhere. */
export function SignerRoutingFields({
  value,
  stepOptions,
  onRoleChange,
  onStepChange,
  onNotifyChange,
  labelSuffix,
}: Props) {
  const named = (label: string) => (labelSuffix ? `${label} ${labelSuffix}` : undefined);
  return (
    <>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: stepOptions ? 8 : 12 }}>
          <NativeSelect
            label={routingTexts.role}
            aria-label={named(routingTexts.role)}
            description={routingTexts.roleDescription}
            data={signerRoles.map((r) => ({ value: r, label: signerRoleLabels[r] }))}
            value={value.role}
            onChange={(e) => onRoleChange(e.currentTarget.value as SignerRole)}
          />
        </Grid.Col>
        {stepOptions && (
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label={routingTexts.step}
              aria-label={named(routingTexts.step)}
              data={stepOptions.map((n, i) => ({
                value: String(n),
                label: routingTexts.stepOption(i + 1),
              }))}
              value={String(value.routing_order)}
              onChange={(e) => onStepChange(Number(e.currentTarget.value))}
            />
          </Grid.Col>
        )}
      </Grid>
      {value.role === 'cc' && (
        <Checkbox
          label={routingTexts.notifyOnSend}
          aria-label={named(routingTexts.notifyOnSend)}
          description={routingTexts.notifyOnSendDescription}
          checked={value.notify_on_send}
          onChange={(e) => onNotifyChange(e.currentTarget.checked)}
        />
      )}
    </>
  );
}
