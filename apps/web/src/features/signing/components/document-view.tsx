import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { SigningDocument } from '@paraaf/contract';
import { signerApi } from '../api/signer-api';
import { renderedHeight } from '../lib/geometry';
import { printedSpan, type PageSpan } from '../lib/page-text';
import { pageFrameId } from '../lib/walk';
import { canvasRatio, pinchZoom } from '../lib/zoom';
import { firstPageImage, openSigningPdf } from '../lib/prefetch';
import { loadPdfJs } from '../../../lib/pdfjs';
import type { Translate } from '../texts';
import { ReadingView } from './reading-view';
import './text-layer.css';

interface DocumentViewProps {
  doc: SigningDocument;
  token: string;
  t: Translate;
  /** 1 is 'Paginabreedte'; shared by all pages and documents. */
  zoom: number;
  /** A pinch ended at this zoom. */
  onZoom: (zoom: number) => void;
  /** What lies over page `page` (1-based): markers and input fields, positioned in percent. */
  overlay: (page: number, width: number) => ReactNode;
  /** The reading view: the pages' text reflowed instead of the pages. */
  reading: boolean;
  /** What the reading view shows under page `page`'s text: the way to its fields. */
  readingExtras: (page: number) => ReactNode;
  downloadUrl: string;
}

/** Narrower than this (a phone), 'Paginabreedte' fits the printed text, not the paper. */
const TRIM_BELOW = 600;

/**
 * A document page by page. Every page has a placeholder of its own size at once (so the scroll
 * height is right); a page is drawn when it comes near the viewport and its canvas and pdf.js
 * resources are released when it leaves, so a 300-page document holds only the few pages around
 * the view. Its text layer, once made, stays (it is small), so a screen reader can read every
 * page it has met. Zoomed wider than the column, the pages scroll sideways inside it. On a phone
 * 'Paginabreedte' fits the width of the printed text (page 1's, margins trimmed) to the screen,
 * scrolled to where the text starts: an A4 page's paper at 390 px has 6 px letters.
 */
export function DocumentView({
  doc,
  token,
  t,
  zoom,
  onZoom,
  overlay,
  reading,
  readingExtras,
  downloadUrl,
}: DocumentViewProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [fitWidth, setFitWidth] = useState(0);
  const [printed, setPrinted] = useState<PageSpan | null>(null);
  const [firstImage, setFirstImage] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLDivElement>(null);
  const trim = fitWidth > 0 && fitWidth < TRIM_BELOW ? printed : null;
  const width = Math.floor((trim ? fitWidth / trim.width : fitWidth) * zoom);

  useEffect(() => {
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    // Read in byte ranges, page 1 first; the first range fetched records that the signer has
    // seen the document.
    openSigningPdf(signerApi.fileUrl(token, doc.id))
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

  // A scan's page 1 as an image, shown until pdf.js has drawn it (fetched ahead: prefetch.ts).
  useEffect(() => {
    if (!doc.first_page_image) return;
    let alive = true;
    void firstPageImage(token, doc.id).then((url) => alive && setFirstImage(url));
    return () => {
      alive = false;
    };
  }, [doc.id, doc.first_page_image, token]);

  // The printed part of page 1 sets the trim of every page ('Paginabreedte' stays one zoom).
  useEffect(() => {
    if (!pdf) return;
    let alive = true;
    void (async () => {
      const page = await pdf.getPage(1);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      if (!alive) return;
      setPrinted(
        printedSpan(content.items, viewport.width, (x, y) => {
          const [sx = 0, sy = 0] = viewport.convertToViewportPoint(x, y) as number[];
          return [sx, sy];
        }),
      );
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [pdf]);

  // At 'Paginabreedte' with the margins trimmed: scrolled to where the printed text starts.
  const fit = zoom === 1;
  useEffect(() => {
    const el = box.current;
    if (el && trim && fit && width > 0) el.scrollLeft = Math.round(trim.left * width);
  }, [trim, fit, width, reading]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setFitWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFitWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  usePinch(box, pages, zoom, onZoom);

  return (
    <section aria-label={t('page.document', { name: doc.name })}>
      <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
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
      {doc.page_count > 1 && <GoToPage doc={doc} t={t} />}
      {failed && (
        <Alert color="red" role="alert" mb="sm">
          {t('page.renderError')}
        </Alert>
      )}
      {reading && <ReadingView doc={doc} pdf={pdf} t={t} extras={readingExtras} />}
      <Box
        ref={box}
        data-testid="document-scroller"
        hidden={reading}
        // The browser's own pinch would zoom the whole page (toolbar, steps); this one zooms the
        // document. One-finger panning stays the browser's.
        style={{ overflowX: 'auto', overflowY: 'hidden', touchAction: 'pan-x pan-y' }}
      >
        <div
          ref={pages}
          style={{
            display: 'flex',
            flexDirection: 'column',
            gap: 16,
            width: width > 0 ? width : '100%',
            transformOrigin: '0 0',
          }}
        >
          {!reading &&
            doc.pages.map((size, i) => (
              <PdfPage
                key={i}
                id={pageFrameId(doc.id, i + 1)}
                pdf={pdf}
                number={i + 1}
                size={size}
                width={width}
                label={t('page.pageOf', { page: i + 1, count: doc.page_count })}
                image={i === 0 ? firstImage : null}
                t={t}
              >
                {overlay(i + 1, width)}
              </PdfPage>
            ))}
        </div>
      </Box>
    </section>
  );
}

/** 'Ga naar pagina': scrolls the page into view and moves the focus to it. */
function GoToPage({ doc, t }: { doc: SigningDocument; t: Translate }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > doc.page_count) {
      setError(t('view.pageInvalid', { count: doc.page_count }));
      return;
    }
    setError(null);
    const frame = document.getElementById(pageFrameId(doc.id, n));
    frame?.scrollIntoView({ block: 'start' });
    frame?.focus({ preventScroll: true });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" mb="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          w={150}
          label={t('view.gotoPage')}
          labelProps={{ style: { position: 'absolute', left: -10000 } }}
          placeholder={t('view.gotoPage')}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, ''))}
          error={error}
        />
        <Button size="xs" variant="default" type="submit">
          {t('view.go')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Two fingers on the document zoom it: while they move the pages are scaled by CSS (no redraw),
 * when they lift the zoom is set and the pages are drawn sharp at it.
 */
function usePinch(
  box: React.RefObject<HTMLDivElement | null>,
  pages: React.RefObject<HTMLDivElement | null>,
  zoom: number,
  onZoom: (zoom: number) => void,
) {
  const latest = useRef({ zoom, onZoom });
  useEffect(() => {
    latest.current = { zoom, onZoom };
  }, [zoom, onZoom]);
  useEffect(() => {
    const el = box.current;
    const inner = pages.current;
    if (!el || !inner) return;
    let start: { distance: number; zoom: number } | null = null;
    let distance = 0;
    const spread = (e: TouchEvent) => {
      const [a, b] = [e.touches[0], e.touches[1]];
      return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
    };
    const onStart = (e: TouchEvent) => {
      if (e.touches.length !== 2) return;
      distance = spread(e);
      start = { distance, zoom: latest.current.zoom };
    };
    const onMove = (e: TouchEvent) => {
      if (!start || e.touches.length !== 2) return;
      e.preventDefault();
      distance = spread(e);
      const preview = pinchZoom(start.zoom, start.distance, distance) / start.zoom;
      inner.style.transform = `scale(${preview})`;
    };
    const onEnd = () => {
      if (!start) return;
      inner.style.transform = '';
      const next = pinchZoom(start.zoom, start.distance, distance);
      start = null;
      if (next !== latest.current.zoom) latest.current.onZoom(next);
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [box, pages]);
}

interface PdfPageProps {
  id: string;
  pdf: PDFDocumentProxy | null;
  number: number;
  size: { width: number; height: number };
  width: number;
  label: string;
  /** The page as an image, shown until the canvas is drawn (page 1 of a scan). */
  image: string | null;
  t: Translate;
  children: ReactNode;
}

type TextState = 'unknown' | 'loading' | 'text' | 'none';

/** The signer-page benchmark (scripts/bench-signer-page.mjs) reads these marks, once each. */
function markOnce(name: string) {
  if (!performance.getEntriesByName(name).length) performance.mark(name);
}

function PdfPage({ id, pdf, number, size, width, label, image, t, children }: PdfPageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const loadButton = useRef<HTMLButtonElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [drawn, setDrawn] = useState(false);
  const [text, setText] = useState<TextState>('unknown');
  // Asked for by coming near, or by the focus reaching the page ('Ga naar pagina', Tab, a
  // screen reader's button): the text is made once and kept.
  const [textWanted, setTextWanted] = useState(false);
  const wantText = near || textWanted;

  // Near the view (a screen above or below): drawn; further away: released.
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (!entry.isIntersecting) setDrawn(false);
        setNear(entry.isIntersecting);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!pdf || !near || width <= 0 || !target) return;
    let task: RenderTask | null = null;
    let alive = true;
    void (async () => {
      const page = await pdf.getPage(number);
      if (!alive) return;
      const base = page.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = canvasRatio(width, base.height * scale, window.devicePixelRatio);
      const viewport = page.getViewport({ scale: scale * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      task = page.render({ canvas: target, viewport });
      await task.promise;
      if (!alive) return;
      markOnce(`signing:page${number}-visible`);
      markOnce(`signing:page${number}-drawn`);
      setDrawn(true);
    })().catch(() => {
      // A cancelled render (scrolling away, zooming) is expected; the next effect redraws.
    });
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [pdf, near, width, number]);

  // The text layer: made once, at scale 1; --total-scale-factor (below) sizes it to any zoom.
  useEffect(() => {
    const layer = textLayer.current;
    if (!pdf || !wantText || text !== 'unknown' || !layer) return;
    let cancelText: (() => void) | null = null;
    let alive = true;
    setText('loading');
    void (async () => {
      const page = await pdf.getPage(number);
      const { TextLayer } = await loadPdfJs();
      const content = await page.getTextContent();
      if (!alive) return;
      const hasText = content.items.some((item) => 'str' in item && item.str.trim() !== '');
      layer.replaceChildren();
      if (hasText) {
        const task = new TextLayer({
          textContentSource: content,
          container: layer,
          viewport: page.getViewport({ scale: 1 }),
        });
        cancelText = () => task.cancel();
        await task.render();
      }
      if (!alive) return;
      // The button that asked goes away with the loaded text: the focus stays on the page.
      if (loadButton.current && document.activeElement === loadButton.current) {
        frame.current?.focus({ preventScroll: true });
      }
      setText(hasText ? 'text' : 'none');
    })().catch(() => {
      if (alive) setText('unknown');
    });
    return () => {
      alive = false;
      cancelText?.();
    };
    // `text` is left out on purpose: setting it to 'loading' must not cancel this very load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pdf, wantText, number]);

  // Released when it leaves the view: an empty canvas holds no pixels. The text layer stays.
  useEffect(() => {
    if (near) return;
    const target = canvas.current;
    if (target) {
      target.width = 0;
      target.height = 0;
    }
    if (pdf && number <= pdf.numPages) {
      void pdf
        .getPage(number)
        .then((p) => p.cleanup())
        .catch(() => undefined);
    }
  }, [near, pdf, number]);

  const height = width > 0 ? renderedHeight(size, width) : undefined;
  const scale = width > 0 && size.width > 0 ? width / size.width : 1;
  return (
    <Box
      ref={frame}
      id={id}
      component="section"
      tabIndex={-1}
      aria-label={label}
      aria-busy={text === 'loading'}
      data-page={number}
      data-rendered={drawn ? 'true' : 'false'}
      data-text={text}
      onFocus={() => setTextWanted(true)}
      style={{
        position: 'relative',
        width: '100%',
        height,
        aspectRatio: height === undefined ? `${size.width} / ${size.height}` : undefined,
        background: 'white',
        // A frame that takes no room: the page is exactly as wide as the zoom says.
        boxShadow: 'inset 0 0 0 1px var(--mantine-color-gray-3)',
        overflow: 'hidden',
        flexShrink: 0,
        // Under the sticky toolbar when scrolled to.
        scrollMarginTop: 72,
      }}
    >
      <canvas
        ref={canvas}
        aria-hidden
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
      <div
        ref={textLayer}
        className="textLayer"
        style={{ '--total-scale-factor': scale } as React.CSSProperties}
      />
      {(text === 'unknown' || text === 'loading') && (
        // Said to a screen reader that meets a page whose text is not there yet; activating it
        // (or any focus in the page) loads the text.
        <VisuallyHidden>
          {t('page.textLoading')}{' '}
          <button ref={loadButton} type="button" onClick={() => setTextWanted(true)}>
            {t('page.loadText', { page: number })}
          </button>
        </VisuallyHidden>
      )}
      {!drawn && image && (
        <img
          src={image}
          alt=""
          aria-hidden
          data-testid="first-page-image"
          onLoad={() => markOnce(`signing:page${number}-visible`)}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        />
      )}
      {!drawn && !image && (
        <Box
          aria-hidden
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          {near && <Loader size="sm" />}
        </Box>
      )}
      {text === 'none' && (
        <Text
          size="xs"
          c="dimmed"
          bg="white"
          px={4}
          style={{ position: 'absolute', left: 4, top: 4, zIndex: 1 }}
        >
          {t('page.noText')}
        </Text>
      )}
      {children}
    </Box>
  );
}
