import { Anchor, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { usePageParam } from '../../../components/use-page-param';
import { formatEuro } from '../../../lib/format';
import { formatDay } from '../../../lib/format';
import { companyInvoiceUrl, useInvoices } from '../api/get-invoices';
import { InvoiceStateBadge } from '../../../components/invoice-state-badge';
import { texts } from '../texts';

/** /instellingen/facturen: the company's invoices, ten a page, each downloadable as PDF. */
export function InvoicesRoute() {
  const [page, setPage] = usePageParam();
  const invoices = useInvoices(page);

  return (
    <Page title={texts.title}>
      <Stack gap="sm">
        <PagedTable
          query={invoices}
          empty={texts.empty}
          minWidth={560}
          head={
            <>
              <Table.Th>{texts.number}</Table.Th>
              <Table.Th>{texts.date}</Table.Th>
              <Table.Th>{texts.state}</Table.Th>
              <Table.Th ta="right">{texts.total}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{texts.download}</VisuallyHidden>
              </Table.Th>
            </>
          }
          row={(invoice) => (
            <Table.Tr key={invoice.id} data-testid="invoice-row">
              <Table.Td>{invoice.invoice_no}</Table.Td>
              <Table.Td>{formatDay(invoice.invoice_date)}</Table.Td>
              <Table.Td>
                <InvoiceStateBadge state={invoice.state} />
              </Table.Td>
              <Table.Td ta="right">{formatEuro(invoice.total_incl)}</Table.Td>
              <Table.Td>
                <Anchor
                  href={companyInvoiceUrl(invoice.id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={texts.downloadLabel(invoice.invoice_no)}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconDownload size={16} aria-hidden />
                    {texts.download}
                  </Group>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          )}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
    </Page>
  );
}
