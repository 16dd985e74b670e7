package lockstep.simulator.check;

import java.util.List;

/** A property every correct run has, stated in one sentence, and the way to find where a run breaks it. */
public interface Invariant {

    /** The finding kind ({@code mutual-exclusion}). */
    String kind();

    /** The property, as a sentence a student can check against the window. */
    String sentence();

    /** The property in the current language ({@link #sentence()} is the English one). */
    default String localSentence() {
        return lockstep.simulator.text.SimulatorTexts.text("invariant." + kind() + ".sentence");
    }

    /** True when breaking it is worth a note but is not a failure of the lock. */
    default boolean isNote() {
        return false;
    }

    /** Where {@code run} breaks the property, in the order they show. */
    List<Breach> findIn(CheckedRun run);

    /**
     * One place a run breaks an invariant.
     *
     * @param at      the event where it shows
     * @param clients the clients involved
     * @param message one line, {@code event AT: what happened (the invariant's short name)}
     */
    record Breach(int at, List<String> clients, Phrase phrase) {
        public Breach {
            clients = List.copyOf(clients);
        }

        /** The message in English, as JSON and files keep it. */
        public String message() {
            return phrase.english();
        }
    }
}
