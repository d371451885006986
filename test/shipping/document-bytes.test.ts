/**
 * A label's document is stored byte for byte, however its bytes are held (a Buffer of its own, a slice of a larger
 * one, a plain Uint8Array): PGlite's bytea parameters are written by our own hex encoder (store/pglite-store.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentContent, insertDocument } from '../../src/store/shipping-documents.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';

describe.each(STORE_BACKENDS)('document bytes on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  });
  afterAll(async () => {
    await store?.close();
  });

  it('a document is stored byte for byte, every byte value, from a Buffer, a slice of one, or a Uint8Array', async () => {
    const every = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const larger = Buffer.concat([Buffer.from('before'), every, Buffer.from('after')]);
    const holders: Uint8Array[] = [every, larger.subarray(6, 6 + every.length), new Uint8Array(every), Buffer.alloc(0)];
    for (const content of holders) {
      const stored = await insertDocument(
        store,
        { labelId: null, tenderId: null, kind: 'LABEL', nativeType: null, format: 'PDF', contentType: 'application/pdf', content: content as Buffer, pieceTrackingNumber: null },
        new Date(),
      );
      const read = await documentContent(store, stored.id);
      expect(read?.content.equals(Buffer.from(content))).toBe(true);
      expect(stored.size).toBe(content.length);
      const { rows } = await store.query<{ sha256: string }>('SELECT sha256 FROM documents WHERE id = $1', [stored.id]);
      expect(rows[0]?.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    }
  });
});
