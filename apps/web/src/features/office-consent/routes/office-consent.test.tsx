import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { officeMessages, permissionsFor } from '@paraaf/contract';
import { consentFailureMessage } from '../lib/consent-failure';
import { OfficeConsentRoute } from './office-consent';
import {
  json,
  platformAdmin,
  renderRoutes,
  screenRoutes,
  resetApp,
  sessionCompany,
  stubApi,
} from '../../../test/app-harness';

const admin = platformAdmin({ company: { id: 1, name: 'Paraaf beheer' } });
const company = sessionCompany({ name: 'Paraaf beheer' });
const tenant = '70617261-0000-4000-8000-73696d756c61';

/** The API as the screen meets it; `routes` answers the office calls with their JSON body. */
function stubOffice(user: object, routes: Record<string, (body: unknown) => Response>) {
  return stubApi({
    user,
    company,
    answer: (url, init) =>
      routes[url]?.(init?.body ? (JSON.parse(init.body as string) as unknown) : undefined),
  });
}

function renderApp(entry: string) {
  renderRoutes(
    screenRoutes({
      path: '/office365-toestemming',
      permission: 'adminOfficeConsent',
      Component: OfficeConsentRoute,
      layout: true,
      home: 'Start',
    }),
    entry,
  );
}

const callsTo = (fetch: ReturnType<typeof stubOffice>, url: string) =>
  fetch.mock.calls.filter(([u]) => u === url);

afterEach(() => {
  resetApp();
  vi.restoreAllMocks();
});

describe('Office365 toestemming', () => {
  it('the menu link asks for a state, then the consent URL with it, and goes to Microsoft', async () => {
    const url = `http://localhost/dev/microsoft/login/organizations/v2.0/adminconsent?state=s1`;
    const fetch = stubOffice(admin, {
      '/api/set-oauth-state': () => json({ state: 's1' }),
      '/api/get-admin-consent-url': (body) =>
        (body as { state?: string }).state === 's1'
          ? json({ url })
          : json({ message: 'verkeerde state' }, 422),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Office365 toestemming' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(callsTo(fetch, '/api/set-oauth-state')).toHaveLength(1);
    expect(callsTo(fetch, '/api/get-admin-consent-url')).toHaveLength(1);
  });

  it('the menu link shows the server message when the consent cannot start', async () => {
    stubOffice(admin, {
      '/api/set-oauth-state': () => json({ message: 'Je hebt geen rechten voor deze actie' }, 403),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Office365 toestemming' }));
    expect(await screen.findByText('Je hebt geen rechten voor deze actie')).toBeTruthy();
  });

  it('is not in the menu without the permission', async () => {
    stubOffice({ ...admin, all_permissions: permissionsFor('admin', false) }, {});
    renderApp('/');
    expect(await screen.findByText('Start')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Office365 toestemming' })).toBeNull();
    expect(screen.getByText('Gebruikers')).toBeTruthy();
  });

  it('the result screen passes Microsoft’s answer on once and says it worked', async () => {
    const fetch = stubOffice(admin, {
      '/api/office/consent': () =>
        json({
          tenant,
          organization: 'Woonstichting Het Anker',
          message: officeMessages.grantedDetail.replace(
            '{organization}',
            'Woonstichting Het Anker',
          ),
        }),
    });
    renderApp(`/office365-toestemming?admin_consent=True&tenant=${tenant}&state=s2&scope=x`);
    expect(await screen.findByText(officeMessages.granted)).toBeTruthy();
    expect(
      screen.getByText(
        'Paraaf mag nu mail versturen via Microsoft 365 van de organisatie Woonstichting Het Anker.',
      ),
    ).toBeTruthy();
    const calls = callsTo(fetch, '/api/office/consent');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]![1]!.body as string)).toEqual({
      state: 's2',
      tenant,
      admin_consent: 'True',
    });
  });

  it('the result screen shows the server’s failure message', async () => {
    stubOffice(admin, {
      '/api/office/consent': () =>
        json({ message: officeMessages.denied, errors: { error: [officeMessages.denied] } }, 422),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/office365-toestemming?error=access_denied&error_description=nee&state=s3');
    expect(await screen.findByText('Toestemming niet gelukt')).toBeTruthy();
    expect(screen.getByText(officeMessages.denied)).toBeTruthy();
  });

  it('a failure without a server message shows the error’s, else the seed’s fallback', () => {
    expect(consentFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(consentFailureMessage(new Error(''))).toBe('Something went wrong');
    expect(consentFailureMessage(undefined)).toBe('Something went wrong');
  });
});
