const { add, divide } = require("./calc");

describe("calc", () => {
  test("adds", () => {
    expect(add(2, 2)).toBe(4);
  });

  test("divides", () => {
    expect(divide(7, 2)).toBe(3);
  });

  test.skip("prints invoices", () => {});
});
