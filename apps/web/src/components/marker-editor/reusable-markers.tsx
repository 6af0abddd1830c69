import { useState } from 'react';
import { Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReusableVariable } from '@paraaf/contract';
import { api } from '../../lib/api-client';
import { texts } from './texts';
import type { ReusableSource } from './types';

const endpoints: Record<ReusableSource, string> = {
  templates: '/templates/variables',
  signrequests: '/signrequests/variables',
};

/**
 * Markers used before, from every source given. A source that fails (templates without the
 * feature answers 403) is left out; loading failures are only logged (seed 000 §8).
 */
export async function fetchReusable(
  sources: ReusableSource[],
  search: string,
): Promise<ReusableVariable[]> {
  const results = await Promise.allSettled(
    sources.map((s) => api.get<{ data: ReusableVariable[] }>(endpoints[s], { query: { search } })),
  );
  const seen = new Set<string>();
  const out: ReusableVariable[] = [];
  for (const r of results) {
    if (r.status === 'rejected') {
      console.warn(r.reason);
      continue;
    }
    for (const v of r.value.data ?? []) {
      const key = JSON.stringify([v.type, v.value, v.width, v.height, v.options?.label]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(v);
    }
  }
  return out;
}

export function reusableLabel(v: ReusableVariable): string {
  const kind =
    v.type === 'text'
      ? texts.kinds.text
      : v.type === 'date'
        ? texts.kinds.date
        : v.type === 'checkbox_checked'
          ? texts.kinds.checkbox_checked
          : v.type;
  const name = v.options?.label ?? v.value;
  return name ? `${kind}: ${name}` : kind;
}

interface Props {
  sources: ReusableSource[];
  onInsert: (v: ReusableVariable) => void;
}

/** Search box (300 ms debounce, seed 000 §9) and the markers found; a click inserts one. */
export function ReusableMarkers({ sources, onInsert }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['reusable-markers', sources, debounced],
    queryFn: () => fetchReusable(sources, debounced),
    staleTime: 30_000,
  });

  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {texts.reusable.heading}
      </Text>
      <TextInput
        aria-label={texts.reusable.search}
        placeholder={texts.reusable.search}
        leftSection={<IconSearch size={14} />}
        rightSection={found.isFetching ? <Loader size={14} /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="sm"
      />
      {found.data && found.data.length === 0 && (
        <Text size="xs" c="dimmed">
          {texts.reusable.none}
        </Text>
      )}
      {found.data?.slice(0, 20).map((v, i) => {
        const label = reusableLabel(v);
        return (
          <Button
            key={i}
            variant="subtle"
            size="compact-sm"
            justify="flex-start"
            fullWidth
            aria-label={texts.reusable.insert(label)}
            onClick={() => onInsert(v)}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
