import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { SigningDocument } from '@paraaf/contract';
import { signerApi } from '../api/signer-api';
import { renderedHeight } from '../lib/geometry';
import { openPdfUrl } from '../../../lib/pdfjs';
import type { Translate } from '../texts';

interface DocumentViewProps {
  doc: SigningDocument;
  token: string;
  t: Translate;
  /** What lies over page `page` (1-based): markers and input fields, positioned in percent. */
  overlay: (page: number, width: number) => ReactNode;
  downloadUrl: string;
}

/**
 * A document page by page. Every page has a placeholder of its own size at once (so the scroll
 * height is right), and a page is drawn only when it comes near the viewport.
 */
export function DocumentView({ doc, token, t, overlay, downloadUrl }: DocumentViewProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    // Read in byte ranges, page 1 first; the first range fetched records that the signer has
    // seen the document.
    openPdfUrl(signerApi.fileUrl(token, doc.id))
      .then((p) => {
        opened = p;
        if (alive) setPdf(p);
        else void p.destroy();
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (opened) void opened.destroy();
    };
  }, [doc.id, token]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <section aria-label={t('page.document', { name: doc.name })}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {doc.name}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('page.pages', { count: doc.page_count })}
          </Text>
          <Anchor href={downloadUrl} target="_blank" rel="noopener" size="sm">
            {t('page.download')}
          </Anchor>
        </Group>
      </Group>
      {failed && (
        <Alert color="red" role="alert" mb="sm">
          {t('page.renderError')}
        </Alert>
      )}
      <Stack gap="md" ref={box}>
        {doc.pages.map((size, i) => (
          <PdfPage
            key={i}
            pdf={pdf}
            number={i + 1}
            size={size}
            width={width}
            label={t('page.pageOf', { page: i + 1, count: doc.page_count })}
          >
            {overlay(i + 1, width)}
          </PdfPage>
        ))}
      </Stack>
    </section>
  );
}

interface PdfPageProps {
  pdf: PDFDocumentProxy | null;
  number: number;
  size: { width: number; height: number };
  width: number;
  label: string;
  children: ReactNode;
}

function PdfPage({ pdf, number, size, width, label, children }: PdfPageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf || !near || width <= 0 || !canvas.current) return;
    let task: RenderTask | null = null;
    let alive = true;
    const target = canvas.current;
    void pdf
      .getPage(number)
      .then((page) => {
        if (!alive) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        task = page.render({ canvas: target, viewport });
        return task.promise.then(() => {
          // The signer-page benchmark (scripts/bench-signer-page.mjs) reads this mark, once.
          if (number === 1 && !performance.getEntriesByName('signing:page1-visible').length)
            performance.mark('signing:page1-visible');
          return alive && setDrawn(true);
        });
      })
      .catch(() => {
        // A cancelled render (scrolling away, resizing) is expected; the next effect redraws.
      });
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [pdf, near, width, number]);

  const height = width > 0 ? renderedHeight(size, width) : undefined;
  return (
    <Paper
      ref={frame}
      withBorder
      shadow="xs"
      radius={0}
      role="group"
      aria-label={label}
      data-page={number}
      style={{
        position: 'relative',
        width: '100%',
        height,
        aspectRatio: height === undefined ? `${size.width} / ${size.height}` : undefined,
        background: 'white',
        overflow: 'hidden',
      }}
    >
      <canvas
        ref={canvas}
        aria-hidden
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
      {!drawn && (
        <Box
          aria-hidden
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          {near && <Loader size="sm" />}
        </Box>
      )}
      {children}
    </Paper>
  );
}
