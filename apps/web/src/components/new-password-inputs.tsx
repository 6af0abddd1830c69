import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A new password and its repeat, as the sign-up, activation, reset and change forms ask for
 * them. Renders the two inputs without a wrapper, so a caller may lay them out in a grid.
 */
export function NewPasswordInputs({
  label = 'Wachtwoord',
  autoFocus,
  password,
  repeat,
}: {
  label?: string;
  autoFocus?: boolean;
  /** `form.getInputProps(...)` of the password field. */
  password: PasswordInputProps;
  /** `form.getInputProps(...)` of the repeat field. */
  repeat: PasswordInputProps;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        {...password}
      />
      <PasswordInput label="Herhaal wachtwoord" autoComplete="new-password" required {...repeat} />
    </>
  );
}
