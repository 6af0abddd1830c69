import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Seed 000 §2: all pages when there are 10 or fewer; otherwise the first, the last and two each
 * side of the current page, with an ellipsis for every gap.
 */
export function pageList(current: number, last: number): PageItem[] {
  if (last <= 0) return [];
  if (last <= 10) return Array.from({ length: last }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), last);
  const from = Math.max(2, page - 2);
  const to = Math.min(last - 1, page + 2);
  const items: PageItem[] = [1];
  if (from > 2) items.push('ellipsis-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < last - 1) items.push('ellipsis-end');
  items.push(last);
  return items;
}

/** The page buttons; with a `caption` (e.g. the total count) beneath them, shown on one page too. */
export function Pagination({
  caption,
  ...pages
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  caption?: ReactNode;
}) {
  if (caption === undefined) return <PageButtons {...pages} />;
  return (
    <Stack align="center" gap={4}>
      <PageButtons {...pages} />
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

function PageButtons({
  page,
  lastPage,
  onChange,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <Group component="nav" aria-label="Paginering" gap={4} justify="center">
      <Button
        variant="default"
        size="compact-md"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Vorige pagina"
      >
        <IconChevronLeft size={16} />
      </Button>
      {pageList(page, lastPage).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="compact-md"
            miw={34}
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Pagina ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ) : (
          <Text key={item} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ),
      )}
      <Button
        variant="default"
        size="compact-md"
        onClick={() => onChange(page + 1)}
        disabled={page >= lastPage}
        aria-label="Volgende pagina"
      >
        <IconChevronRight size={16} />
      </Button>
    </Group>
  );
}
