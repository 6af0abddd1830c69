import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Anchor,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  Progress,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import type { Company, User } from '@paraaf/contract';
import { Brand } from '../../components/brand';
import { externalLinks, paths } from '../../config/paths';
import { clearDrafts } from '../../features/new-signing/lib/draft-store';
import { ImpersonationBar } from '../../features/admin/components/impersonation-bar';
import { OfficeConsentLink } from '../../features/office-consent/components/office-consent-link';
import { clearSession, hasPermission, logout, useCompany, useUser } from '../../lib/auth';
import { visibleMenu } from '../menu';
import classes from './app-layout.module.css';

// Only logged-in screens show notifications; keep them out of the login page's download.
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

export function AppLayout() {
  const user = useUser();
  const company = useCompany();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(close, [location.pathname, close]);

  return (
    <>
      {user && <ImpersonationBar user={user} />}
      <Box component="header" className={classes.header}>
        {navigation.state !== 'idle' && (
          <Progress
            className={classes.progress}
            value={100}
            animated
            size={3}
            radius={0}
            aria-label="Laden"
          />
        )}
        <Group gap="sm" wrap="nowrap">
          {user && (
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
          )}
          <Anchor component={Link} to={paths.home} underline="never" aria-label="Paraaf">
            <Brand />
          </Anchor>
        </Group>
        {user ? <TopMenu user={user} company={company} /> : <GuestTopMenu />}
      </Box>
      <div className={classes.body}>
        {user && (
          <Box component="aside" className={classes.nav} mod={{ opened }}>
            <SideMenu user={user} company={company} />
          </Box>
        )}
        <main className={classes.main}>
          <Outlet />
        </main>
      </div>
      {user && (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      )}
    </>
  );
}

function GuestTopMenu() {
  return (
    <Group gap="lg" component="nav" aria-label="Hoofdmenu" wrap="nowrap">
      <Anchor href={externalLinks.home} c="dark.6" fw={500}>
        Home
      </Anchor>
      <Anchor component={Link} to={paths.login} c="dark.6" fw={500}>
        Inloggen
      </Anchor>
      <Button component={Link} to={paths.register} size="sm">
        Registreer
      </Button>
    </Group>
  );
}

function TopMenu({ user, company }: { user: User; company: Company | undefined }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const showCredits = company && company.current_payment_plan.price.type !== 'invoice';

  async function onLogout() {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // The session ends locally either way.
    }
    clearSession();
    // The wizard's draft stays in this browser only for the user who wrote it.
    await clearDrafts().catch((error: unknown) => console.error(error));
    setLeaving(false);
    await navigate(paths.login);
  }

  return (
    <Group gap="lg" component="nav" aria-label="Hoofdmenu" wrap="nowrap">
      {(hasPermission(user, 'getSignRequests') || hasPermission(user, 'getMySignRequests')) && (
        <Anchor component={Link} to={paths.home} c="dark.6" fw={500} visibleFrom="md">
          Ondertekeningen
        </Anchor>
      )}
      {hasPermission(user, 'createSignRequest') && (
        <Anchor component={Link} to={paths.newSigning} c="dark.6" fw={500} visibleFrom="md">
          Nieuwe ondertekening
        </Anchor>
      )}
      {showCredits &&
        (hasPermission(user, 'getPaymentPlans') ? (
          <Anchor component={Link} to={paths.credits} c="dark.6" fw={500} visibleFrom="sm">
            {`Credits: ${company.credits}`}
          </Anchor>
        ) : (
          <Text c="dark.6" fw={500} visibleFrom="sm">
            {`Credits: ${company.credits}`}
          </Text>
        ))}
      <Anchor component={Link} to={paths.accountSettings} c="dark.6" fw={500} visibleFrom="sm">
        {company?.name ?? 'Instellingen'}
      </Anchor>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconLogout size={16} />}
        onClick={onLogout}
        loading={leaving}
      >
        Uitloggen
      </Button>
    </Group>
  );
}

function SideMenu({ user, company }: { user: User; company: Company | undefined }) {
  const location = useLocation();
  const items = visibleMenu(user, company);
  return (
    <Box component="nav" aria-label="Instellingen">
      {items.map((item, i) => (
        <Box key={item.label}>
          {item.group && i > 0 && <Divider my="xs" />}
          {item.action === 'office-consent' ? (
            <OfficeConsentLink label={item.label} />
          ) : item.external ? (
            <NavLink
              component="a"
              href={item.to}
              target="_blank"
              rel="noopener noreferrer"
              label={item.label}
              rightSection={<IconExternalLink size={14} aria-hidden />}
            />
          ) : (
            <NavLink
              component={Link}
              to={item.to}
              label={item.label}
              active={location.pathname === item.to}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}
