import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineParaafElements } from './paraaf-signing.ts';

const URL_OF_LINK =
  'https://app.paraaf.nl/insluiten/ondertekenen/Xq2v9cX2mK7pL0aR5tW8yZ1bN4dF6gJeHt3sQw8uYk0';

beforeAll(() => defineParaafElements());
afterEach(() => document.body.replaceChildren());

function mount(url = URL_OF_LINK) {
  const element = document.createElement('paraaf-signing');
  element.setAttribute('url', url);
  document.body.append(element);
  const seen: { type: string; detail: unknown }[] = [];
  for (const type of ['paraaf:loaded', 'paraaf:signed', 'paraaf:resize'])
    document.body.addEventListener(type, (e) =>
      seen.push({ type, detail: (e as CustomEvent).detail }),
    );
  return { element, seen };
}

function post(source: Window | null, origin: string, data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('<paraaf-signing>', () => {
  it('makes a frame of the link', () => {
    const { element } = mount();
    expect(element.frame?.getAttribute('src')).toBe(URL_OF_LINK);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
  });

  it("re-dispatches its own frame's events from the link's origin as bubbling DOM events", () => {
    const { element, seen } = mount();
    const frame = element.frame!.contentWindow;
    post(frame, 'https://app.paraaf.nl', { type: 'paraaf:signed', sign_request_id: 7 });
    expect(seen).toEqual([
      { type: 'paraaf:signed', detail: { type: 'paraaf:signed', sign_request_id: 7 } },
    ]);
  });

  it('ignores another origin, another window and messages that are no Paraaf event', () => {
    const { element, seen } = mount();
    const frame = element.frame!.contentWindow;
    post(frame, 'https://kwaad.example', { type: 'paraaf:signed' });
    post(window, 'https://app.paraaf.nl', { type: 'paraaf:signed' });
    post(frame, 'https://app.paraaf.nl', { type: 'paraaf:hacked' });
    post(frame, 'https://app.paraaf.nl', 'paraaf:signed');
    expect(seen).toEqual([]);
  });

  it("re-dispatches the editor's paraaf:closed with whether anything was saved", () => {
    const { element } = mount();
    const closed: unknown[] = [];
    element.addEventListener('paraaf:closed', (e) => closed.push((e as CustomEvent).detail));
    post(element.frame!.contentWindow, 'https://app.paraaf.nl', {
      type: 'paraaf:closed',
      saved: true,
      sign_request_id: 7,
    });
    expect(closed).toEqual([{ type: 'paraaf:closed', saved: true, sign_request_id: 7 }]);
  });

  it('takes the height of paraaf:resize', () => {
    const { element, seen } = mount();
    post(element.frame!.contentWindow, 'https://app.paraaf.nl', {
      type: 'paraaf:resize',
      height: 812.4,
    });
    expect(element.frame!.style.height).toBe('813px');
    expect(seen.map((s) => s.type)).toEqual(['paraaf:resize']);
  });

  it('follows a new url, and drops the frame without one', () => {
    const { element } = mount();
    const next =
      'https://app.paraaf.nl/insluiten/ondertekenen/Ander0123456789abcdefghijklmnopqrstuvwxyzAB';
    element.setAttribute('url', next);
    expect(element.frame?.getAttribute('src')).toBe(next);
    element.removeAttribute('url');
    expect(element.querySelector('iframe')).toBeNull();
  });
});
