package lockstep.simulator.scenario;

/** {@code say: ...}: narration for the audience; it changes nothing in the system. The text is on one line. */
public record Say(Position at, String text, String narration) implements Step {
}
