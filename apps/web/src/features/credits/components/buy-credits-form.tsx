import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';
import { BUY_CREDITS_MAX, BUY_CREDITS_MIN, buyCreditsBody } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { zodErrors } from '../../../lib/form';
import { useBuyCredits } from '../api/buy-credits';
import { checkout } from '../lib/checkout';
import { purchasePrice } from '../lib/price';
import { texts } from '../texts';

/**
 * Buying credits (seed 001 §2, §5): an amount from 1 to 2500, the plan's price per credit, the
 * total excl. and incl. 21% VAT as the user types, then off to the provider's checkout.
 */
export function BuyCreditsForm({
  credits,
  pricePerCredit,
}: {
  credits: number;
  pricePerCredit: number;
}) {
  const buy = useBuyCredits();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: 50 },
    validate: (values) => zodErrors(buyCreditsBody, values),
  });
  const price = purchasePrice(form.values.amount, pricePerCredit);

  async function submit(values: { amount: number | string }) {
    setFailure(null);
    try {
      const answer = await buy.mutateAsync({ amount: Number(values.amount) });
      if (answer.redirect_url) checkout.open(answer.redirect_url);
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        form.setErrors(error.fieldErrors());
      } else {
        setFailure(isApiError(error) && error.message ? error.message : texts.loadFailed);
      }
    }
  }

  const redirecting = buy.isSuccess && !!buy.data.redirect_url;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="buy-credits-title">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="buy-credits-title">
              {texts.buy.title}
            </Title>
            <Text size="sm" c="dimmed">
              {texts.buy.balance(credits)}
            </Text>
          </div>
          <NumberInput
            label={texts.buy.amount}
            description={texts.buy.amountHint}
            min={BUY_CREDITS_MIN}
            max={BUY_CREDITS_MAX}
            step={10}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            maw={320}
            required
            {...form.getInputProps('amount')}
          />
          <Table withRowBorders={false} verticalSpacing={4} maw={420} aria-label={texts.buy.title}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th fw={400}>{texts.buy.pricePerCredit}</Table.Th>
                <Table.Td ta="right">{formatEuro(pricePerCredit)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400}>{texts.buy.totalExcl}</Table.Th>
                <Table.Td ta="right" data-testid="total-excl">
                  {price ? formatEuro(price.totalExcl) : '–'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400}>{texts.buy.vat}</Table.Th>
                <Table.Td ta="right" data-testid="vat">
                  {price ? formatEuro(price.vat) : '–'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{texts.buy.totalIncl}</Table.Th>
                <Table.Td ta="right" fw={700} data-testid="total-incl">
                  {price ? formatEuro(price.totalIncl) : '–'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              leftSection={<IconCreditCard size={18} />}
              loading={buy.isPending || redirecting}
            >
              {texts.buy.submit}
            </Button>
            {redirecting && (
              <Text size="sm" c="dimmed" role="status">
                {texts.buy.redirecting}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
