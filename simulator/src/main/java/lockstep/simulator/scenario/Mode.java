package lockstep.simulator.scenario;

import java.util.Arrays;
import java.util.Optional;

/** The mode of an {@code acquire} on a read/write lock; a mutex ignores it. */
public enum Mode {
    READ("read"),
    WRITE("write");

    private final String word;

    Mode(String word) {
        this.word = word;
    }

    /** The word a script uses. */
    public String word() {
        return word;
    }

    /** The mode a script word names, if any. */
    public static Optional<Mode> fromWord(String word) {
        return Arrays.stream(values()).filter(mode -> mode.word.equals(word)).findFirst();
    }
}
