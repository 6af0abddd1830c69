/** A touch target as big as a finger (44 CSS px) where the layout leaves room; 24 at least if it can. */
const TOUCH = 44;
const MIN_TOUCH = 24;
/** Narrowest option (box, gap and a short word) that still sits beside another. */
const MIN_OPTION_WIDTH = 64;

/**
 * How a radio or checkbox group's options sit in its box of `width` × `height` CSS px, given
 * `room`: the height free from the box's top down to the next field or the page's foot. Stacked,
 * each row up to a finger high, growing below the box into the free room; side by side when the
 * rows would stay under 24 px but the options fit next to each other.
 */
export function choiceLayout(count: number, width: number, height: number, room = height) {
  const n = Math.max(1, count);
  const free = Math.max(room, height);
  let row = false;
  let rowHeight = Math.max(height / n, Math.min(TOUCH, free / n));
  if (rowHeight < MIN_TOUCH && free >= MIN_TOUCH && width / n >= MIN_OPTION_WIDTH) {
    row = true;
    rowHeight = Math.max(height, Math.min(TOUCH, free));
  }
  return {
    row,
    rowHeight,
    /** The group's height: more than its box when there was room to grow into. */
    groupHeight: row ? rowHeight : rowHeight * n,
    control: Math.round(Math.min(24, Math.max(14, rowHeight * 0.7))),
    fontSize: Math.round(Math.min(18, Math.max(13, rowHeight * 0.55))),
  };
}
