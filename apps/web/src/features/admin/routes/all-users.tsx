import { useState, type ComponentType, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCoins, IconLogin, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AdminUserRow } from '@paraaf/contract';
import { ListState } from '../../../components/list-state';
import { Page } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../config/paths';
import { hasPermission, useUser } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAllUsers } from '../api/get-all-users';
import { useLoginAsUser } from '../api/login-as-user';
import { listParams, readListParams } from '../lib/list-params';
import { usersCount } from '../../../lib/users-count';

/** The modal 'Credits toevoegen en factuur versturen' (built with the all-invoices screen). */
export type AddCreditsModal = ComponentType<{ user: AdminUserRow; onClose: () => void }>;

/** Seed 001 'Admin: all users' (/all-users). */
export function AllUsersRoute({ addCreditsModal }: { addCreditsModal?: AddCreditsModal } = {}) {
  const me = useUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { search, page } = readListParams(params);
  const users = useAllUsers(search, page);
  const loginAs = useLoginAsUser();
  const [addCreditsFor, setAddCreditsFor] = useState<AdminUserRow | null>(null);
  const AddCredits = addCreditsModal;

  const mayLoginAs = hasPermission(me, 'adminLoginAsUser');
  const mayAddCredits = !!AddCredits && hasPermission(me, 'adminAddCreditsToCompany');

  async function onLoginAs(user: AdminUserRow) {
    await loginAs.mutateAsync(user.id);
    await navigate(paths.home);
  }

  const list = users.data?.data ?? [];

  return (
    <Page title="Alle gebruikers">
      {/* Keyed by the search in the URL: back/forward and a reload show what is searched. */}
      <SearchForm
        key={search}
        initial={search}
        onSearch={(text) => setParams(listParams({ search: text, page: 1 }))}
      />
      {loginAs.isError && (
        <Text c="red" role="alert">
          {loginAs.error.message}
        </Text>
      )}
      <ListState query={users} count={list.length} empty="Er zijn nog geen gebruikers">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((user) => (
            <Card key={user.id} withBorder radius="lg" padding="lg" component="article">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600} component="h2" fz="lg" m={0}>
                      {user.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {user.email}
                    </Text>
                  </div>
                  {user.is_platform_admin && (
                    <Badge color="grape" variant="light">
                      Platformbeheerder
                    </Badge>
                  )}
                </Group>
                <Facts
                  rows={[
                    ['Aangemaakt op', formatDateTime(user.created_at)],
                    ['Bedrijf', user.company.name],
                    ['Ondertekeningen', String(user.sign_requests)],
                    ['Credits', String(user.credits)],
                    ['Abonnement', user.payment_plan],
                    [
                      'Volgende betaling',
                      user.next_payment_date ? formatDate(user.next_payment_date) : 'nvt',
                    ],
                  ]}
                />
                <Group gap="xs" mt="xs">
                  {mayLoginAs && (
                    <Tooltip
                      label="Je kunt niet inloggen als een beheerder"
                      disabled={!user.is_platform_admin}
                    >
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconLogin size={14} />}
                        disabled={user.is_platform_admin || !user.is_active}
                        loading={loginAs.isPending && loginAs.variables === user.id}
                        onClick={() => void onLoginAs(user)}
                        aria-label={`Inloggen als ${user.name}`}
                      >
                        Inloggen als gebruiker
                      </Button>
                    </Tooltip>
                  )}
                  {mayAddCredits && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconCoins size={14} />}
                      onClick={() => setAddCreditsFor(user)}
                    >
                      Credits toevoegen en factuur versturen
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </ListState>
      {users.data && users.data.total > 0 && (
        <Pagination
          page={page}
          lastPage={users.data.last_page}
          onChange={(next) => setParams(listParams({ search, page: next }))}
          caption={usersCount(users.data.total)}
        />
      )}
      {AddCredits && addCreditsFor && (
        <AddCredits user={addCreditsFor} onClose={() => setAddCreditsFor(null)} />
      )}
    </Page>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [typed, setTyped] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(typed);
  }
  return (
    <form onSubmit={submit} role="search">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          flex={1}
          label="Zoek op gebruikersnaam"
          placeholder="Zoek op gebruikersnaam"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <Button type="submit" leftSection={<IconSearch size={16} />}>
          Zoeken
        </Button>
      </Group>
    </form>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Stack gap={2} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed" w={140}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
