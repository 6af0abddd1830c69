import { useState } from 'react';
import { Paper, Stack, Table, Title } from '@mantine/core';
import { Pagination } from '../../../components/pagination';
import { formatDateTime, formatEuro } from '../../../lib/format';
import { usePayments } from '../api/get-payments';
import { texts } from '../texts';
import { PaymentStatusBadge } from './payment-status-badge';
import { ListState } from '../../../components/list-state';

/** The company's payments, newest first, ten a page. */
export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page);
  const list = payments.data?.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="payments-title">
      <Title order={2} size="h3" id="payments-title">
        {texts.history.title}
      </Title>
      <Paper withBorder radius="lg">
        <ListState query={payments} count={list.length} empty={texts.history.empty} inset>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.history.date}</Table.Th>
                  <Table.Th>{texts.history.description}</Table.Th>
                  <Table.Th ta="right">{texts.history.amount}</Table.Th>
                  <Table.Th>{texts.history.status}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{formatDateTime(payment.created_at)}</Table.Td>
                    <Table.Td>{payment.description}</Table.Td>
                    <Table.Td ta="right">{formatEuro(payment.amount)}</Table.Td>
                    <Table.Td>
                      <PaymentStatusBadge status={payment.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListState>
      </Paper>
      {payments.data && (
        <Pagination page={page} lastPage={payments.data.last_page} onChange={setPage} />
      )}
    </Stack>
  );
}
