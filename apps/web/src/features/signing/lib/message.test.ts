import { describe, expect, it } from 'vitest';
import { displayMessage } from './message';

const page = (message: string) => ({
  sign_request: {
    id: 1,
    subject: 's',
    message,
    expires_at: '2030-01-01T00:00:00Z',
    state_id: 2,
    is_sync: false,
    allow_delegation: false,
    sender_name: null,
  },
  signer: {
    id: 1,
    firstname: 'Lotte',
    lastname: 'de Boer',
    email: 'l@example.nl',
    phone_masked: null,
    state_id: 2,
    role: 'signer' as const,
  },
  company: { name: 'Notaris Visser', logo_url: null },
});

describe('the sender’s message on the page', () => {
  it('keeps unknown merge fields and line breaks', () => {
    expect(displayMessage(page('Regel 1\n\nRegel [[onbekend]]'))).toBe(
      'Regel 1\n\nRegel [[onbekend]]',
    );
  });

  it('drops the link and fills in names', () => {
    expect(displayMessage(page('Beste [[firstname]],\nTeken hier: [[link]]\n[[company]]'))).toBe(
      'Beste Lotte,\nTeken hier:\nNotaris Visser',
    );
  });

  it('leaves no gap where a line held only the link', () => {
    expect(
      displayMessage(
        page('Beste [[firstname]],\n\nTeken de huurovereenkomst.\n\n[[link]]\n\nGroet,\nPiet'),
      ),
    ).toBe('Beste Lotte,\n\nTeken de huurovereenkomst.\n\nGroet,\nPiet');
  });
});
