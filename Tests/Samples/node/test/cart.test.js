'use strict';
const test = require('node:test');
const assert = require('node:assert');

test.describe('cart', () => {
  test.it('adds an item', () => {
    assert.strictEqual(1 + 1, 2);
  });
  test.it('totals the prices', () => {
    assert.strictEqual(0.1 + 0.2, 0.3);
  });
  test.it('skips the printer', { skip: 'no printer' }, () => {});
});

test('checkout', async (t) => {
  await t.test('pays', () => {});
  await t.test('refunds', () => { throw new Error('refund refused'); });
});
