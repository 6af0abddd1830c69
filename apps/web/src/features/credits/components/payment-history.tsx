import { useState } from 'react';
import { Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Pagination } from '../../../components/pagination';
import { formatDateTime, formatEuro } from '../../../lib/format';
import { usePayments } from '../api/get-payments';
import { texts } from '../texts';
import { PaymentStatusBadge } from './payment-status-badge';

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
        {payments.isPending ? (
          <Center p="xl">
            <Loader aria-label="Laden" />
          </Center>
        ) : payments.isError ? (
          <Text p="lg" c="red.8" role="alert">
            {payments.error.message || texts.loadFailed}
          </Text>
        ) : list.length === 0 ? (
          <Text p="lg" c="dimmed">
            {texts.history.empty}
          </Text>
        ) : (
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
        )}
      </Paper>
      {payments.data && (
        <Pagination page={page} lastPage={payments.data.last_page} onChange={setPage} />
      )}
    </Stack>
  );
}
