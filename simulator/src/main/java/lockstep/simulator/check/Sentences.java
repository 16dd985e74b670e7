package lockstep.simulator.check;

import java.util.List;
import java.util.Locale;

import lockstep.simulator.trace.Event.State;

/** Small pieces shared by the checker's messages, as phrases of the messages bundle. */
final class Sentences {

    private Sentences() {
    }

    /** The lock modes a finding names, each with its word in the messages bundle ({@code check.mode.read}). */
    static final List<String> MODES = List.of("exclusive", "read", "write");

    /** What a client in {@code state} is doing, after its name: "holds the lock", "has crashed". */
    static Phrase doing(State state) {
        return Phrase.of(switch (state) {
            case IDLE -> "check.doing.idle";
            case REQUESTING -> "check.doing.requesting";
            case WAITING -> "check.doing.waiting";
            case HOLDING, STILL_HOLDING -> "check.doing.holding";
            case RELEASED -> "check.doing.released";
            case GAVE_UP -> "check.doing.gaveUp";
            case CRASHED -> "check.doing.crashed";
            case EXPIRED -> "check.doing.expired";
        });
    }

    static String lower(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
