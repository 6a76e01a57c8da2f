import { describe, expect, it } from 'vitest';
import { maskIdNumber } from '../../src/domain/masking';

describe('maskIdNumber', () => {
  it('shows the last four letters or digits, the rest as X in hyphenated groups of four from the right', () => {
    expect(maskIdNumber('2345 6789 9012')).toBe('XXXX-XXXX-9012');
    expect(maskIdNumber('2345-6789-9012')).toBe('XXXX-XXXX-9012');
    expect(maskIdNumber('ABCPD1234E')).toBe('XX-XXXX-234E');
    expect(maskIdNumber('MH12 20151234567')).toBe('XXX-XXXX-XXXX-4567');
  });

  it('never shows more than half of a short number', () => {
    expect(maskIdNumber('A1234567')).toBe('XXXX-4567');
    expect(maskIdNumber('123456')).toBe('XX-X456');
    expect(maskIdNumber('12')).toBe('X2');
    expect(maskIdNumber('7')).toBe('X');
  });

  it('answers none for none, and only X for a number without a letter or digit', () => {
    expect(maskIdNumber(null)).toBeNull();
    expect(maskIdNumber(undefined)).toBeNull();
    expect(maskIdNumber('   ')).toBeNull();
    expect(maskIdNumber('--')).toBe('XXXX');
  });

  it('masks a mask to itself, so masking twice changes nothing', () => {
    expect(maskIdNumber(maskIdNumber('2345 6789 9012'))).toBe('XXXX-XXXX-9012');
  });
});
