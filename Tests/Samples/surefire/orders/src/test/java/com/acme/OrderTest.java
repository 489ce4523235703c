package com.acme;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import org.testng.SkipException;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/** Data-provider tests as TestNG runs them: one name, a run per row; one row fails, one skips. */
public class OrderTest {
    static int total(int quantity, int cents) {
        return quantity * cents;
    }

    @DataProvider(name = "orders")
    public Object[][] orders() {
        return new Object[][] {{1, 100, 100}, {2, 250, 500}, {3, 99, 296}, {0, 100, 0}};
    }

    @Test(dataProvider = "orders")
    public void totals(int quantity, int cents, int expected) {
        assertEquals(total(quantity, cents), expected);
    }

    @DataProvider(name = "codes")
    public Object[][] codes() {
        return new Object[][] {{"EUR"}, {"USD"}, {"XXX"}};
    }

    @Test(dataProvider = "codes")
    public void knowsCurrency(String code) {
        if (code.equals("XXX")) throw new SkipException("no rates for " + code);
        assertTrue(code.length() == 3);
    }

    @Test
    public void emptyOrderIsFree() {
        assertEquals(total(0, 999), 0);
    }
}
