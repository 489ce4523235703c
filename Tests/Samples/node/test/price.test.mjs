import test from 'node:test';
import assert from 'node:assert';

test('rounds a price', () => {
  assert.strictEqual(Math.round(2.5), 3);
});

test('formats a price', () => {
  assert.strictEqual((1234.5).toFixed(1), '1,234.5');
});
