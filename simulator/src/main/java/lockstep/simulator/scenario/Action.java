package lockstep.simulator.scenario;

/**
 * A client action such as {@code c3 acquire read}: who, what, and for {@code acquire} the mode if one was given.
 *
 * @param mode READ or WRITE, or null when the line gives no mode (the runner decides what that means per algorithm)
 */
public record Action(Position at, String text, Target target, Verb verb, Mode mode) implements Step {
}
