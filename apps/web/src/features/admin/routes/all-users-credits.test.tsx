import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { AdminUserRow } from '@paraaf/contract';
import { routes } from '../../../app/router';
import {
  json,
  listPage,
  platformAdmin,
  renderRoutes,
  resetApp,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';

const row: AdminUserRow = {
  id: 5,
  name: 'Gijs Gebruiker',
  email: 'gijs@brood.nl',
  created_at: '2026-01-02T10:00:00Z',
  role: 'user',
  is_platform_admin: false,
  is_active: true,
  company: {
    id: 9,
    name: 'Bakkerij Brood',
    first_user: { name: 'Bert Bakker', email: 'bert@brood.nl' },
  },
  sign_requests: 3,
  credits: 10,
  payment_plan: 'Gratis',
  next_payment_date: null,
};

afterEach(resetApp);

describe('/all-users with the add-credits modal', () => {
  it('opens "Credits toevoegen en factuur versturen" from a user card', async () => {
    stubApi({
      user: platformAdmin(),
      company: sessionCompany({ name: 'Paraaf', credits: 0 }),
      answer: (url) => (url.startsWith('/api/all-users') ? json(listPage([row])) : undefined),
    });
    renderRoutes(routes, '/all-users', { token: 'beheer-token' });
    fireEvent.click(
      await screen.findByRole('button', { name: /Credits toevoegen en factuur versturen/ }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Credits toevoegen en factuur versturen',
    });
    expect(dialog.querySelector<HTMLInputElement>('input[type="email"]')!.value).toBe(
      'bert@brood.nl',
    );
  });
});
