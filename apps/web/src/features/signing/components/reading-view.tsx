import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { SigningDocument } from '@paraaf/contract';
import { readingParagraphs } from '../lib/page-text';
import { pageFrameId } from '../lib/walk';
import type { Translate } from '../texts';

interface ReadingViewProps {
  doc: SigningDocument;
  pdf: PDFDocumentProxy | null;
  t: Translate;
  /** Under each page's text: the way to that page's fields. */
  extras: (page: number) => ReactNode;
}

/**
 * 'Tekst lezen': the document's text page by page, reflowed at a normal reading size (18 px) in
 * the PDF's reading order, for a phone where a page's own letters are a few pixels high. A page's
 * text is read from the PDF when it comes near the view or gets the focus, and kept.
 */
export function ReadingView({ doc, pdf, t, extras }: ReadingViewProps) {
  return (
    <Stack gap="md" data-testid="reading-view">
      <Text size="sm" c="dimmed">
        {t('reading.intro')}
      </Text>
      {doc.pages.map((_, i) => (
        <ReadingPage
          key={i}
          id={pageFrameId(doc.id, i + 1)}
          pdf={pdf}
          number={i + 1}
          label={t('page.pageOf', { page: i + 1, count: doc.page_count })}
          t={t}
        >
          {extras(i + 1)}
        </ReadingPage>
      ))}
    </Stack>
  );
}

interface ReadingPageProps {
  id: string;
  pdf: PDFDocumentProxy | null;
  number: number;
  label: string;
  t: Translate;
  children: ReactNode;
}

function ReadingPage({ id, pdf, number, label, t, children }: ReadingPageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined');
  const [paragraphs, setParagraphs] = useState<string[] | null>(null);

  useEffect(() => {
    const el = frame.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setWanted(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf || !wanted || paragraphs) return;
    let alive = true;
    void pdf
      .getPage(number)
      .then((page) => page.getTextContent())
      .then((content) => {
        if (alive) setParagraphs(readingParagraphs(content.items));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [pdf, wanted, number, paragraphs]);

  return (
    <Paper
      ref={frame}
      id={id}
      component="section"
      tabIndex={-1}
      aria-label={label}
      aria-busy={!paragraphs}
      withBorder
      radius="sm"
      p="md"
      onFocus={() => setWanted(true)}
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={4} fz="sm" c="dimmed" mb="xs">
        {label}
      </Title>
      {paragraphs === null ? (
        <Box mih={160} aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('page.textLoading')}
          </Text>
        </Box>
      ) : paragraphs.length === 0 ? (
        <Text fz={18}>{t('reading.noText')}</Text>
      ) : (
        <Stack gap="sm" lang={undefined}>
          {paragraphs.map((p, i) => (
            <Text key={i} fz={18} lh={1.6} style={{ overflowWrap: 'anywhere' }}>
              {p}
            </Text>
          ))}
        </Stack>
      )}
      {children}
    </Paper>
  );
}
