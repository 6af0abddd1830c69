import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowsHorizontal, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { ReusableVariable } from '@paraaf/contract';
import { markPage1Visible, resetPage1Mark } from './lib/drag-stats';
import { markerAriaLabel, markerName } from './lib/labels';
import {
  clampNumber,
  clampToPage,
  createMarker,
  fromConfig,
  markerId,
  markerSigner,
  moveBy,
  resizeTo,
  sizeRule,
  toConfig,
  type EditorMarker,
  type MarkerTemplate,
  type Point,
  type Size,
} from './lib/markers';
import { paraphMarkers } from './lib/pages';
import { unfilledMarkers } from './lib/signer-rules';
import { openSuggestions, withRejected } from './lib/suggestions';
import { PageView, type MarkerView, type PageHandlers } from './page-view';
import { Palette } from './palette';
import { ParaphPagesModal } from './paraph-pages-modal';
import { PropertiesPanel } from './properties-panel';
import { ReusableMarkers } from './reusable-markers';
import { SuggestionBox, SuggestionsBar } from './suggestions';
import { texts } from './texts';
import type { MarkerEditorModalProps } from './types';
import { usePdfDocument } from './use-pdf-document';

const SIGNER_COLORS = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#f08c00',
  '#0c8599',
  '#e03131',
  '#5c940d',
  '#6741d9',
  '#c2255c',
];
const PLAIN_COLOR = '#495057';
const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const PAGE_PADDING = 32;

const colorOf = (m: EditorMarker) => {
  const signer = markerSigner(m);
  return signer ? SIGNER_COLORS[(signer - 1) % SIGNER_COLORS.length]! : PLAIN_COLOR;
};

/** The editor's body: palette, pages with markers, properties (loaded lazily by the modal). */
export default function MarkerEditor({
  pdf: blob,
  signers,
  value,
  suggestions: detected,
  fieldsOnlyFirstSigner = false,
  inputFields = true,
  header,
  saveLabel = texts.save,
  saving = false,
  reusableSources = ['signrequests'],
  onSave,
  onChange,
  onClose,
}: MarkerEditorModalProps) {
  const { pdf, sizes, failed } = usePdfDocument(blob);
  const [markers, setMarkers] = useState<EditorMarker[]>(() => fromConfig(value));
  const [rejected, setRejected] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [viewportWidth, setViewportWidth] = useState(0);
  const [visible, setVisible] = useState<number[]>([]);
  const [current, setCurrent] = useState(1);
  const [paraphOpen, setParaphOpen] = useState(false);
  // The palette's signer: its items, and the one 'Paraaf toevoegen op pagina's' starts with.
  const [chosenSigner, setChosenSigner] = useState(signers[0]?.position ?? 1);
  const scroller = useRef<HTMLDivElement>(null);
  const pageEls = useRef(new Map<number, HTMLElement>());
  const seen = useRef(new Map<number, number>());
  const observer = useRef<IntersectionObserver | null>(null);

  // The markers as the user left them, for a caller that saves them itself (the embedded editor's
  // 'Versturen'); the first value is the caller's own.
  const initialMarkers = useRef(markers);
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    if (markers !== initialMarkers.current) changed.current?.(toConfig(markers));
  }, [markers]);

  useEffect(() => {
    resetPage1Mark();
    return () => observer.current?.disconnect();
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setViewportWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => entry && setViewportWidth(entry.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const pageCount = sizes.length;
  const maxWidth = sizes.reduce((w, s) => Math.max(w, s.width), 0);
  const fitScale =
    viewportWidth > 0 && maxWidth > 0
      ? clampNumber((viewportWidth - PAGE_PADDING) / maxWidth, MIN_SCALE, MAX_SCALE)
      : 1;
  const scale = Math.round((zoom === 'fit' ? fitScale : zoom) * 1000) / 1000;

  // Everything the stable handlers need, read at the moment they run.
  const latest = useRef({ scale, sizes, markers, current });
  useLayoutEffect(() => {
    latest.current = { scale, sizes, markers, current };
  });

  const pageSize = useCallback(
    (page: number): Size => latest.current.sizes[page - 1] ?? { width: 595, height: 842 },
    [],
  );

  /** Which pages are in view (IntersectionObserver on the scroll box); the most visible is current. */
  const onIntersect = useCallback((entries: IntersectionObserverEntry[]) => {
    for (const e of entries) {
      const page = Number((e.target as HTMLElement).dataset.page);
      if (e.isIntersecting && e.intersectionRect.height > 0)
        seen.current.set(page, e.intersectionRect.height);
      else seen.current.delete(page);
    }
    const pages = [...seen.current.keys()].sort((a, b) => a - b);
    let best = pages[0] ?? 1;
    for (const p of pages) if ((seen.current.get(p) ?? 0) > (seen.current.get(best) ?? 0)) best = p;
    setVisible((old) =>
      old.length === pages.length && old.every((p, i) => p === pages[i]) ? old : pages,
    );
    setCurrent(best);
  }, []);

  const register = useCallback(
    (page: number, el: HTMLElement | null) => {
      const old = pageEls.current.get(page);
      if (old && old !== el) observer.current?.unobserve(old);
      if (!el) {
        pageEls.current.delete(page);
        return;
      }
      pageEls.current.set(page, el);
      if (typeof IntersectionObserver === 'undefined') return;
      observer.current ??= new IntersectionObserver(onIntersect, {
        root: scroller.current,
        threshold: [0, 0.05, 0.1, 0.25, 0.5, 0.75, 1],
      });
      observer.current.observe(el);
    },
    [onIntersect],
  );

  // Render the pages in view and one each side; before the observer answers, pages 1 and 2.
  const renderSet = useMemo(() => {
    const set = new Set<number>();
    for (const p of visible.length > 0 ? visible : [1]) {
      set.add(p - 1);
      set.add(p);
      set.add(p + 1);
    }
    return set;
  }, [visible]);

  const update = useCallback((id: string, fn: (m: EditorMarker) => EditorMarker) => {
    setMarkers((ms) => ms.map((m) => (m.id === id ? fn(m) : m)));
  }, []);

  const remove = useCallback((id: string) => {
    setMarkers((ms) => ms.filter((m) => m.id !== id));
    setSelectedId((s) => (s === id ? null : s));
  }, []);

  const add = useCallback((marker: EditorMarker) => {
    setMarkers((ms) => [...ms, marker]);
    setSelectedId(marker.id);
  }, []);

  /** The middle of the part of the current page that is on screen, in points. */
  const visibleCenter = useCallback((): { page: number; point: Point } => {
    const page = latest.current.current;
    const size = pageSize(page);
    const el = pageEls.current.get(page);
    const box = scroller.current;
    if (!el || !box) return { page, point: { x: size.width / 2, y: size.height / 2 } };
    const r = el.getBoundingClientRect();
    const v = box.getBoundingClientRect();
    const s = latest.current.scale || 1;
    const top = Math.max(r.top, v.top);
    const bottom = Math.min(r.bottom, v.bottom);
    const left = Math.max(r.left, v.left);
    const right = Math.min(r.right, v.right);
    if (bottom <= top || right <= left)
      return { page, point: { x: size.width / 2, y: size.height / 2 } };
    return {
      page,
      point: { x: ((left + right) / 2 - r.left) / s, y: ((top + bottom) / 2 - r.top) / s },
    };
  }, [pageSize]);

  const addTemplate = useCallback(
    (template: MarkerTemplate) => {
      const { page, point } = visibleCenter();
      add(createMarker(template, page, point, pageSize(page)));
    },
    [add, pageSize, visibleCenter],
  );

  const insertReusable = useCallback(
    (v: ReusableVariable) => {
      const { page, point } = visibleCenter();
      const size = pageSize(page);
      const keepRatio = v.options?.keepRatio ?? false;
      const box = clampToPage(
        { x: point.x - v.width / 2, y: point.y - v.height / 2, width: v.width, height: v.height },
        size,
        keepRatio,
      );
      add({
        ...box,
        id: markerId(),
        kind: 'variable',
        page,
        type: v.type,
        value: v.value,
        options: { ...v.options },
      });
    },
    [add, pageSize, visibleCenter],
  );

  const handlers = useMemo<PageHandlers>(
    () => ({
      onSelect: setSelectedId,
      onMoveEnd(id, topLeft, pointer) {
        const { scale: s, markers: ms } = latest.current;
        const marker = ms.find((m) => m.id === id);
        if (!marker || !s) return;
        let page = marker.page;
        let rect = pageEls.current.get(page)?.getBoundingClientRect();
        for (const [n, el] of pageEls.current) {
          const r = el.getBoundingClientRect();
          if (
            pointer.x >= r.left &&
            pointer.x <= r.right &&
            pointer.y >= r.top &&
            pointer.y <= r.bottom
          ) {
            page = n;
            rect = r;
            break;
          }
        }
        if (!rect) return;
        const moved = clampToPage(
          { ...marker, page, x: (topLeft.x - rect.left) / s, y: (topLeft.y - rect.top) / s },
          pageSize(page),
          sizeRule(marker).keepRatio,
        );
        update(id, () => moved);
      },
      onResizeEnd(id, size) {
        update(id, (m) => ({ ...m, ...size }));
      },
      onMarkerKey(id, e: KeyboardEvent<HTMLElement>) {
        const step = e.shiftKey ? 10 : 1;
        const moves: Record<string, [number, number]> = {
          ArrowLeft: [-step, 0],
          ArrowRight: [step, 0],
          ArrowUp: [0, -step],
          ArrowDown: [0, step],
        };
        const move = moves[e.key];
        if (move) {
          e.preventDefault();
          update(id, (m) => moveBy(m, move[0], move[1], pageSize(m.page)));
        } else if (e.key === 'Delete' || e.key === 'Backspace') {
          e.preventDefault();
          remove(id);
          scroller.current?.focus({ preventScroll: true });
        } else if (e.key === 'Escape') {
          e.preventDefault();
          setSelectedId(null);
        } else if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          setSelectedId(id);
        }
      },
      onDropTemplate(page, data, point) {
        try {
          const template = JSON.parse(data) as MarkerTemplate;
          add(createMarker(template, page, point, pageSize(page)));
        } catch {
          // Not one of ours.
        }
      },
      onRendered(page) {
        if (page === 1) markPage1Visible();
      },
    }),
    [add, pageSize, remove, update],
  );

  const views = useMemo(() => {
    const byPage = new Map<number, MarkerView[]>();
    for (const m of markers) {
      const list = byPage.get(m.page) ?? [];
      list.push({
        marker: m,
        label:
          m.kind === 'variable' && m.type === 'text'
            ? (m.value ?? '')
            : m.kind === 'variable' && m.type === 'date'
              ? `${texts.kinds.date} (${m.options.format ?? 'DD-MM-YYYY'})`
              : m.kind === 'variable' && m.type === 'checkbox_checked'
                ? '✓'
                : markerName(m, signers),
        ariaLabel: markerAriaLabel(m, signers),
        color: colorOf(m),
      });
      byPage.set(m.page, list);
    }
    return byPage;
  }, [markers, signers]);

  const suggestions = useMemo(
    () => openSuggestions(detected ?? [], markers, signers, rejected),
    [detected, markers, signers, rejected],
  );
  const accept = useCallback(
    (ids: string[]) => {
      const taken = suggestions.filter((s) => ids.includes(s.id));
      setMarkers((ms) => [
        ...ms,
        ...fromConfig({ variables: taken.map((s) => s.marker), fields: [] }),
      ]);
    },
    [suggestions],
  );
  const reject = useCallback(
    (ids: string[]) => setRejected((old) => new Set([...old, ...ids])),
    [],
  );
  const acceptOne = useCallback((id: string) => accept([id]), [accept]);
  const rejectOne = useCallback((id: string) => reject([id]), [reject]);
  // One element per page, kept while nothing changes, so untouched pages do not redraw.
  const overlays = useMemo(() => {
    const byPage = new Map<number, ReactNode>();
    for (const page of new Set(suggestions.map((s) => s.marker.page))) {
      byPage.set(
        page,
        suggestions
          .filter((s) => s.marker.page === page)
          .map((s) => {
            const marker: EditorMarker = { ...s.marker, id: s.id, kind: 'variable' };
            return (
              <SuggestionBox
                key={s.id}
                suggestion={s}
                name={markerName(marker, signers)}
                color={colorOf(marker)}
                scale={scale}
                onAccept={acceptOne}
                onReject={rejectOne}
              />
            );
          }),
      );
    }
    return byPage;
  }, [suggestions, signers, scale, acceptOne, rejectOne]);

  const selected = markers.find((m) => m.id === selectedId) ?? null;
  // Markers their signer will never fill (e.g. from a template, or after a signer's methods
  // changed): named, and not saved until moved to another signer or removed.
  const unfilled = useMemo(() => unfilledMarkers(markers, signers), [markers, signers]);
  const zoomBy = (f: number) =>
    setZoom(clampNumber(Math.round(scale * f * 100) / 100, MIN_SCALE, MAX_SCALE));
  const empty: MarkerView[] = useMemo(() => [], []);

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Group
        px="md"
        py="xs"
        gap="md"
        justify="space-between"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm">{header}</Group>
        <Group gap={6} wrap="nowrap">
          <Tooltip label={texts.toolbar.zoomOut}>
            <ActionIcon
              variant="default"
              aria-label={texts.toolbar.zoomOut}
              onClick={() => zoomBy(1 / ZOOM_STEP)}
              disabled={scale <= MIN_SCALE}
            >
              <IconZoomOut size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={48} ta="center" aria-live="polite">
            {Math.round(scale * 100)}%
          </Text>
          <Tooltip label={texts.toolbar.zoomIn}>
            <ActionIcon
              variant="default"
              aria-label={texts.toolbar.zoomIn}
              onClick={() => zoomBy(ZOOM_STEP)}
              disabled={scale >= MAX_SCALE}
            >
              <IconZoomIn size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={texts.toolbar.fitWidth}>
            <ActionIcon
              variant={zoom === 'fit' ? 'light' : 'default'}
              aria-label={texts.toolbar.fitWidth}
              aria-pressed={zoom === 'fit'}
              onClick={() => setZoom('fit')}
            >
              <IconArrowsHorizontal size={18} />
            </ActionIcon>
          </Tooltip>
          <Divider orientation="vertical" mx={4} />
          <Text
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="marker-editor-page"
            aria-live="polite"
          >
            {pageCount > 0 ? texts.toolbar.pageOf(current, pageCount) : ''}
          </Text>
        </Group>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {texts.properties.count(markers.length)}
          </Text>
          <Button variant="default" onClick={onClose} disabled={saving}>
            {texts.cancel}
          </Button>
          <Button
            onClick={() => onSave(toConfig(markers), withRejected(detected ?? [], rejected))}
            loading={saving}
            disabled={(!pdf && !failed) || unfilled.length > 0}
          >
            {saveLabel}
          </Button>
        </Group>
      </Group>

      <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box
          component="aside"
          aria-label={texts.palette.heading}
          p="sm"
          style={{
            width: 250,
            flex: 'none',
            overflowY: 'auto',
            borderRight: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Palette
            signers={signers}
            signer={chosenSigner}
            onSignerChange={setChosenSigner}
            fieldsOnlyFirstSigner={fieldsOnlyFirstSigner}
            inputFields={inputFields}
            onAdd={addTemplate}
            onParaphPages={() => setParaphOpen(true)}
          >
            <Divider my={4} />
            <ReusableMarkers sources={reusableSources} onInsert={insertReusable} />
          </Palette>
        </Box>

        <div
          ref={scroller}
          // A scrolling region a keyboard user can reach and scroll with the arrow keys.
          tabIndex={0}
          role="region"
          aria-label={texts.pagesRegion}
          data-testid="marker-editor-pages"
          style={{
            flex: 1,
            minWidth: 0,
            overflow: 'auto',
            background: 'var(--mantine-color-gray-2)',
            padding: PAGE_PADDING / 2,
          }}
        >
          {unfilled.length > 0 && (
            <Alert color="red" role="alert" title={texts.unfilledTitle} mb="sm">
              {unfilled.map((u) => (
                <Text key={u.marker.id} size="sm">
                  {texts.markerLabel(u.name, u.marker.page)}: {u.reason}
                </Text>
              ))}
            </Alert>
          )}
          {suggestions.length > 0 && !failed && (
            <SuggestionsBar
              count={suggestions.length}
              onAcceptAll={() => accept(suggestions.map((s) => s.id))}
              onRejectAll={() => reject(suggestions.map((s) => s.id))}
            />
          )}
          {failed ? (
            <Alert color="red" role="alert">
              {texts.loadFailed}
            </Alert>
          ) : !blob ? (
            <Text c="dimmed">{texts.noDocument}</Text>
          ) : pageCount === 0 ? (
            <Center h="100%">
              <Loader role="status" aria-label={texts.loading} />
            </Center>
          ) : (
            sizes.map((size, i) => (
              <PageView
                key={i}
                number={i + 1}
                size={size}
                scale={scale}
                pdf={pdf}
                render={renderSet.has(i + 1)}
                markers={views.get(i + 1) ?? empty}
                selectedId={
                  views.get(i + 1)?.some((v) => v.marker.id === selectedId) ? selectedId : null
                }
                label={texts.toolbar.pageOf(i + 1, pageCount)}
                handlers={handlers}
                register={register}
                overlay={overlays.get(i + 1)}
              />
            ))
          )}
        </div>

        <Box
          component="aside"
          aria-label={texts.properties.heading}
          p="sm"
          style={{
            width: 270,
            flex: 'none',
            overflowY: 'auto',
            borderLeft: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Text fw={600} size="sm" mb="xs">
            {texts.properties.heading}
          </Text>
          <PropertiesPanel
            marker={selected}
            name={selected ? markerName(selected, signers) : ''}
            signers={signers}
            fieldsOnlyFirstSigner={fieldsOnlyFirstSigner}
            fieldNames={markers.flatMap((m) =>
              m.kind === 'field' && m.options.name && m.id !== selected?.id ? [m.options.name] : [],
            )}
            onChange={update}
            onResize={(id, want) =>
              update(id, (m) => ({
                ...m,
                ...resizeTo(
                  m,
                  { width: want.width || m.width, height: want.height || m.height },
                  sizeRule(m),
                  pageSize(m.page),
                ),
              }))
            }
            onRemove={remove}
          />
        </Box>
      </Box>

      {paraphOpen && (
        <ParaphPagesModal
          opened
          pageCount={pageCount}
          signers={signers}
          defaultSigner={chosenSigner}
          onClose={() => setParaphOpen(false)}
          onAdd={(signer, pages) =>
            setMarkers((ms) => [...ms, ...paraphMarkers(signer, pages, pageSize)])
          }
        />
      )}
    </Box>
  );
}
