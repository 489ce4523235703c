package com.acme;

import static org.testResults.Assert.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.testResults.Ignore;
import org.testResults.Test;

public class CalcTest {
    @Test
    public void adds() {
        assertEquals(4, 2 + 2);
    }

    @Test
    public void divides() {
        assertEquals("seven halves", 3, 7 / 2 + 1);
    }

    /** Fails on its first two runs and passes on the third: a flaky test. */
    @Test
    public void readsTheClockOnTheThirdTry() throws Exception {
        Path marker = Path.of("target", "clock-attempts");
        int attempt = Files.exists(marker) ? Integer.parseInt(Files.readString(marker).trim()) + 1 : 1;
        Files.writeString(marker, Integer.toString(attempt));
        System.out.println("attempt " + attempt);
        assertEquals("the clock is not ready", 3, attempt);
    }

    @Test
    public void opensTheLedger() {
        throw new IllegalStateException("ledger is locked");
    }

    @Ignore("not on CI")
    @Test
    public void printsInvoices() {
    }
}
