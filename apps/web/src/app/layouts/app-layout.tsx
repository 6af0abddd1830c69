import { lazy, Suspense, useEffect } from 'react';
import { Anchor, Box, Burger, Button, Group, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { Brand } from '../../components/brand';
import { externalLinks, paths } from '../../config/paths';
import { useCompany, useUser } from '../../lib/auth';
import classes from './app-layout.module.css';

// Only logged-in screens show notifications and the user's menus (with the impersonation bar);
// keep them out of the login page's download.
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));
const ImpersonationBar = lazy(async () => ({
  default: (await import('./user-menus')).ImpersonationBar,
}));
const TopMenu = lazy(async () => ({ default: (await import('./user-menus')).TopMenu }));
const SideMenu = lazy(async () => ({ default: (await import('./user-menus')).SideMenu }));

export function AppLayout() {
  const user = useUser();
  const company = useCompany();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(close, [location.pathname, close]);

  return (
    <>
      {user && (
        <Suspense fallback={null}>
          <ImpersonationBar user={user} />
        </Suspense>
      )}
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
        {user ? (
          <Suspense fallback={null}>
            <TopMenu user={user} company={company} />
          </Suspense>
        ) : (
          <GuestTopMenu />
        )}
      </Box>
      <div className={classes.body}>
        {user && (
          <Box component="aside" className={classes.nav} mod={{ opened }}>
            <Suspense fallback={null}>
              <SideMenu user={user} company={company} />
            </Suspense>
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
    <Group gap="md" component="nav" aria-label="Hoofdmenu" wrap="nowrap">
      {/* On a phone Home gives way, so that Inloggen and Registreer fit beside the brand. */}
      <Anchor href={externalLinks.home} c="dark.6" fw={500} visibleFrom="sm">
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
