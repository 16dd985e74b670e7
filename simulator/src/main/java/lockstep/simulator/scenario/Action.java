package lockstep.simulator.scenario;

import java.util.List;

import lockstep.simulator.fault.Fault;

/**
 * A client action such as {@code c3 acquire read} or {@code c1 pause}: who, and either a lock verb (with the mode of
 * an {@code acquire}, if one was given) or a fault from the fault registry.
 *
 * @param verb  the lock verb, or null for a fault
 * @param mode  READ or WRITE, or null when the line gives no mode (the runner decides what that means per algorithm)
 * @param fault the fault, or null for a lock verb
 * @param locks the named locks an acquire asks for, in the order written ({@code c1 acquire A,B}); empty when the line
 *              names none (the scenario's one lock, or every lock it names)
 */
public record Action(Position at, String text, Target target, Verb verb, Mode mode, Fault fault, List<String> locks)
        implements Step {

    public Action {
        if ((verb == null) == (fault == null)) {
            throw new IllegalArgumentException("an action is a lock verb or a fault: " + text);
        }
        locks = List.copyOf(locks);
    }

    /** An action that names no lock. */
    public Action(Position at, String text, Target target, Verb verb, Mode mode, Fault fault) {
        this(at, text, target, verb, mode, fault, List.of());
    }

    /** The word the script used for what is done ({@code acquire}, {@code crash}). */
    public String word() {
        return verb != null ? verb.word() : fault.word();
    }
}
