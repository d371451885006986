import { describe, expect, it } from 'vitest';
import { redactDatabaseUrl } from '../../src/store/redact.js';

describe('redactDatabaseUrl', () => {
  it('hides the password and keeps what helps diagnose a connection', () => {
    expect(redactDatabaseUrl('postgres://app:s3cret@db.internal:5432/carrier?sslmode=require')).toBe(
      'postgres://app:***@db.internal:5432/carrier?sslmode=require',
    );
  });

  it('hides secrets passed as query parameters', () => {
    expect(redactDatabaseUrl('postgres://db/carrier?password=s3cret')).not.toContain('s3cret');
  });

  it('says nothing about a string it cannot parse', () => {
    expect(redactDatabaseUrl('app:s3cret@@ not a url')).toBe('<unparsable database url>');
  });
});
