import type { Frame, Page } from '@playwright/test';

/**
 * Null when the page as it stands does not scroll sideways (`document.documentElement.scrollWidth
 * <= clientWidth`); else both widths and the elements that stick out past the right edge, named
 * by tag, id, test id, first class and text, so a failure says where to look.
 */
export function sideScroll(page: Page | Frame) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const edge = root.clientWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const right = Math.round(el.getBoundingClientRect().right);
      return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}${cls ? ` .${cls}` : ''}> right ${right}: "${text}"`;
    };
    // The elements past the right edge that scroll the page: not inside a box that clips or
    // scrolls on its own, not fixed, and not merely inside another element that sticks out.
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > edge + 0.5;
    const scrollsPage = (el: Element) => {
      for (
        let a: Element | null = el;
        a && a !== root && a !== document.body;
        a = a.parentElement
      ) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed') return false;
        if (a !== el && style.overflowX !== 'visible') return false;
      }
      return true;
    };
    const culprits = Array.from(document.body.querySelectorAll('*')).filter(
      (el) =>
        sticksOut(el) &&
        scrollsPage(el) &&
        !(el.parentElement && sticksOut(el.parentElement) && scrollsPage(el.parentElement)),
    );
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: edge,
      culprits: culprits.slice(0, 5).map(describe),
    };
  });
}
