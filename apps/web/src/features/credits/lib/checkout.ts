/**
 * Leaving for the payment provider's checkout. One object so component tests can watch the
 * redirect (jsdom cannot navigate away).
 */
export const checkout = {
  open(url: string) {
    window.location.assign(url);
  },
};
