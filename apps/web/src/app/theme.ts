import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with shades 6–9 darkened until they meet WCAG AA (4.5:1) where Mantine
 * uses them for text: shade 6 is the filled background under white text (buttons, badges), the
 * outline and subtle text and the link colour; shade 9 is the text of the light variant on
 * shade 1 (alerts, light badges). Shades 0–5 (backgrounds, borders) are Mantine's own.
 * `theme.test.ts` checks every ratio, so a palette edited later cannot fall below it again.
 */
export const accessibleColors = {
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#0d815e',
    '#0b7253',
    '#0a6449',
    '#095840',
  ],
  green: [
    '#ebfbee',
    '#d3f9d8',
    '#b2f2bb',
    '#8ce99a',
    '#69db7c',
    '#51cf66',
    '#2b813a',
    '#267233',
    '#21642d',
    '#1d5828',
  ],
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#c84242',
    '#b03a3a',
    '#9b3333',
    '#882d2d',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#b1580e',
    '#9c4d0c',
    '#89440b',
    '#793c0a',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#966a03',
    '#845d03',
    '#745203',
    '#664803',
  ],
  blue: [
    '#e7f5ff',
    '#d0ebff',
    '#a5d8ff',
    '#74c0fc',
    '#4dabf7',
    '#339af0',
    '#1c72bd',
    '#1964a6',
    '#165892',
    '#134d80',
  ],
  cyan: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    '#0f7c8b',
    '#0d6d7a',
    '#0b606b',
    '#0a545e',
  ],
  // Gray 6 is also Mantine's 'dimmed' text: #868e96 was 3.3:1 on white.
  gray: [
    '#f8f9fa',
    '#f1f3f5',
    '#e9ecef',
    '#dee2e6',
    '#ced4da',
    '#adb5bd',
    '#626970',
    '#495057',
    '#343a40',
    '#212529',
  ],
} satisfies Record<string, MantineColorsTuple>;

/** Placeholders are text too: Mantine's gray 5 is 2.1:1 on white. */
export const placeholderColor = '#666d75';

/** The names of Mantine's icon buttons (see `components`). */
export const texts = { close: 'Sluiten', showPassword: 'Toon wachtwoord' } as const;

const datePickerDefaults = {
  hideOutsideDates: true,
  popoverProps: { withRoles: false },
  ariaLabels: {
    monthLevelControl: 'Kies een maand',
    yearLevelControl: 'Kies een jaar',
    nextMonth: 'Volgende maand',
    previousMonth: 'Vorige maand',
    nextYear: 'Volgend jaar',
    previousYear: 'Vorig jaar',
    nextDecade: 'Volgende tien jaar',
    previousDecade: 'Vorige tien jaar',
  },
};

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 6,
  colors: accessibleColors,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // Keyboard users see where they are: Mantine's ring on focus by keyboard, never hidden.
  focusRing: 'auto',
  components: {
    Modal: { defaultProps: { centered: true } },
    // Mantine's icon buttons carry no name or an English one; every one gets a Dutch name here,
    // once (the signer's page passes its own language where it shows one).
    CloseButton: { defaultProps: { 'aria-label': texts.close } },
    // Date pickers (@mantine/dates, named here so this file does not import it): Dutch names for
    // the month and year buttons, no greyed days of other months (unreadable at 2:1), and no
    // dialog role on the dropdown, whose label Mantine points at an element that does not exist;
    // the focus still moves into the calendar (trapFocus) and back.
    DatePickerInput: { defaultProps: datePickerDefaults },
    DateTimePicker: {
      defaultProps: { ...datePickerDefaults, submitButtonProps: { 'aria-label': 'Bevestigen' } },
    },
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': texts.showPassword },
      },
    },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': placeholderColor,
  },
  dark: {},
});
