import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Center,
  Loader,
  Menu,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconFilterOff,
  IconPlus,
  IconWritingSign,
} from '@tabler/icons-react';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../config/paths';
import { hasPermission, useCompany, useUser } from '../../../lib/auth';
import { useSignRequests } from '../api/get-sign-requests';
import { FilterPanel, type SearchText } from '../components/filter-panel';
import { LowCreditBanner } from '../components/low-credit-banner';
import { SignRequestTable } from '../components/sign-request-table';
import {
  emptyFilters,
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
  type ListFilters,
} from '../lib/filters';
import { texts } from '../texts';

/** Text searches reach the URL (and the API) once typing stops for this long (seed 000 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Signings (`/`): the sign requests of the company, or a viewer's own signed ones (seed 000 §2). */
export function SigningsRoute() {
  const user = useUser();
  const company = useCompany();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [text, setText] = useState<SearchText>(() => ({
    signers: filters.signers,
    signables: filters.signables,
  }));

  const withStatus = hasPermission(user, 'getSignRequestStatus');
  const withViewer = hasPermission(user, 'changeSignRequestViewerUser');
  const mayCreate = hasPermission(user, 'createSignRequest');
  const mayBuy = hasPermission(user, 'addCredits');
  const list = useSignRequests(filters, withStatus);

  /** A filter change starts again at page 1; the URL is replaced, not pushed, while typing. */
  function changeFilters(patch: Partial<Omit<ListFilters, 'page'>>) {
    setParams((prev) => filtersToParams({ ...filtersFromParams(prev), ...patch, page: 1 }), {
      replace: true,
    });
  }

  function goTo(page: number) {
    setParams((prev) => filtersToParams({ ...filtersFromParams(prev), page }));
  }

  // One debounce per field, so typing in one field never swallows the other's change.
  const searchSigners = useDebouncedCallback(
    (value: string) => changeFilters({ signers: value }),
    SEARCH_DEBOUNCE_MS,
  );
  const searchSignables = useDebouncedCallback(
    (value: string) => changeFilters({ signables: value }),
    SEARCH_DEBOUNCE_MS,
  );

  function onText(field: keyof SearchText, value: string) {
    setText((prev) => ({ ...prev, [field]: value }));
    if (field === 'signers') searchSigners(value);
    else searchSignables(value);
  }

  function clearFilters() {
    searchSigners.cancel();
    searchSignables.cancel();
    setParams(filtersToParams(emptyFilters));
    setText({ signers: '', signables: '' });
  }

  const items = list.data?.data ?? [];
  const filtered = hasActiveFilters(filters);

  return (
    <Page
      title={texts.listTitle}
      actions={
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={texts.settings}>
              <IconAdjustmentsHorizontal size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {mayCreate && (
              <Menu.Item
                component={Link}
                to={paths.newSigning}
                leftSection={<IconPlus size={16} />}
              >
                {texts.startSigning}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconFilterOff size={16} />}
              onClick={clearFilters}
              disabled={!filtered}
            >
              {texts.clearFilters}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    >
      <LowCreditBanner company={company} mayBuy={mayBuy} />
      <FilterPanel
        filters={filters}
        text={text}
        onText={onText}
        withStatus={withStatus}
        onChange={changeFilters}
      />
      <Paper withBorder radius="lg" pos="relative">
        {list.isPending ? (
          <Center p="xl">
            <Loader role="status" aria-label="Laden" />
          </Center>
        ) : list.isError ? (
          // Seed 000 §8: a failed load is logged, with no message of its own.
          <Text p="lg" c="dimmed">
            {texts.loadFailed}
          </Text>
        ) : items.length === 0 ? (
          filtered ? (
            <Stack align="center" gap="sm" py="xl">
              <Text fw={600}>{texts.emptyFiltered}</Text>
              <Button variant="default" onClick={clearFilters}>
                {texts.clearFilters}
              </Button>
            </Stack>
          ) : (
            <Stack align="center" gap="sm" py="xl" px="md">
              <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                <IconWritingSign size={30} />
              </ThemeIcon>
              <Text fw={600}>{texts.empty}</Text>
              {mayCreate && (
                <>
                  <Text c="dimmed" size="sm" ta="center">
                    {texts.emptyHint}
                  </Text>
                  <Button
                    component={Link}
                    to={paths.newSigning}
                    leftSection={<IconPlus size={16} />}
                  >
                    {texts.startSigning}
                  </Button>
                </>
              )}
            </Stack>
          )
        ) : (
          <SignRequestTable items={items} withStatus={withStatus} withViewer={withViewer} />
        )}
        {list.isFetching && !list.isPending && (
          <Loader size="xs" pos="absolute" top={12} right={12} role="status" aria-label="Laden" />
        )}
      </Paper>
      {list.data && list.data.total > 0 && (
        <Pagination
          page={filters.page}
          lastPage={list.data.last_page}
          onChange={goTo}
          caption={texts.total(list.data.total)}
        />
      )}
    </Page>
  );
}
