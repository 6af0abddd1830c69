import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ParaafSigning } from './react.tsx';

const URL_OF_LINK =
  'https://app.paraaf.nl/insluiten/voorbereiden/Xq2v9cX2mK7pL0aR5tW8yZ1bN4dF6gJeHt3sQw8uYk0';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

describe('<ParaafSigning>', () => {
  it("hands every event to onEvent and the editor's close to onClosed", () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const onEvent = vi.fn();
    const onClosed = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root!.render(<ParaafSigning url={URL_OF_LINK} onEvent={onEvent} onClosed={onClosed} />),
    );
    const frame = container.querySelector('iframe')!;
    const post = (data: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data,
          origin: 'https://app.paraaf.nl',
          source: frame.contentWindow,
        }),
      );
    post({ type: 'paraaf:saved', sign_request_id: 7 });
    post({ type: 'paraaf:closed', sign_request_id: 7 });
    expect(onEvent.mock.calls.map(([e]) => (e as { type: string }).type)).toEqual([
      'paraaf:saved',
      'paraaf:closed',
    ]);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(onClosed).toHaveBeenCalledWith({
      type: 'paraaf:closed',
      sign_request_id: 7,
      saved: false,
    });
  });
});
