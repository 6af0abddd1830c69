import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Permission } from '@paraaf/contract';
import { emptyMarkerConfig } from '../../../components/marker-editor';
import {
  companyAdmin,
  json,
  renderRoutes,
  resetApp,
  screenRoutes,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';
import { clearDrafts, saveDraft } from '../lib/draft-store';
import { defaultExpiry, newSigner, type WizardValues } from '../lib/wizard';
import { texts } from '../texts';
import { NewSigningRoute } from './new-signing';

/**
 * Step 3 of the wizard, reached as a sender does after a reload: a draft with a filled-in signer
 * and a ready document. What keeps Verzenden locked is named in the footer and on its field, and
 * a send beyond the balance is warned about before Verzenden.
 */

const wizardPermissions: Permission[] = [
  'createSignRequest',
  'createSigner',
  'createSignable',
  'getDepartments',
  'getEmailTemplates',
];

const departments = [
  { id: 3, name: 'Bakkerij Brood', mail_name: 'Bakkerij Brood', mail_from: null },
  { id: 4, name: 'Bakkerij Banket', mail_name: 'Bakkerij Banket', mail_from: null },
];

const plan = (id: number) => ({
  id,
  price: {
    type: 'prepaid',
    price_per_credit: 1.25,
    sms_credits_price: 1,
    sms_euros_price: 0,
    idin_credits_price: 0,
    idin_euros_price: 0,
  },
});

const values = (departmentId: string): WizardValues => ({
  signers: [{ ...newSigner(), firstname: 'Anna', lastname: 'de Boer', email: 'anna@example.nl' }],
  is_sync: false,
  settings: {
    expires_at: defaultExpiry(),
    department_id: departmentId,
    subject: 'Huurcontract',
    message: 'Beste [[firstname]], [[link]]',
    send_documents_to_initiator: true,
    emails: [],
    custom_fields: [],
    viewer_user_id: '',
    email_templates: {},
  },
});

async function openStepThree(options: {
  departments: typeof departments;
  departmentId?: string;
  credits?: number;
  planId?: number;
}) {
  await saveDraft(1, {
    step: 2,
    values: values(options.departmentId ?? ''),
    documents: [
      {
        key: 'document-1',
        file: new File(['%PDF-1.7'], 'huurcontract.pdf', { type: 'application/pdf' }),
        pdf: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        pages: 1,
        status: 'ready',
        config: emptyMarkerConfig(),
        hasAcroforms: false,
        formsEnabled: true,
      },
    ],
  });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  stubApi({
    user: companyAdmin(),
    company: sessionCompany({
      credits: options.credits ?? 10,
      max_signers: 2,
      features: ['multiple_signers', 'multiple_documents', 'departments'],
      current_payment_plan: plan(options.planId ?? 1),
    }),
    answer: (url) => {
      if (url === '/api/departments') return json({ data: options.departments });
      if (url.startsWith('/api/email-templates')) return json({ data: [] });
      return undefined;
    },
  });
  renderRoutes(
    screenRoutes({
      path: '/nieuwe-ondertekening',
      permission: wizardPermissions,
      Component: NewSigningRoute,
    }),
    '/nieuwe-ondertekening',
  );
  return screen.findByRole<HTMLButtonElement>('button', { name: 'Verzenden' });
}

const blockers = () => screen.queryAllByTestId('send-blocker').map((el) => el.textContent);

afterEach(async () => {
  await clearDrafts();
  vi.restoreAllMocks();
  resetApp();
});

describe('New signing wizard, step 3', () => {
  it(
    'names a department still to choose in the footer and on the Bedrijfsnaam field, marked required',
    { timeout: 30_000 },
    async () => {
      const send = await openStepThree({ departments });
      expect(send.disabled).toBe(true);
      const select = screen.getByLabelText<HTMLSelectElement>(/^Bedrijfsnaam/);
      expect(select.required).toBe(true);
      // The label carries the required mark.
      expect(screen.getByText('Bedrijfsnaam').parentElement!.textContent).toMatch(/\*/);
      // On the field and in the footer, before the sender touches anything.
      expect(select.getAttribute('aria-invalid')).toBe('true');
      const field = select.closest<HTMLElement>('.mantine-InputWrapper-root')!;
      expect(within(field).getByText('Dit veld is verplicht')).toBeTruthy();
      expect(blockers()).toEqual(['Bedrijfsnaam: Dit veld is verplicht']);

      // Another field emptied is named too; filled in again, only the department is left.
      const subject = screen.getByLabelText(/^Onderwerp/);
      fireEvent.change(subject, { target: { value: '' } });
      expect(blockers()).toEqual([
        'Bedrijfsnaam: Dit veld is verplicht',
        'Onderwerp: Dit veld is verplicht',
      ]);
      fireEvent.change(subject, { target: { value: 'Huurcontract' } });

      fireEvent.change(select, { target: { value: '4' } });
      expect(blockers()).toEqual([]);
      expect(select.getAttribute('aria-invalid')).not.toBe('true');
      expect(send.disabled).toBe(false);
    },
  );

  it(
    'with one department there is nothing to choose and nothing blocks',
    { timeout: 30_000 },
    async () => {
      const send = await openStepThree({ departments: departments.slice(0, 1), departmentId: '3' });
      expect(screen.queryByLabelText(/^Bedrijfsnaam/)).toBeNull();
      expect(blockers()).toEqual([]);
      expect(send.disabled).toBe(false);
      expect(screen.queryByTestId('credits-warning')).toBeNull();
    },
  );

  it(
    'at 0 credits on the free plan warns before Verzenden, with the way to buy credits',
    { timeout: 30_000 },
    async () => {
      await openStepThree({ departments: departments.slice(0, 1), departmentId: '3', credits: 0 });
      const warning = screen.getByTestId('credits-warning');
      expect(within(warning).getByText(texts.notEnoughCredits)).toBeTruthy();
      expect(within(warning).getByText(/1 credit\. Je hebt 0 credits\./)).toBeTruthy();
      expect(
        within(warning).getByRole('link', { name: 'Credits kopen' }).getAttribute('href'),
      ).toBe('/instellingen/credits');
    },
  );

  it(
    'at 0 credits on a paid plan warns that the shortfall is billed, before Verzenden',
    { timeout: 30_000 },
    async () => {
      const send = await openStepThree({
        departments: departments.slice(0, 1),
        departmentId: '3',
        credits: 0,
        planId: 2,
      });
      const warning = screen.getByTestId('credits-warning');
      expect(within(warning).getByText('Credits boven je tegoed')).toBeTruthy();
      expect(warning.textContent).toContain(
        'Deze ondertekening kost 1 credit en je tegoed is 0 credits: 1 credit wordt met de volgende factuur in rekening gebracht',
      );
      expect(send.disabled).toBe(false);
    },
  );
});
