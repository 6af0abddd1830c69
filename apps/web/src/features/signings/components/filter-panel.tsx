import '@mantine/dates/styles.css';
import { MultiSelect, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { signRequestStateHelp, type SignRequestStateId } from '@paraaf/contract';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import 'dayjs/locale/nl';
import { stateOptions, type ListFilters } from '../lib/filters';
import { texts } from '../texts';

type Patch = Partial<Omit<ListFilters, 'page'>>;

/** What the text fields show while typing, ahead of the debounced URL. */
export interface SearchText {
  signers: string;
  signables: string;
}

/**
 * The filter panel of the list. The text fields show `text` (owned by the list, so that clearing
 * the filters empties them); the list passes it on to the URL once typing stops.
 */
export function FilterPanel({
  filters,
  text,
  onText,
  withStatus,
  onChange,
}: {
  filters: ListFilters;
  text: SearchText;
  onText: (field: keyof SearchText, value: string) => void;
  withStatus: boolean;
  onChange: (patch: Patch) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={texts.filters}>
      <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: withStatus ? 4 : 3 }} spacing="md">
          <DatePickerInput
            label={texts.filterSentAt}
            placeholder={texts.filterDatePlaceholder}
            valueFormat="DD-MM-YYYY"
            value={filters.sentAt}
            onChange={(value) => onChange({ sentAt: value || null })}
            clearable
            leftSection={<IconCalendar size={16} />}
          />
          <TextInput
            label={texts.filterSignables}
            placeholder={texts.filterSignablesPlaceholder}
            value={text.signables}
            maxLength={100}
            leftSection={<IconSearch size={16} />}
            onChange={(e) => onText('signables', e.currentTarget.value)}
          />
          <TextInput
            label={texts.filterSigners}
            placeholder={texts.filterSignersPlaceholder}
            value={text.signers}
            maxLength={100}
            leftSection={<IconSearch size={16} />}
            onChange={(e) => onText('signers', e.currentTarget.value)}
          />
          {withStatus && (
            <MultiSelect
              label={texts.filterStates}
              placeholder={filters.states.length ? undefined : texts.filterStatesPlaceholder}
              data={stateOptions}
              value={filters.states.map(String)}
              onChange={(values) => onChange({ states: values.map(Number) })}
              clearable
              // Keeps the chosen pills and the cursor on one line in a narrow column.
              styles={{ inputField: { minWidth: 0, flexBasis: 0 } }}
              comboboxProps={{ withinPortal: true }}
              // The seed's labels stay; a line under each says what the state means.
              renderOption={({ option }) => (
                <div>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {signRequestStateHelp[Number(option.value) as SignRequestStateId]}
                  </Text>
                </div>
              )}
              // All states show at once, without a scrolling box: a scrolling list of options
              // reached with the arrow keys is a region no Tab can reach (axe).
              withScrollArea={false}
            />
          )}
        </SimpleGrid>
      </DatesProvider>
    </Paper>
  );
}
