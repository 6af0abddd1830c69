import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import { defineParaafElements } from './paraaf-signing.ts';
import { PARAAF_EVENTS, type ParaafEventDetail, type ParaafEventType } from './events.ts';

export { PARAAF_EVENTS, type ParaafEventDetail, type ParaafEventType } from './events.ts';

export interface ParaafSigningProps {
  /** The single-use embed link your server asked Paraaf for. */
  url: string;
  /** Every event of the frame, in order. */
  onEvent?: (event: ParaafEventDetail) => void;
  className?: string;
  style?: CSSProperties;
  title?: string;
}

/**
 * `<ParaafSigning url={link.url} onEvent={…} />`: the `<paraaf-signing>` element for React,
 * with its DOM events handed to `onEvent`.
 */
export function ParaafSigning({ url, onEvent, className, style, title }: ParaafSigningProps) {
  const ref = useRef<HTMLElement>(null);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);
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
