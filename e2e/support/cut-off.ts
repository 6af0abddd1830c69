import type { Frame, Page } from '@playwright/test';

/**
 * The buttons whose label does not fit (`scrollWidth > clientWidth` on the button or its label),
 * named by their text: a label cut off at the edge, as Mantine's nowrap labels are on a phone.
 */
export function cutOffButtons(page: Page | Frame) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, [role="button"]'))
      .filter((button) => button.getClientRects().length > 0)
      .filter((button) =>
        [button, ...Array.from(button.querySelectorAll<HTMLElement>('*'))].some(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
        ),
      )
      .map((button) => (button.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)),
  );
}
