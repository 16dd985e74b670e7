package lockstep.simulator.frame;

/**
 * One edge of a deadlock's waits-for cycle as a lane draws it: a red arrow from {@code client} to {@code holder}, which
 * holds the named lock {@code lock} that {@code client} waits for.
 */
public record WaitArrow(String client, String lock, String holder) {
}
