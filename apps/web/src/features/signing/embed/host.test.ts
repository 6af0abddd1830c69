import { describe, expect, it, vi } from 'vitest';
import { firstExample, signingPageSchema, type SigningPage } from '@paraaf/contract';
import { hostChannel } from '../../../lib/embed-host';
import { signingEvents } from './host';

const base = signingPageSchema.parse(firstExample(signingPageSchema));

function page(over: Partial<SigningPage> & { stateId?: number } = {}): SigningPage {
  const { stateId, ...rest } = over;
  return {
    ...base,
    status: 'open',
    steps: [
      { type: 'email', done: false },
      { type: 'signature', done: false },
    ],
    ...rest,
    sign_request: { ...base.sign_request, state_id: stateId ?? 3 },
  };
}

describe('the events of the signer page', () => {
  it('walks loaded → verified → signed → completed, each once', () => {
    const sent = new Set<string>();
    const types = (p: SigningPage) => signingEvents(p, sent).map((e) => e.type);
    expect(types(page())).toEqual(['paraaf:loaded']);
    expect(types(page())).toEqual([]);
    const verified = page({
      steps: [
        { type: 'email', done: true },
        { type: 'signature', done: false },
      ],
    });
    expect(types(verified)).toEqual(['paraaf:verified']);
    expect(types(page({ status: 'signed', stateId: 60 }))).toEqual(['paraaf:signed']);
    const completed = signingEvents(page({ status: 'signed', stateId: 5 }), sent);
    expect(completed).toEqual([
      {
        type: 'paraaf:completed',
        sign_request_id: base.sign_request.id,
        signer_id: base.signer.id,
      },
    ]);
  });

  it('says declined, and never signed, for a declined request', () => {
    const events = signingEvents(page({ status: 'declined', stateId: 4 }), new Set());
    expect(events.map((e) => e.type)).toEqual(['paraaf:loaded', 'paraaf:declined']);
  });
});

describe('the channel to the framing page', () => {
  function framed(ancestor: string) {
    const postMessage = vi.fn();
    const win = {
      parent: { postMessage },
      location: { ancestorOrigins: [ancestor] },
      document: { referrer: '' },
    } as unknown as Window;
    return { win, postMessage };
  }

  it("posts to the framing page's origin when the company lists it (wildcards too)", () => {
    const { win, postMessage } = framed('https://klant.verhuur.nl');
    hostChannel(['https://*.verhuur.nl'], win).post({ type: 'paraaf:loaded' });
    expect(postMessage).toHaveBeenCalledWith({ type: 'paraaf:loaded' }, 'https://klant.verhuur.nl');
  });

  it('posts nothing to an origin off the list, nor outside a frame', () => {
    const { win, postMessage } = framed('https://kwaad.example');
    hostChannel(['https://app.verhuur.nl'], win).post({ type: 'paraaf:loaded' });
    expect(postMessage).not.toHaveBeenCalled();
    const alone = { location: {}, document: { referrer: '' } } as unknown as Window & {
      parent: Window;
    };
    alone.parent = alone;
    expect(hostChannel(null, alone).target).toBeNull();
  });
});
