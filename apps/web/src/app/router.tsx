import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths, routePatterns } from '../config/paths';
import { api } from '../lib/api-client';
import { clearSession, resumeOwnSession } from '../lib/auth';
import { guestOnly, optionalSession, requireAuth } from './guards';
import { AppLayout } from './layouts/app-layout';
import { BareLayout } from './layouts/bare-layout';
import { GuestLayout } from './layouts/guest-layout';
import { RouteError } from './layouts/route-error';
import { FullPageLoader } from '../components/full-page-loader';
// Small (a fetch and pdf.js's address): in the entry chunk so it starts before the page's chunks.
import { prefetchSigning } from '../features/signing/lib/prefetch';

/** Route screens load lazily so the login page only downloads what it needs. */
export const routes: RouteObject[] = [
  {
    // The signer's page: public (the link is the credential), without the app's menu or session.
    path: routePatterns.sign,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    // Runs beside `lazy`: the data and the documents load while the page's scripts download.
    loader: ({ params }) => {
      prefetchSigning(params.token ?? '');
      return null;
    },
    lazy: async () => ({
      Component: (await import('../features/signing/routes/sign')).SignRoute,
    }),
  },
  {
    // The signer's page inside another site's frame: its single-use link opens it once.
    path: routePatterns.embedSign,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    lazy: async () => ({
      Component: (await import('../features/signing/embed/embed-sign')).EmbedSignRoute,
    }),
  },
  {
    // The window an embedded signer's page opened for iDIN, back from the bank: tells and closes.
    path: routePatterns.embedIdinReturn,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    lazy: async () => ({
      Component: (await import('../features/signing/embed/idin-return')).IdinReturnRoute,
    }),
  },
  {
    // The marker editor of one draft or template inside another site's frame.
    path: routePatterns.embedEditor,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    lazy: async () => ({
      Component: (await import('../features/embed-editor/embed-editor')).EmbedEditorRoute,
    }),
  },
  {
    // The accessibility statement: public, for signers too, so without the app's menu or session.
    path: paths.accessibility,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    lazy: async () => ({
      Component: (await import('../features/accessibility/routes/statement')).StatementRoute,
    }),
  },
  {
    // Activate is "guest and auth" and hides the menu.
    path: routePatterns.activate,
    loader: optionalSession,
    Component: BareLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/auth/routes/activate')).ActivateRoute,
        }),
      },
    ],
  },
  {
    id: 'root',
    loader: optionalSession,
    Component: AppLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        loader: guestOnly,
        Component: GuestLayout,
        children: [
          {
            path: paths.login,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/login')).LoginRoute,
            }),
          },
          {
            path: paths.register,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/register')).RegisterRoute,
            }),
          },
          // Seed 001 §2: the password pages are guest routes too.
          {
            path: paths.passwordReminder,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/password-reminder'))
                .PasswordReminderRoute,
            }),
          },
          {
            path: routePatterns.passwordReset,
            lazy: async () => ({
              Component: (await import('../features/auth/routes/password-reset'))
                .PasswordResetRoute,
            }),
          },
        ],
      },
      {
        Component: GuestLayout,
        children: [
          {
            // Public document check: guest and auth.
            path: '/verifieren',
            lazy: async () => ({
              Component: (await import('../features/verify/routes/verify')).VerifyRoute,
            }),
          },
        ],
      },
      {
        // Seed 001 §2: CreditsBought is guest and auth (the checkout may return to a new tab).
        path: paths.creditsBought,
        lazy: async () => ({
          Component: (await import('../features/credits/routes/credits-bought')).CreditsBoughtRoute,
        }),
      },
      {
        index: true,
        loader: requireAuth(),
        lazy: async () => ({
          Component: (await import('../features/signings/routes/signings')).SigningsRoute,
        }),
      },
      {
        path: paths.newSigning,
        // Seed 000 §2: the wizard needs all five.
        loader: requireAuth({
          allPermissions: [
            'createSignRequest',
            'createSigner',
            'createSignable',
            'getDepartments',
            'getEmailTemplates',
          ],
        }),
        lazy: async () => ({
          Component: (await import('../features/new-signing/routes/new-signing')).NewSigningRoute,
        }),
      },
      {
        path: routePatterns.signing,
        loader: requireAuth({ permission: ['getSignRequest', 'getMySignRequest'] }),
        lazy: async () => ({
          Component: (await import('../features/signings/routes/show-signing')).ShowSigningRoute,
        }),
      },
      {
        path: paths.accountSettings,
        loader: requireAuth(),
        lazy: async () => ({
          Component: (await import('../features/account/routes/account-settings'))
            .AccountSettingsRoute,
        }),
      },
      {
        path: paths.passwordChange,
        loader: requireAuth(),
        lazy: async () => ({
          Component: (await import('../features/account/routes/password-change'))
            .PasswordChangeRoute,
        }),
      },
      {
        path: paths.companySettings,
        loader: requireAuth({ permission: 'updateCompany' }),
        lazy: async () => ({
          Component: (await import('../features/company-settings/routes/company-settings'))
            .CompanySettingsRoute,
        }),
      },
      {
        path: paths.emailTemplates,
        loader: requireAuth({ permission: 'updateEmailTemplate', feature: 'email_templates' }),
        // The rich-text editor (TipTap, ProseMirror) loads with this screen only.
        lazy: async () => ({
          Component: (await import('../features/email-templates/routes/email-templates'))
            .EmailTemplatesRoute,
        }),
      },
      {
        path: paths.users,
        loader: requireAuth({ permission: 'getUsers' }),
        lazy: async () => ({
          Component: (await import('../features/users/routes/users')).UsersRoute,
        }),
      },
      {
        path: paths.credits,
        loader: requireAuth({ permission: 'getPaymentPlans' }),
        lazy: async () => ({
          Component: (await import('../features/credits/routes/credits')).CreditsRoute,
        }),
      },
      {
        path: paths.invoices,
        loader: requireAuth({ permission: 'getInvoices' }),
        lazy: async () => ({
          Component: (await import('../features/invoices/routes/invoices')).InvoicesRoute,
        }),
      },
      {
        path: paths.webhooks,
        loader: requireAuth({ permission: 'getWebhooks', feature: 'webhooks' }),
        lazy: async () => ({
          Component: (await import('../features/webhooks/routes/webhooks')).WebhooksRoute,
        }),
      },
      {
        path: paths.allInvoices,
        loader: requireAuth({ permission: 'adminGetInvoices' }),
        lazy: async () => ({
          Component: (await import('../features/admin/routes/all-invoices')).AllInvoicesRoute,
        }),
      },
      {
        path: paths.api,
        loader: requireAuth({ permission: 'getAccessTokens', feature: 'api' }),
        lazy: async () => ({
          Component: (await import('../features/api-keys/routes/api-keys')).ApiKeysRoute,
        }),
      },
      {
        path: paths.bulkSend,
        loader: requireAuth({ permission: 'createSignRequest', feature: 'bulk_send' }),
        lazy: async () => ({
          Component: (await import('../features/bulk-send/routes/bulk-send')).BulkSendRoute,
        }),
      },
      {
        path: routePatterns.bulkSendBatch,
        loader: requireAuth({ permission: 'createSignRequest', feature: 'bulk_send' }),
        lazy: async () => ({
          Component: (await import('../features/bulk-send/routes/bulk-send')).BulkSendBatchRoute,
        }),
      },
      {
        path: paths.templates,
        loader: requireAuth({ permission: 'getTemplates', feature: 'templates' }),
        lazy: async () => ({
          Component: (await import('../features/templates/routes/templates')).TemplatesRoute,
        }),
      },
      {
        path: paths.officeConsent,
        loader: requireAuth({ permission: 'adminOfficeConsent' }),
        lazy: async () => ({
          Component: (await import('../features/office-consent/routes/office-consent'))
            .OfficeConsentRoute,
        }),
      },
      {
        path: paths.contact,
        loader: requireAuth(),
        lazy: async () => ({
          Component: (await import('../features/contact/routes/contact')).ContactRoute,
        }),
      },
      {
        path: paths.allUsers,
        loader: requireAuth({ permission: 'adminGetUsers' }),
        lazy: async () => {
          const [{ AllUsersRoute }, { AddCreditsModal }] = await Promise.all([
            import('../features/admin/routes/all-users'),
            import('../features/admin/components/add-credits-modal'),
          ]);
          // The cards' 'Credits toevoegen en factuur versturen' opens this modal.
          return {
            Component: function AllUsersWithCredits() {
              return <AllUsersRoute addCreditsModal={AddCreditsModal} />;
            },
          };
        },
      },
      {
        path: paths.allPaymentPlans,
        loader: requireAuth({ permission: 'adminGetPaymentPlans' }),
        lazy: async () => ({
          Component: (await import('../features/admin/routes/all-payment-plans'))
            .AllPaymentPlansRoute,
        }),
      },
      { path: '*', loader: () => redirect(paths.home) },
    ],
  },
];

export const router = createBrowserRouter(routes);

// Seed 001 §8: a 401 anywhere ends the session and goes to Login, unless already there.
api.setUnauthorizedHandler(() => {
  // An impersonation that ended on the server (its hour is up): back to the admin's own session.
  if (resumeOwnSession()) {
    void router.navigate(paths.allUsers);
    return;
  }
  clearSession();
  if (router.state.location.pathname !== paths.login) void router.navigate(paths.login);
});
