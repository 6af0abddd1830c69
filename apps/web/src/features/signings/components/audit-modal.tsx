import { Badge, Center, Loader, Modal, Table, Text, useMantineTheme } from '@mantine/core';
import type { SignerDto } from '@paraaf/contract';
import { formatDateTime } from '../../../lib/format';
import { useVerifications } from '../api/get-sign-request';
import { auditBadge } from '../lib/audit';
import { texts } from '../texts';

/** The audit trail of one signer (seed 000 §4): every action with its badge, time, IP, comment. */
export function AuditModal({ signer, onClose }: { signer: SignerDto; onClose: () => void }) {
  const actions = useVerifications(signer.id);
  const theme = useMantineTheme();
  const name = `${signer.firstname} ${signer.lastname}`;

  return (
    <Modal opened onClose={onClose} title={texts.auditTitle(name)} size="xl">
      {actions.isPending ? (
        <Center p="lg">
          <Loader role="status" aria-label="Laden" />
        </Center>
      ) : actions.isError ? (
        <Text c="red">{actions.error.message}</Text>
      ) : actions.data.length === 0 ? (
        <Text c="dimmed">{texts.auditEmpty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.auditAction}</Table.Th>
                <Table.Th>{texts.auditDate}</Table.Th>
                <Table.Th>{texts.auditIp}</Table.Th>
                <Table.Th>{texts.auditComment}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {actions.data.map((action) => {
                const badge = auditBadge(action, theme.primaryColor);
                return (
                  <Table.Tr key={action.id}>
                    <Table.Td>
                      <Badge color={badge.color} variant="light" style={{ textTransform: 'none' }}>
                        {badge.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(action.created_at)}
                    </Table.Td>
                    <Table.Td>{action.ip ?? ''}</Table.Td>
                    <Table.Td>{action.comment ?? ''}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
