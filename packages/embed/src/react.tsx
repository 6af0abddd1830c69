import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import { defineParaafElements } from './paraaf-signing.ts';
import { PARAAF_EVENTS, type ParaafEventDetail, type ParaafEventType } from './events.ts';

export { PARAAF_EVENTS, type ParaafEventDetail, type ParaafEventType } from './events.ts';

export interface ParaafSigningProps {
  /** The single-use embed link your server asked Paraaf for. */
  url: string;
  /** Every event of the frame, in order. */
  onEvent?: (event: ParaafEventDetail) => void;
  /** The editor was closed ('Annuleren'), `saved` telling whether anything was saved: remove it. */
  onClosed?: (event: ParaafEventDetail & { saved: boolean }) => void;
  className?: string;
  style?: CSSProperties;
  title?: string;
}

/**
 * `<ParaafSigning url={link.url} onEvent={…} />`: the `<paraaf-signing>` element for React,
 * with its DOM events handed to `onEvent` (and the editor's close to `onClosed`).
 */
export function ParaafSigning({
  url,
  onEvent,
  onClosed,
  className,
  style,
  title,
}: ParaafSigningProps) {
  const ref = useRef<HTMLElement>(null);
  const handler = useRef<(event: ParaafEventDetail) => void>(undefined);
  useEffect(() => {
    handler.current = (event) => {
      onEvent?.(event);
      if (event.type === 'paraaf:closed') onClosed?.({ ...event, saved: event.saved === true });
    };
  }, [onEvent, onClosed]);
  useEffect(() => {
    defineParaafElements();
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) =>
      handler.current?.((event as CustomEvent<ParaafEventDetail>).detail);
    for (const type of PARAAF_EVENTS) element.addEventListener(type, listener);
    return () => {
      for (const type of PARAAF_EVENTS) element.removeEventListener(type, listener);
    };
  }, []);
  return createElement('paraaf-signing', { ref, url, class: className, style, title });
}

export type { ParaafEventType as ParaafSigningEventType };
