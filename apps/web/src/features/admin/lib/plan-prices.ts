import { formatEuro } from '../../../lib/format';

/**
 * A price per SMS or iDIN as seed 001 shows it on a custom plan's card: credits and/or euros
 * joined by 'en', else 'gratis'.
 */
export function verificationPrice(credits: number, euros: number): string {
  const parts: string[] = [];
  if (credits > 0) parts.push(`${credits} ${credits === 1 ? 'credit' : 'credits'}`);
  if (euros > 0) parts.push(formatEuro(euros));
  return parts.length ? parts.join(' en ') : 'gratis';
}
