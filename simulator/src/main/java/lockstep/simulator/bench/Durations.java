package lockstep.simulator.bench;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lockstep.simulator.text.TranslatedConversion;
import picocli.CommandLine.ITypeConverter;

/** A duration option such as {@code 10s}, {@code 500ms}, {@code 2m} or {@code 0}: picocli's converter. */
public final class Durations implements ITypeConverter<Duration> {

    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?");

    @Override
    public Duration convert(String value) {
        Matcher m = FORMAT.matcher(value.trim());
        if (!m.matches()) {
            throw new TranslatedConversion("durations.notADuration", value);
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? (amount == 0 ? "s" : "") : m.group(2);
        double millis;
        switch (unit) {
            case "ms":
                millis = amount;
                break;
            case "s":
                millis = amount * 1000;
                break;
            case "m":
                millis = amount * 60_000;
                break;
            default:
                throw new TranslatedConversion("durations.needsUnit", value);
        }
        return Duration.ofNanos(Math.round(millis * 1_000_000));
    }

    /** {@code 1.5 s}, {@code 250 ms}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        return ms >= 1000 ? String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0) : ms + " ms";
    }
}
