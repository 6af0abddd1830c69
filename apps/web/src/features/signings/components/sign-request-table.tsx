import { Anchor, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { SignRequestListItem } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { listedSigners } from '../lib/listed-signers';
import { texts } from '../texts';
import { StateBadge } from './state-badge';

/**
 * The rows of the list (seed 000 §2); a row opens the detail screen. Beside the seed's columns
 * the subject, so that requests to the same signer can be told apart. On a phone, a card per
 * request (subject, signers, status) instead of a table cut to three columns.
 */
export function SignRequestTable(props: {
  items: SignRequestListItem[];
  withStatus: boolean;
  withViewer: boolean;
}) {
  return (
    <>
      <Box visibleFrom="sm">
        <RequestTable {...props} />
      </Box>
      <Box hiddenFrom="sm">
        <RequestCards {...props} />
      </Box>
    </>
  );
}

function RequestCards({
  items,
  withStatus,
}: {
  items: SignRequestListItem[];
  withStatus: boolean;
}) {
  return (
    <Stack gap="sm" data-testid="sign-request-cards" style={{ overflowWrap: 'anywhere' }}>
      {items.map((item) => (
        <Card key={item.id} component="article" withBorder padding="sm" radius="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={paths.signing(item.id)} fw={600} style={{ minWidth: 0 }}>
              {item.subject || `#${item.id}`}
            </Anchor>
            {withStatus && <StateBadge stateId={item.state_id ?? 0} />}
          </Group>
          {withStatus && <Turn item={item} />}
          <CardSigners item={item} />
          <Text size="xs" c="dimmed">
            {`#${item.id} · ${formatDateTime(item.created_at)}`}
            {item.signables.length > 0 ? ` · ${item.signables.map((d) => d.name).join(', ')}` : ''}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function RequestTable({
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
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.columnId}</Table.Th>
            <Table.Th>{texts.columnCreatedAt}</Table.Th>
            <Table.Th>{texts.columnSubject}</Table.Th>
            {withStatus && <Table.Th>{texts.columnState}</Table.Th>}
            <Table.Th>{texts.columnSigners}</Table.Th>
            <Table.Th>{texts.columnSignables}</Table.Th>
            {withViewer && <Table.Th>{texts.columnViewer}</Table.Th>}
            {withCustomFields && <Table.Th>{texts.columnCustomFields}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        {/* A long word (a subject, a name) breaks rather than pushing the last columns out of view. */}
        <Table.Tbody style={{ overflowWrap: 'anywhere' }}>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(paths.signing(item.id))}
            >
              {/* The number stays whole: the body's break-anywhere must not split it. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
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
              <Table.Td>
                <Text size="sm" lineClamp={2} title={item.subject}>
                  {item.subject}
                </Text>
              </Table.Td>
              {withStatus && (
                <Table.Td>
                  <StateBadge stateId={item.state_id ?? 0} />
                  <Turn item={item} />
                </Table.Td>
              )}
              <Table.Td>
                <SignersCell item={item} />
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

/**
 * The 'Ondertekenaars' column: who signs or approves, one a line (an approver marked), then the
 * copies (cc) muted; one who handed over is left out, the delegate is listed in that place.
 */
function SignersCell({ item }: { item: SignRequestListItem }) {
  const { acting, copies } = listedSigners(item.signers);
  return (
    <Stack gap={0}>
      {acting.map((s) => (
        <Text key={s.id} size="sm">
          {s.label}
        </Text>
      ))}
      {copies.length > 0 && (
        <Text size="sm" c="dimmed">
          {texts.copies(copies.map((s) => s.label))}
        </Text>
      )}
    </Stack>
  );
}

/** The same on a phone's card: 'Ondertekenaars: …', then 'Kopie: …' muted. */
function CardSigners({ item }: { item: SignRequestListItem }) {
  const { acting, copies } = listedSigners(item.signers);
  return (
    <>
      {(acting.length > 0 || copies.length === 0) && (
        <Text size="sm">{`${texts.columnSigners}: ${acting.map((s) => s.label).join(', ')}`}</Text>
      )}
      {copies.length > 0 && (
        <Text size="sm" c="dimmed">
          {texts.copies(copies.map((s) => s.label))}
        </Text>
      )}
    </>
  );
}

/** A request in progress: 'Stap 2 van 3: wacht op Bert Bos' (the step only with several). */
function Turn({ item }: { item: SignRequestListItem }) {
  const turn = item.turn;
  if (!turn || turn.waiting_on.length === 0) return null;
  const names = turn.waiting_on.map((s) => `${s.firstname} ${s.lastname}`);
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {texts.turn(names, turn.step, turn.steps)}
    </Text>
  );
}
