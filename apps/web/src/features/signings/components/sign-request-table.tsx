import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { SignRequestListItem } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { texts } from '../texts';
import { StateBadge } from './state-badge';

/** The rows of the list (seed 000 §2); a row opens the detail screen. */
export function SignRequestTable({
  items,
  withStatus,
  withViewer,
}: {
  items: SignRequestListItem[];
  withStatus: boolean;
  withViewer: boolean;
}) {
  const navigate = useNavigate();
  const withCustomFields = items.some((i) => i.custom_field_values.length > 0);

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.columnId}</Table.Th>
            <Table.Th>{texts.columnCreatedAt}</Table.Th>
            {withStatus && <Table.Th>{texts.columnState}</Table.Th>}
            <Table.Th>{texts.columnSigners}</Table.Th>
            <Table.Th>{texts.columnSignables}</Table.Th>
            {withViewer && <Table.Th>{texts.columnViewer}</Table.Th>}
            {withCustomFields && <Table.Th>{texts.columnCustomFields}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(paths.signing(item.id))}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.signing(item.id)}
                  fw={600}
                  onClick={(e) => e.stopPropagation()}
                >
                  {item.id}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(item.created_at)}
              </Table.Td>
              {withStatus && (
                <Table.Td>
                  <StateBadge stateId={item.state_id} />
                </Table.Td>
              )}
              <Table.Td>
                <Stack gap={0}>
                  {item.signers.map((s) => (
                    <Text key={s.id} size="sm">
                      {`${s.firstname} ${s.lastname}`}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {item.signables.map((d) => (
                    <Text key={d.id} size="sm" lineClamp={1} title={d.name}>
                      {d.name}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              {withViewer && <Table.Td>{item.viewer_user?.name ?? ''}</Table.Td>}
              {withCustomFields && (
                <Table.Td>
                  <Stack gap={0}>
                    {item.custom_field_values.map((f) => (
                      <Text key={f.name} size="sm">
                        <Text span c="dimmed" size="sm">
                          {f.name}:
                        </Text>{' '}
                        {f.value}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
