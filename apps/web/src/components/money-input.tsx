import { useState } from 'react';
import { Checkbox, TextInput, type CheckboxProps, type TextInputProps } from '@mantine/core';
import {
  PRICE_PER_CREDIT_CONFIRM_CENTS,
  centsToDecimal,
  centsToInput,
  formatCents,
  moneyMessages,
  parseEuros,
} from '@paraaf/contract';

/** The cents an input holds, or null while it is empty or no valid amount. */
export function centsOfInput(value: string): number | null {
  const parsed = parseEuros(value);
  return parsed && 'cents' in parsed ? parsed.cents : null;
}

/**
 * What a form sends for an amount: '0.85' when the input holds a valid amount, else the text as
 * typed, so the contract's schema (the same parser) names what is wrong with it.
 */
export function moneyBody(value: string): string {
  const cents = centsOfInput(value);
  return cents === null ? value : centsToDecimal(cents);
}

type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * Every amount in euros that people type (back office prices, custom plans): the decimal comma
 * and the dot both work ('0,85', pasted '0.9'), and on leaving the field it shows what was read
 * ('0,90'), or the Dutch reason it is no amount (more than two decimals, letters) on the field.
 * Parsing is the contract's `parseEuros`, the one the server validates with.
 */
export function MoneyInput({ value = '', onChange, onBlur, error, ...props }: MoneyInputProps) {
  const [ownError, setOwnError] = useState<string | null>(null);
  return (
    <TextInput
      {...props}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      leftSection="€"
      leftSectionPointerEvents="none"
      error={error || ownError}
      onChange={(event) => {
        setOwnError(null);
        onChange?.(event.currentTarget.value);
      }}
      onBlur={(event) => {
        const parsed = parseEuros(value);
        if (parsed && 'cents' in parsed) onChange?.(centsToInput(parsed.cents));
        setOwnError(parsed && 'error' in parsed ? parsed.error : null);
        onBlur?.(event);
      }}
    />
  );
}

/** Whether a price per credit (as typed) is high enough to be asked again. */
export function needsPriceConfirmation(value: string): boolean {
  const cents = centsOfInput(value);
  return cents !== null && cents > PRICE_PER_CREDIT_CONFIRM_CENTS;
}

/** Whether two inputs hold different amounts ('150' and '150,00' are the same). */
export function priceChanged(value: string, previous: string): boolean {
  return centsOfInput(value) !== centsOfInput(previous);
}

/** The form error of an unconfirmed high price per credit, else null. */
export function priceConfirmationError(value: string, confirmed: boolean): string | null {
  return needsPriceConfirmation(value) && !confirmed
    ? moneyMessages.confirmHighPriceRequired
    : null;
}

/**
 * A price per credit above € 100 (a pasted '0.9' read as 90, a typo of a zero) is saved only
 * after this box is ticked; it names the price as read. Nothing is shown below the threshold.
 */
export function HighPriceConfirm({
  price,
  ...props
}: { price: string } & Omit<CheckboxProps, 'label'>) {
  const cents = centsOfInput(price);
  if (cents === null || cents <= PRICE_PER_CREDIT_CONFIRM_CENTS) return null;
  return (
    <Checkbox color="red" {...props} label={moneyMessages.confirmHighPrice(formatCents(cents))} />
  );
}
