import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Company, Department } from '@paraaf/contract';
import { ListState } from '../../../components/list-state';
import { paths } from '../../../config/paths';
import { hasFeature } from '../../../lib/auth';
import { useDepartments } from '../api/departments';
import { texts } from '../texts';
import { DeleteDepartmentModal } from './delete-department-modal';
import { DepartmentFormModal } from './department-form-modal';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; department: Department };

/**
 * 'Afdelingen' (feature departments): the company's departments, the default one first (renamed
 * here, never removed), with add, rename and remove. Without the feature a line to the plans.
 */
export function DepartmentsSection({ company }: { company: Company }) {
  const enabled = hasFeature(company, 'departments');
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <div>
          <Title order={2} fz="lg">
            {texts.departments}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.departmentsHelp}
          </Text>
        </div>
        {enabled ? (
          <DepartmentsList />
        ) : (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            <Text size="sm">
              {texts.departmentsMissing}{' '}
              {/* The theme's green fails contrast on the light-blue alert; blue.9 passes. */}
              <Anchor
                component={Link}
                to={paths.credits}
                fw={600}
                size="sm"
                c="blue.9"
                underline="always"
              >
                {texts.changePlan}
              </Anchor>
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function DepartmentsList() {
  const departments = useDepartments();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const list = departments.data ?? [];
  const others = list.filter((d) => !d.is_default).length;

  return (
    <>
      <ListState query={departments} count={list.length} empty={texts.departmentsEmpty}>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.departmentName}</Table.Th>
                <Table.Th>{texts.departmentMailName}</Table.Th>
                <Table.Th>
                  <span className="mantine-visually-hidden">Acties</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((department) => (
                <Table.Tr key={department.id}>
                  <Table.Td fw={500}>
                    <Group gap="xs">
                      {department.name}
                      {department.is_default && (
                        <Badge variant="light" color="gray">
                          {texts.departmentDefault}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{department.mail_name}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={texts.departmentEdit}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={texts.departmentEditOf(department.name)}
                          onClick={() => setDialog({ kind: 'edit', department })}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {!department.is_default && (
                        <Tooltip label={texts.departmentRemove}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={texts.departmentRemoveOf(department.name)}
                            onClick={() => setDialog({ kind: 'delete', department })}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
      {departments.isSuccess && others === 0 && (
        <Text size="sm" c="dimmed">
          {texts.departmentsEmpty}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDialog({ kind: 'add' })}
        >
          {texts.departmentAdd}
        </Button>
      </Group>
      {dialog?.kind === 'add' && <DepartmentFormModal onClose={close} />}
      {dialog?.kind === 'edit' && (
        <DepartmentFormModal department={dialog.department} onClose={close} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDepartmentModal department={dialog.department} onClose={close} />
      )}
    </>
  );
}
