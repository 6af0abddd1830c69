import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TemplateDto } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { tokens } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { TemplatePickerModal } from './template-picker-modal';

const stored: TemplateDto = {
  id: 4,
  name: 'Huurcontract',
  created_at: '2025-03-04T08:05:00Z',
  updated_at: '2025-03-04T08:05:00Z',
  variables: [
    {
      x: 40,
      y: 700,
      width: 150,
      height: 30,
      page: 2,
      type: 'generated',
      value: 'signer.2.signature',
      options: {},
    },
  ],
  fields: [
    {
      x: 40,
      y: 100,
      width: 150,
      height: 30,
      page: 1,
      type: 'text',
      options: { signer: 1, rules: ['required'] },
    },
  ],
  page_count: 3,
  pages: [
    { width: 595, height: 842 },
    { width: 595, height: 842 },
    { width: 595, height: 842 },
  ],
  has_acroforms: true,
  size: 2048,
  signer_routing: [],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const paged = (data: TemplateDto[]) =>
  json({ data, total: data.length, per_page: 100, current_page: 1, last_page: 1 });

function start(list: TemplateDto[], file: () => Response) {
  tokens.set('tok');
  const fetch = vi.fn<typeof globalThis.fetch>((input) => {
    const url = input as string;
    if (url.startsWith('/api/templates?')) return Promise.resolve(paged(list));
    if (url === `/api/templates/${stored.id}/file`) return Promise.resolve(file());
    return Promise.resolve(json({ message: 'Niet gevonden' }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProvider>
      <TemplatePickerModal opened onClose={onClose} onPick={onPick} />
    </AppProvider>,
  );
  return { fetch, onPick, onClose };
}

const pdf = () =>
  ({
    ok: true,
    status: 200,
    headers: new Headers({ 'Content-Type': 'application/pdf' }),
    blob: () => Promise.resolve(new Blob(['%PDF-1.7 drie'], { type: 'application/pdf' })),
  }) as unknown as Response;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokens.set(null);
  queryClient.clear();
});

describe('Template picker', () => {
  it('says so when there are no templates', async () => {
    const { fetch, onPick } = start([], pdf);
    expect(
      await screen.findByRole('dialog', { name: 'Document toevoegen vanuit template' }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Je hebt nog geen documenten opgeslagen als template.'),
    ).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/templates?limit=100&order=id%2Cdesc');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('hands over the PDF, page count, form flag and markers of the picked template, then closes', async () => {
    const { onPick, onClose } = start([stored], pdf);
    expect(await screen.findByText('Huurcontract')).toBeTruthy();
    expect(screen.getByText('04-03-2025 09:05')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Toevoegen: Huurcontract' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    const picked = onPick.mock.calls[0]![0] as {
      name: string;
      pdf: Blob;
      pages: number;
      hasAcroforms: boolean;
      config: unknown;
    };
    expect(picked.name).toBe('Huurcontract');
    expect(picked.pages).toBe(3);
    expect(picked.hasAcroforms).toBe(true);
    expect(picked.config).toEqual({ variables: stored.variables, fields: stored.fields });
    expect(picked.pdf.type).toBe('application/pdf');
    expect(await picked.pdf.text()).toBe('%PDF-1.7 drie');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed file load and stays open', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onPick, onClose } = start([stored], () => json({ message: 'Weg' }, 404));
    fireEvent.click(await screen.findByRole('button', { name: 'Toevoegen: Huurcontract' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(onPick).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
