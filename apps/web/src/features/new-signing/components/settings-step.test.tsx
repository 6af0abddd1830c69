import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import type { EmailTemplateDto } from '@paraaf/contract';
import { defaultExpiry, newSigner, type WizardContext, type WizardValues } from '../lib/wizard';
import { SettingsStep } from './settings-step';

const now = new Date('2025-06-01T10:00:00+02:00');
const ctx: WizardContext = {
  maxSigners: 2,
  idinEnabled: false,
  walletEnabled: false,
  showDepartment: false,
  now,
};

function Harness({
  message,
  templates = [],
  onValues,
}: {
  message: string;
  templates?: EmailTemplateDto[];
  onValues?: (values: WizardValues) => void;
}) {
  const form = useForm<WizardValues>({
    initialValues: {
      signers: [newSigner()],
      is_sync: false,
      settings: {
        expires_at: defaultExpiry(now),
        department_id: '3',
        subject: 'Graag ondertekenen',
        message,
        send_documents_to_initiator: true,
        emails: [],
        custom_fields: [],
        viewer_user_id: '',
        email_templates: {},
      },
    },
  });
  onValues?.(form.getValues());
  return (
    <SettingsStep
      form={form}
      ctx={ctx}
      departments={[]}
      users={undefined}
      templates={templates}
      localeNames={{ nl: 'Nederlands' }}
    />
  );
}

function renderStep(message: string) {
  render(
    <MantineProvider>
      <DatesProvider settings={{ locale: 'nl' }}>
        <Harness message={message} />
      </DatesProvider>
    </MantineProvider>,
  );
  return screen.getByLabelText<HTMLTextAreaElement>(/^Bericht/);
}

describe('step 3: the merge fields of the message', () => {
  it('explains each field in words', () => {
    renderStep('Beste,');
    expect(screen.getByText(/Mergevelden worden per ondertekenaar ingevuld/)).toBeTruthy();
    for (const name of [
      'Knop naar de documenten invoegen',
      'Voornaam van de ondertekenaar invoegen',
      'Achternaam van de ondertekenaar invoegen',
      'Naam van je bedrijf invoegen',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    // The message is the content itself: [[content]] is not offered for it.
    expect(screen.queryByText('[[content]]')).toBeNull();
  });

  it('inserts a field at the cursor and over a selection', () => {
    const message = renderStep('Beste ,\n\nTeken hier.');
    message.setSelectionRange(6, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Voornaam van de ondertekenaar invoegen' }));
    expect(message.value).toBe('Beste [[firstname]],\n\nTeken hier.');

    const hier = message.value.indexOf('hier');
    message.setSelectionRange(hier, hier + 'hier'.length);
    fireEvent.click(screen.getByRole('button', { name: 'Knop naar de documenten invoegen' }));
    expect(message.value).toBe('Beste [[firstname]],\n\nTeken [[link]].');
  });
});

describe('step 3: the invitation text per language', () => {
  const invitation = (id: number | null, text: string): EmailTemplateDto => ({
    id,
    name: 'sign_request_to_signer',
    label: 'Uitnodiging aan ondertekenaar',
    locale: 'nl',
    subject: '[[subject]]',
    template: text,
    merge_fields: [],
  });

  it("offers the company's own version as the default, and the standard text as the other choice", () => {
    let values: WizardValues | undefined;
    render(
      <MantineProvider>
        <DatesProvider settings={{ locale: 'nl' }}>
          <Harness
            message="Beste, [[link]]"
            templates={[invitation(12, '<p>Eigen</p>'), invitation(null, '<p>Standaard</p>')]}
            onValues={(v) => (values = v)}
          />
        </DatesProvider>
      </MantineProvider>,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('E-mail template (Nederlands)');
    expect(select.value).toBe('12');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Uitnodiging aan ondertekenaar (eigen versie)',
      'Standaard bericht',
    ]);
    fireEvent.change(select, { target: { value: 'default:nl' } });
    expect(values!.settings.email_templates).toEqual({ nl: 'default:nl' });
  });
});

describe('step 3: the expiry date picker', () => {
  it('names the months in Dutch, in lower case, without a DatesProvider around the step', async () => {
    render(
      <MantineProvider>
        <Harness message="Beste," />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Vervaldatum/ }));
    expect(await screen.findByText('juni 2025')).toBeTruthy();
    expect(screen.queryByText(/June|Juni/)).toBeNull();
  });
});
