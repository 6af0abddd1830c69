/**
 * Calendar dates as the Netherlands sees them, 'YYYY-MM-DD': invoice dates, plan start dates,
 * billing periods. A moment at 00:30 on 1 January in Amsterdam is of the new year.
 */
export function dutchDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
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
