package lockstep.simulator.check;

import java.util.List;
import java.util.Locale;

import lockstep.simulator.trace.Event.State;

/** Small pieces of English shared by the checker's messages. */
final class Sentences {

    private Sentences() {
    }

    /** "a", "a and b", "a, b and c". */
    static String list(List<String> items) {
        if (items.size() <= 1) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    /** What a client in {@code state} is doing, after its name: "holds the lock", "has crashed". */
    static String doing(State state) {
        return switch (state) {
            case IDLE -> "is idle";
            case REQUESTING -> "is still requesting";
            case WAITING -> "is waiting";
            case HOLDING, STILL_HOLDING -> "holds the lock";
            case RELEASED -> "has released the lock";
            case GAVE_UP -> "has given up";
            case CRASHED -> "has crashed";
            case EXPIRED -> "has lost its session";
        };
    }

    /** "a children", "an exists". */
    static String withArticle(String word) {
        return ("aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ") + word;
    }

    static String lower(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
