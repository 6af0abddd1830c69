import { describe, expect, it } from 'vitest';
import type { Company, User } from '@paraaf/contract';
import { permissionsFor } from '@paraaf/contract';
import { visibleMenu } from './menu';

const user = (role: 'admin' | 'user' | 'viewer') =>
  ({ id: 1, all_permissions: permissionsFor(role, false) }) as unknown as User;
const company = (type: 'prepaid' | 'invoice' = 'prepaid') =>
  ({ features: ['templates'], current_payment_plan: { price: { type } } }) as unknown as Company;

describe('side menu', () => {
  it('shows only existing screens the admin may use, in the seed order', () => {
    expect(visibleMenu(user('admin'), company()).map((i) => i.label)).toEqual([
      'Nieuwe ondertekening',
      'Ondertekeningen',
      'Templates',
      'Bedrijfsinstellingen',
      'Account instellingen',
      'Gebruikers',
      'Credits & Abonnementen',
      'Facturen',
      'FAQ',
      'Contact & support',
      'Algemene voorwaarden',
    ]);
  });

  it('hides what a viewer may not do', () => {
    const labels = visibleMenu(user('viewer'), company()).map((i) => i.label);
    expect(labels).not.toContain('Nieuwe ondertekening');
    expect(labels).not.toContain('Gebruikers');
    expect(labels).toContain('Ondertekeningen');
    expect(labels).not.toContain('Templates');
    expect(labels).not.toContain('Bedrijfsinstellingen');
  });

  it('shows Templates only when the company has the templates feature', () => {
    const without = { ...company(), features: [] } as unknown as Company;
    expect(visibleMenu(user('user'), without).map((i) => i.label)).not.toContain('Templates');
    expect(visibleMenu(user('user'), company()).map((i) => i.label)).toContain('Templates');
  });

  it('shows API sleutels to admins of a company with the api feature only', () => {
    const withApi = { ...company(), features: ['api'] } as unknown as Company;
    const labels = (role: 'admin' | 'user', c: Company) =>
      visibleMenu(user(role), c).map((i) => i.label);
    expect(labels('admin', withApi)).toContain('API sleutels');
    expect(labels('user', withApi)).not.toContain('API sleutels');
    expect(labels('admin', company())).not.toContain('API sleutels');
  });

  it('shows Credits & Abonnementen to admins, never on an invoice plan', () => {
    expect(visibleMenu(user('admin'), company('invoice')).map((i) => i.label)).not.toContain(
      'Credits & Abonnementen',
    );
    expect(visibleMenu(user('user'), company()).map((i) => i.label)).not.toContain(
      'Credits & Abonnementen',
    );
  });

  it('shows the Office365 consent link to platform admins only, as an action', () => {
    const platformAdmin = {
      id: 1,
      all_permissions: permissionsFor('admin', true),
    } as unknown as User;
    const item = visibleMenu(platformAdmin, company()).find(
      (i) => i.label === 'Office365 toestemming',
    );
    expect(item?.action).toBe('office-consent');
    expect(visibleMenu(user('admin'), company()).map((i) => i.label)).not.toContain(
      'Office365 toestemming',
    );
  });

  it('shows Facturen to whoever holds getInvoices, also on an invoice plan', () => {
    expect(visibleMenu(user('admin'), company('invoice')).map((i) => i.label)).toContain(
      'Facturen',
    );
    expect(visibleMenu(user('user'), company()).map((i) => i.label)).not.toContain('Facturen');
    expect(visibleMenu(user('viewer'), company()).map((i) => i.label)).not.toContain('Facturen');
  });

  it('shows Alle facturen only to platform admins', () => {
    const platform = {
      id: 1,
      all_permissions: permissionsFor('admin', true),
    } as unknown as User;
    expect(visibleMenu(platform, company()).map((i) => i.label)).toContain('Alle facturen');
    expect(visibleMenu(user('admin'), company()).map((i) => i.label)).not.toContain(
      'Alle facturen',
    );
  });
});

describe('back-office menu items', () => {
  it('shows them to a platform admin only', () => {
    const platform = { id: 1, all_permissions: permissionsFor('admin', true) } as unknown as User;
    const labels = visibleMenu(platform, company()).map((i) => i.label);
    expect(labels).toContain('Alle gebruikers');
    expect(labels).toContain('Aangepaste abonnementen');
    for (const role of ['admin', 'user', 'viewer'] as const) {
      const own = visibleMenu(user(role), company()).map((i) => i.label);
      expect(own).not.toContain('Alle gebruikers');
      expect(own).not.toContain('Aangepaste abonnementen');
    }
  });
});
