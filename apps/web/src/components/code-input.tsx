import { useEffect, useRef, type ClipboardEvent } from 'react';
import { PinInput, type PinInputProps } from '@mantine/core';
import { codeDigits, isCompleteCode } from '../lib/code';

/**
 * The boxes of a one-time code, as the login's code step and the signer's e-mail and SMS steps
 * show them: only digits are kept (pasted "Code: 12 345" fills every box), and the code submits
 * itself (`onComplete`) as soon as the last box is filled. Each change of `focusSignal` puts the
 * focus on the first box: when a code has just been sent, or a wrong one cleared.
 */
export function CodeInput({
  id,
  length,
  value,
  onChange,
  onComplete,
  disabled = false,
  digitLabel,
  focusSignal = 0,
  ...rest
}: {
  /** Mantine names the boxes `${id}-1` … `${id}-${length}`. */
  id: string;
  length: number;
  value: string;
  onChange: (digits: string) => void;
  onComplete: (digits: string) => void;
  disabled?: boolean;
  /** The accessible name of box `n` (1-based). */
  digitLabel: (n: number) => string;
  focusSignal?: number;
} & Pick<PinInputProps, 'autoFocus' | 'size' | 'error' | 'aria-label'>) {
  const boxes = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusSignal > 0) boxes.current?.querySelector('input')?.focus();
  }, [focusSignal]);

  function change(text: string) {
    const digits = codeDigits(text, length);
    onChange(digits);
    if (!disabled && isCompleteCode(digits, length)) onComplete(digits);
  }

  // Pasted text may hold spaces, dashes or words ("Code: 12 345"): keep only its digits.
  function paste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    event.stopPropagation();
    change(event.clipboardData.getData('text/plain'));
  }

  return (
    <div ref={boxes} onPasteCapture={paste}>
      <PinInput
        {...rest}
        id={id}
        length={length}
        type="number"
        inputMode="numeric"
        oneTimeCode
        value={value}
        onChange={change}
        disabled={disabled}
        getInputProps={(index) => ({ 'aria-label': digitLabel(index + 1) })}
      />
    </div>
  );
}
