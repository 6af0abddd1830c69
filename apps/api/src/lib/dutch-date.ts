/**
 * Calendar dates as the Netherlands sees them, 'YYYY-MM-DD': invoice dates, plan start dates,
 * billing periods. A moment at 00:30 on 1 January in Amsterdam is of the new year.
 */
export function dutchDate(at: Date): string {
  return isoInAmsterdam.format(at);
}
const isoInAmsterdam = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A calendar date 'YYYY-MM-DD' as Dutch readers write it, 'DD-MM-YYYY' (a birth date). */
export function dutchCalendarDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : date;
}

/**
 * The end of a monthly period that starts on `startsOn` in a chain of periods anchored on
 * `anchorOn`: the first anchor month-day after the start. Anchored on 31 January, the periods
 * end 28 February, 31 March, 30 April — never drifting to the 28th.
 */
export function periodEnd(anchorOn: string, startsOn: string): string {
  for (let k = 1; k < 1200; k++) {
    const end = addMonths(anchorOn, k);
    if (end > startsOn) return end;
  }
  throw new RangeError(`no period end for ${startsOn} anchored on ${anchorOn}`);
}

/**
 * The same day `months` later ('2026-01-31' + 1 → '2026-02-28'): the end of a day-of-month past
 * the target month's last day is that month's last day.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
