import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { roleLabels, type User } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { hasPermission, useCompany, useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { useUsers } from '../api/get-users';
import { DeleteUserModal } from '../components/delete-user-modal';
import { UserFormModal } from '../components/user-form-modal';
import { inviteBlockedReason, inviteRuleTexts } from '../lib/invite-rule';
import { usersCount } from '../../../lib/users-count';

type Dialog = { kind: 'invite' } | { kind: 'edit'; user: User } | { kind: 'delete'; user: User };

export function UsersRoute() {
  const me = useUser();
  const [page, goTo] = usePageParam();
  const users = useUsers(page);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const mayInvite = hasPermission(me, 'inviteUser');
  const inviteBlocked = inviteBlockedReason(useCompany());
  const mayUpdate = hasPermission(me, 'updateUser');
  const mayDelete = hasPermission(me, 'deleteUser');

  return (
    <Page
      title="Gebruikers"
      actions={
        mayInvite && (
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setDialog({ kind: 'invite' })}
            disabled={inviteBlocked !== null}
            aria-describedby={inviteBlocked ? 'invite-blocked' : undefined}
          >
            Uitnodigen
          </Button>
        )
      }
    >
      {mayInvite && inviteBlocked && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} id="invite-blocked">
          <Text size="sm">
            {inviteBlocked}{' '}
            {/* The theme's green fails contrast on the light-blue alert (3.9:1); blue.9 is 4.9:1. */}
            <Anchor
              component={Link}
              to={paths.credits}
              fw={600}
              size="sm"
              c="blue.9"
              underline="always"
            >
              {inviteRuleTexts.changePlan}
            </Anchor>
          </Text>
        </Alert>
      )}
      <PagedTable
        query={users}
        empty="Er zijn nog geen gebruikers"
        minWidth={720}
        highlightOnHover
        head={
          <>
            <Table.Th>Naam</Table.Th>
            <Table.Th>E-mailadres</Table.Th>
            <Table.Th>Rol</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Aangemaakt op</Table.Th>
            <Table.Th>
              <span className="mantine-visually-hidden">Acties</span>
            </Table.Th>
          </>
        }
        row={(user) => {
          const role = user.roles[0]?.name;
          return (
            <Table.Tr key={user.id}>
              <Table.Td fw={500}>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{role ? roleLabels[role] : ''}</Table.Td>
              <Table.Td>
                {user.is_active ? (
                  <Badge color="teal" variant="light">
                    geactiveerd
                  </Badge>
                ) : (
                  <Badge color="yellow" variant="light">
                    uitgenodigd
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(user.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {mayUpdate && (
                    <Tooltip label="Bewerken">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Bewerken"
                        onClick={() => setDialog({ kind: 'edit', user })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {mayDelete && user.id !== me?.id && (
                    <Tooltip label="Verwijderen">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Verwijderen"
                        onClick={() => setDialog({ kind: 'delete', user })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
        page={page}
        onPageChange={goTo}
        caption={usersCount}
      />

      {dialog?.kind === 'invite' && <UserFormModal user={null} onClose={close} />}
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={close} />}
    </Page>
  );
}
