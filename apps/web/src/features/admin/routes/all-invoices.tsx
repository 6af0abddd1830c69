import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconPencil, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { invoiceMessages, invoiceTypeLabels, type AdminInvoice } from '@paraaf/contract';
import { ListState } from '../../../components/list-state';
import { Page } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { hasPermission, useUser } from '../../../lib/auth';
import { formatEuro } from '../../../lib/format';
import { formatDay } from '../../../lib/format';
import { InvoiceStateBadge } from '../../../components/invoice-state-badge';
import { adminInvoiceUrl, useAllInvoices } from '../api/all-invoices';
import { InvoiceEditModal } from '../components/invoice-edit-modal';
import {
  invoiceListSearch,
  readInvoiceListParams,
  type InvoiceListParams,
} from '../lib/invoice-list-params';

const stateOptions = [
  { value: '', label: 'Alle' },
  { value: 'open', label: 'Open' },
  { value: 'paid', label: 'Betaald' },
];
const typeOptions = [
  { value: '', label: 'Alle' },
  { value: 'manual', label: 'Handmatig' },
  { value: 'automatic', label: 'Automatisch' },
];

/** /all-invoices (seed 001 'Admin: all invoices'): every company's invoices as cards. */
export function AllInvoicesRoute() {
  const me = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readInvoiceListParams(searchParams);
  const invoices = useAllInvoices(params);
  const [search, setSearch] = useState(params.search);
  const [editing, setEditing] = useState<AdminInvoice | null>(null);
  const mayEdit = hasPermission(me, 'adminUpdateInvoice');

  // Back and forward change the query string: the search box follows it.
  const [searched, setSearched] = useState(params.search);
  if (searched !== params.search) {
    setSearched(params.search);
    setSearch(params.search);
  }

  // From the query string as it is now (not as last rendered): quick clicks do not undo each other.
  const show = (next: Partial<InvoiceListParams>) =>
    setSearchParams((current) =>
      invoiceListSearch({ ...readInvoiceListParams(current), page: 1, ...next }),
    );

  const list = invoices.data?.data ?? [];

  return (
    <Page title="Alle facturen" size="xl">
      <Stack gap="md">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            show({ search });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              flex={1}
              miw={240}
              label={invoiceMessages.search}
              placeholder={invoiceMessages.search}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              Zoeken
            </Button>
          </Group>
        </form>
        <Group gap="lg">
          <FilterSegments
            id="state-filter"
            label="Status"
            data={stateOptions}
            value={params.state}
            onChange={(state) => show({ state: state as InvoiceListParams['state'] })}
          />
          <FilterSegments
            id="type-filter"
            label="Soort"
            data={typeOptions}
            value={params.type}
            onChange={(type) => show({ type: type as InvoiceListParams['type'] })}
          />
        </Group>

        <ListState query={invoices} count={list.length} empty={invoiceMessages.empty}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list.map((invoice) => (
              <InvoiceCard
                key={invoice.id}
                invoice={invoice}
                onEdit={mayEdit && invoice.type === 'manual' ? () => setEditing(invoice) : null}
              />
            ))}
          </SimpleGrid>
        </ListState>
        {invoices.data && (
          <Pagination
            page={params.page}
            lastPage={invoices.data.last_page}
            onChange={(page) => show({ page })}
          />
        )}
      </Stack>
      {editing && <InvoiceEditModal invoice={editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}

function InvoiceCard({ invoice, onEdit }: { invoice: AdminInvoice; onEdit: (() => void) | null }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={`Factuur ${invoice.invoice_no}`}
      data-testid="invoice-card"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={700}>{invoice.invoice_no}</Text>
            <InvoiceStateBadge state={invoice.state} />
            <Text size="sm" c="dimmed">
              {invoiceTypeLabels[invoice.type]}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            {onEdit && (
              <Tooltip label="Bewerken">
                <ActionIcon
                  variant="subtle"
                  onClick={onEdit}
                  aria-label={`Factuur ${invoice.invoice_no} bewerken`}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Anchor
              href={adminInvoiceUrl(invoice.id)}
              target="_blank"
              rel="noopener"
              aria-label={`Factuur ${invoice.invoice_no} downloaden`}
            >
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                PDF
              </Group>
            </Anchor>
          </Group>
        </Group>
        <Text size="sm">
          {formatDay(invoice.invoice_date)} · {invoice.debtor_name} · debiteur {invoice.debtor_no}
        </Text>
        {invoice.first_user && (
          <Text size="sm" c="dimmed">
            {invoice.first_user.name} · {invoice.first_user.email}
          </Text>
        )}
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {invoice.invoice_lines.map((line) => (
            <Text key={line.id} size="sm" component="li">
              {line.description}: {formatEuro(line.value)} × {line.amount}
            </Text>
          ))}
        </Stack>
        <Text size="sm" fw={600}>
          Totaal incl. btw {formatEuro(invoice.total_incl)}
        </Text>
      </Stack>
    </Card>
  );
}

/** A labelled choice of one filter value (Alle/Open/Betaald, Alle/Handmatig/Automatisch). */
function FilterSegments(props: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={props.id}
        data={props.data}
        value={props.value}
        onChange={props.onChange}
      />
    </Stack>
  );
}
