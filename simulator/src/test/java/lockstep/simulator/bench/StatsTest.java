package lockstep.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void medianPercentilesAndRatios() {
        double[] values = {5, 1, 4, 2, 3};
        assertEquals(3, Stats.median(values));
        assertEquals(2.5, Stats.median(new double[] {1, 2, 3, 4}));
        assertEquals(5, Stats.percentile(values, 99));
        assertEquals(1, Stats.percentile(values, 1));
        assertEquals(5, Stats.max(values));
        assertEquals(1.5, Stats.ratioOfMedians(new double[] {3, 4.5, 6}, new double[] {3}));
        assertEquals(0, Stats.median(new double[0]));
    }
}
