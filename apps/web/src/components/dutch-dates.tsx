import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/nl';

/**
 * Date pickers in Dutch: month and day names as Dutch writes them ('november 2026', lower case;
 * see the glossary), weeks from Monday. Wraps every picker (the wizard's expiry, the list's
 * filters); imported by the screens that show one, so the main bundle carries no dates code.
 */
export function DutchDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
