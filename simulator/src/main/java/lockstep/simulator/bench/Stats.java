package lockstep.simulator.bench;

import java.util.Arrays;

/**
 * The one statistics helper of every benchmark: median, percentiles (nearest rank), min, max and the ratio of two
 * medians. The machine is shared and noisy, so benchmarks compare side by side in one run and report medians and
 * ratios, not means.
 */
public final class Stats {

    private Stats() {
    }

    public static double median(double[] values) {
        return percentile(values, 50);
    }

    /** The nearest-rank percentile {@code p} (0..100) of {@code values}; 0 for none. */
    public static double percentile(double[] values, double p) {
        if (values.length == 0) {
            return 0;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return percentileOfSorted(sorted, p);
    }

    /** As {@link #percentile}, on values already sorted ascending. */
    public static double percentileOfSorted(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        if (p == 50 && sorted.length % 2 == 0) {
            // The median of an even count is the mean of the middle two: two slices A B give their midpoint.
            return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public static double max(double[] values) {
        return Arrays.stream(values).max().orElse(0);
    }

    public static double min(double[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    /** median(a) / median(b); NaN when the median of b is 0. */
    public static double ratioOfMedians(double[] a, double[] b) {
        double denominator = median(b);
        return denominator == 0 ? Double.NaN : median(a) / denominator;
    }
}
