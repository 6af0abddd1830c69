import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { secretBox } from './secret-box.ts';

describe('secretBox', () => {
  it('seals so that the text is not readable and opens only with the same key', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const box = await secretBox(database.db, 'een-sleutel-van-minstens-32-tekens-lang');
      const sealed = box.seal('client-geheim');
      expect(sealed).not.toContain('client-geheim');
      expect(box.open(sealed)).toBe('client-geheim');
      const other = await secretBox(database.db, 'een-andere-sleutel-van-32-tekens-of-meer');
      expect(() => other.open(sealed)).toThrow();
      // Without SECRETS_KEY: one key made and kept, the same for every later box.
      const stored = await secretBox(database.db, null);
      const again = await secretBox(database.db, null);
      expect(again.open(stored.seal('x'))).toBe('x');
    } finally {
      await drop();
    }
  });
});
