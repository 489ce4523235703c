package com.acme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A parameterised test with a failing row, a repeated test that fails on one repetition. */
class PriceTest {
    static int withTax(int cents, int percent) {
        return cents + cents * percent / 100;
    }

    @ParameterizedTest
    @CsvSource({"100, 20, 120", "250, 10, 275", "99, 5, 104"})
    void addsTax(int cents, int percent, int expected) {
        assertEquals(expected, withTax(cents, percent));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 10})
    void isPositive(int cents) {
        assertTrue(withTax(cents, 20) > 0);
    }

    @RepeatedTest(3)
    void staysStable(RepetitionInfo repetition) {
        assertTrue(repetition.getCurrentRepetition() != 2, "repetition 2 saw a stale rate");
    }

    @Test
    void rounds() {
        assertEquals(120, withTax(100, 20));
    }
}
