import { isParaafEvent, type ParaafEventDetail } from './events.ts';

declare const __PARAAF_EMBED_VERSION__: string;

/** The version of this script (`@paraaf/embed`). */
export const VERSION: string = __PARAAF_EMBED_VERSION__;

/**
 * `<paraaf-signing url="…">`: shows the page of a single-use Paraaf embed link (a signer's page
 * or the marker editor) in a frame, listens to that frame only (its window and the link's
 * origin) and dispatches what it says as DOM events (`paraaf:signed`, …, `detail` the message),
 * which bubble. The frame takes the page's height from `paraaf:resize`.
 */
export class ParaafSigningElement extends HTMLElement {
  static readonly version = VERSION;
  static readonly observedAttributes = ['url'];

  #frame: HTMLIFrameElement | null = null;
  #origin: string | null = null;
  readonly #onMessage = (event: MessageEvent) => this.#receive(event);

  connectedCallback(): void {
    if (!this.style.display) this.style.display = 'block';
    window.addEventListener('message', this.#onMessage);
    this.#render();
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#render();
  }

  /** The frame, for tests and for hosts that want to style it. */
  get frame(): HTMLIFrameElement | null {
    return this.#frame;
  }

  #render(): void {
    const url = this.getAttribute('url');
    let origin: string | null;
    try {
      origin = url ? new URL(url, document.baseURI).origin : null;
    } catch {
      origin = null;
    }
    if (!url || !origin || origin === 'null') {
      this.#frame?.remove();
      this.#frame = null;
      this.#origin = null;
      return;
    }
    if (this.#frame && this.#frame.getAttribute('src') === url) return;
    const frame = this.#frame ?? document.createElement('iframe');
    frame.setAttribute('title', this.getAttribute('title') ?? 'Paraaf');
    frame.setAttribute('src', url);
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.border = '0';
    frame.style.width = '100%';
    frame.style.display = 'block';
    if (!frame.style.height) frame.style.height = '600px';
    if (!this.#frame) this.appendChild(frame);
    this.#frame = frame;
    this.#origin = origin;
  }

  #receive(event: MessageEvent): void {
    // Only our own frame, and only from the origin of the link it was given.
    if (!this.#frame || event.source !== this.#frame.contentWindow) return;
    if (event.origin !== this.#origin || !isParaafEvent(event.data)) return;
    const detail: ParaafEventDetail = { ...event.data };
    if (detail.type === 'paraaf:resize' && typeof detail.height === 'number' && detail.height > 0)
      this.#frame.style.height = `${Math.ceil(detail.height)}px`;
    this.dispatchEvent(new CustomEvent(detail.type, { detail, bubbles: true, composed: true }));
  }
}

/** Defines the elements once (a second script tag does nothing). */
export function defineParaafElements(registry: CustomElementRegistry = customElements): void {
  if (!registry.get('paraaf-signing')) registry.define('paraaf-signing', ParaafSigningElement);
  // The same element under the name of what it shows when it opens the marker editor.
  if (!registry.get('paraaf-editor'))
    registry.define('paraaf-editor', class ParaafEditorElement extends ParaafSigningElement {});
}

declare global {
  interface HTMLElementTagNameMap {
    'paraaf-signing': ParaafSigningElement;
    'paraaf-editor': ParaafSigningElement;
  }
}
