package lockstep.simulator.scenario;

import lockstep.simulator.fault.Fault;

/**
 * A client action such as {@code c3 acquire read} or {@code c1 pause}: who, and either a lock verb (with the mode of
 * an {@code acquire}, if one was given) or a fault from the fault registry.
 *
 * @param verb  the lock verb, or null for a fault
 * @param mode  READ or WRITE, or null when the line gives no mode (the runner decides what that means per algorithm)
 * @param fault the fault, or null for a lock verb
 */
public record Action(Position at, String text, Target target, Verb verb, Mode mode, Fault fault) implements Step {

    public Action {
        if ((verb == null) == (fault == null)) {
            throw new IllegalArgumentException("an action is a lock verb or a fault: " + text);
        }
    }

    /** The word the script used for what is done ({@code acquire}, {@code crash}). */
    public String word() {
        return verb != null ? verb.word() : fault.word();
    }
}
