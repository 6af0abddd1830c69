import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconAlignJustified,
  IconArrowsHorizontal,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { MAX_ZOOM, MIN_ZOOM, zoomIn, zoomOut } from '../lib/zoom';
import type { Translate } from '../texts';

interface DocumentToolbarProps {
  t: Translate;
  zoom: number;
  onZoom: (zoom: number) => void;
  /** Stops of 'Volgende veld' (0: no button) and how many are still to do. */
  stops: number;
  left: number;
  onNext: () => void;
  /** 'Tekst lezen' is on: the text reflowed instead of the pages (no zoom then). */
  reading: boolean;
  onReading: (reading: boolean) => void;
}

/** Above the documents, staying in view: zoom, and 'Volgende veld' with what is left. */
export function DocumentToolbar({
  t,
  zoom,
  onZoom,
  stops,
  left,
  onNext,
  reading,
  onReading,
}: DocumentToolbarProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={6}
      shadow="xs"
      role="toolbar"
      aria-label={t('view.toolbar')}
      style={{ position: 'sticky', top: 0, zIndex: 5 }}
    >
      {/* On a phone the walk's count and button take a line of their own under the view buttons. */}
      <Group gap={6} justify="space-between" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('view.zoomOut')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('view.zoomOut')}
              onClick={() => onZoom(zoomOut(zoom))}
              disabled={reading || zoom <= MIN_ZOOM}
            >
              <IconZoomOut size={18} />
            </ActionIcon>
          </Tooltip>
          <Text
            size="sm"
            w={44}
            ta="center"
            aria-live="polite"
            aria-label={t('view.zoomLevel', { percent: Math.round(zoom * 100) })}
            data-testid="zoom-level"
          >
            {Math.round(zoom * 100)}%
          </Text>
          <Tooltip label={t('view.zoomIn')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('view.zoomIn')}
              onClick={() => onZoom(zoomIn(zoom))}
              disabled={reading || zoom >= MAX_ZOOM}
            >
              <IconZoomIn size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('view.fitWidth')}>
            <ActionIcon
              variant={zoom === 1 ? 'light' : 'default'}
              size="lg"
              aria-label={t('view.fitWidth')}
              aria-pressed={zoom === 1}
              onClick={() => onZoom(1)}
              disabled={reading}
            >
              <IconArrowsHorizontal size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={reading ? t('view.showPages') : t('view.readText')}>
            <ActionIcon
              variant={reading ? 'filled' : 'default'}
              size="lg"
              aria-label={t('view.readText')}
              aria-pressed={reading}
              onClick={() => onReading(!reading)}
            >
              <IconAlignJustified size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {stops > 0 && (
          // May shrink on a 390 px phone: the count wraps onto two lines rather than the bar
          // pushing the page sideways (German 'Alles ausgefüllt' + 'Nächstes Feld').
          <Group gap={6} wrap="nowrap" miw={0} ml="auto">
            <Text
              size="xs"
              c="dimmed"
              aria-live="polite"
              data-testid="fields-left"
              ta="right"
              miw={0}
            >
              {left === 0
                ? t('view.allDone')
                : left === 1
                  ? t('view.leftOne')
                  : t('view.left', { count: left })}
            </Text>
            <Button size="sm" onClick={onNext} style={{ flexShrink: 0 }}>
              {t('view.nextField')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
