import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ContactDetails } from '@paraaf/contract';
import {
  companyAdmin,
  json,
  renderRoutes,
  resetApp,
  screenRoutes,
  stubApi,
} from '../../../test/app-harness';
import { ContactRoute, telHref } from './contact';

afterEach(resetApp);

/** Not the details the page once had built in (Rotterdam, KvK 81234567): the server's. */
const seller: ContactDetails = {
  name: 'Ondertekenfabriek B.V.',
  address: 'Keizersgracht 100',
  postal_city: '1015 AA Amsterdam',
  kvk: '12345678',
  vat_number: 'NL123456789B01',
  email: 'help@ondertekenfabriek.nl',
  phone: '020 - 303 88 20',
};

describe('Contact & support', () => {
  it('shows the seller details the server gives, the ones every invoice prints', async () => {
    const fetch = stubApi({
      user: companyAdmin(),
      answer: (url) => (url === '/api/contact' ? json(seller) : undefined),
    });
    renderRoutes(
      screenRoutes({
        path: '/contact',
        permission: 'getInvoices',
        Component: ContactRoute,
        layout: true,
      }),
      '/contact',
    );
    const address = within(await screen.findByTestId('contact-address'));
    for (const line of [
      'Ondertekenfabriek B.V.',
      'Keizersgracht 100',
      '1015 AA Amsterdam',
      'KvK-nummer: 12345678',
      'Btw-nummer: NL123456789B01',
    ]) {
      expect(address.getByText(line)).toBeTruthy();
    }
    expect(screen.queryByText(/Rotterdam|81234567/)).toBeNull();
    const mail = screen.getByRole('link', { name: 'help@ondertekenfabriek.nl' });
    expect(mail.getAttribute('href')).toBe('mailto:help@ondertekenfabriek.nl');
    const phone = screen.getByRole('link', { name: '020 - 303 88 20' });
    expect(phone.getAttribute('href')).toBe('tel:+31203038820');
    expect(fetch.mock.calls.some(([url]) => url === '/api/contact')).toBe(true);
  });

  it('makes an international tel: link of a Dutch number', () => {
    expect(telHref('010 - 303 88 20')).toBe('tel:+31103038820');
    expect(telHref('+31 20 303 88 20')).toBe('tel:+31203038820');
  });
});
