import type { ReactNode } from 'react';
import { Checkbox, Group } from '@mantine/core';
import {
  verificationTypes as verificationTypeLabels,
  walletAttributes,
  type SignerRole,
} from '@paraaf/contract';

/** The verification types a signer can be given (contract verificationTypes). */
export const verificationTypes = {
  email: 1,
  sms: 2,
  idin: 4,
  signature: 5,
  initials: 6,
  wallet: 7,
} as const;

/** The texts of a signer's verifications (wizard step 1 and the template editor). */
export const verificationTexts = {
  verifications: 'Verificatie',
  walletAttributes: 'EU-wallet gegevens',
  walletAttributesDescription:
    'Welke gegevens de wallet van de ondertekenaar deelt; de naam altijd, een BSN nooit',
  labels: verificationTypeLabels as Record<number, string>,
  walletAttributeLabels: {
    name: 'Naam',
    birth_date: 'Geboortedatum',
    nationality: 'Nationaliteit',
  } as Record<string, string>,
} as const;

/** What a new signer verifies with: e-mail code and signature. */
export const defaultVerifications = (): string[] => [
  String(verificationTypes.email),
  String(verificationTypes.signature),
];

/**
 * The verifications of a signer given another role: an approver or a cc puts no signature or
 * paraaf (those go, the e-mail code stays at least), a cc verifies nothing but its address.
 */
export function verificationsForRole(verifications: string[], role: SignerRole): string[] {
  if (role === 'cc') return [String(verificationTypes.email)];
  if (role === 'signer') return verifications;
  const kept = verifications.filter(
    (v) => v !== String(verificationTypes.signature) && v !== String(verificationTypes.initials),
  );
  return kept.length > 0 ? kept : [String(verificationTypes.email)];
}

/** The types to offer: what the company's plan allows, marks only to a signer who signs. */
export function verificationOptions({
  idin,
  wallet,
  signs,
}: {
  idin: boolean;
  wallet: boolean;
  signs: boolean;
}): number[] {
  return [
    verificationTypes.email,
    verificationTypes.sms,
    ...(idin ? [verificationTypes.idin] : []),
    ...(wallet ? [verificationTypes.wallet] : []),
    // An approver or a cc puts no signature or paraaf.
    ...(signs ? [verificationTypes.signature, verificationTypes.initials] : []),
  ];
}

/** A checkbox group's value, change and error, as Mantine's form `getInputProps` gives them. */
interface GroupInput {
  value?: string[];
  onChange?: (value: string[]) => void;
  error?: ReactNode;
}

interface Props {
  verifications: GroupInput;
  walletAttributes: GroupInput;
  /** The types to offer, in order (verificationOptions). */
  options: number[];
  /** Fields of a chosen verification that only a real signer has (its phone, the iDIN data). */
  children?: ReactNode;
}

/** How a signer proves who they are, and what the EU wallet shares: the same fields everywhere. */
export function SignerVerificationFields({
  verifications,
  walletAttributes: attributes,
  options,
  children,
}: Props) {
  const wallet = (verifications.value ?? []).includes(String(verificationTypes.wallet));
  return (
    <>
      <Checkbox.Group label={verificationTexts.verifications} withAsterisk {...verifications}>
        <Group gap="lg" mt={6}>
          {options.map((type) => (
            <Checkbox key={type} value={String(type)} label={verificationTexts.labels[type]} />
          ))}
        </Group>
      </Checkbox.Group>

      {children}

      {wallet && (
        <Checkbox.Group
          label={verificationTexts.walletAttributes}
          description={verificationTexts.walletAttributesDescription}
          {...attributes}
        >
          <Group gap="lg" mt={6}>
            {walletAttributes.map((attribute) => (
              <Checkbox
                key={attribute}
                value={attribute}
                label={verificationTexts.walletAttributeLabels[attribute]}
                // The name is always asked: it is matched against the signer's name.
                disabled={attribute === 'name'}
              />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </>
  );
}
