package lockstep.simulator.scenario;

/**
 * One line of a scenario's script. Every step knows where it starts in the file, so the runner can report a step that
 * cannot run (a release by a client that holds nothing, ...) at the right place, and how it reads, so views can show it.
 */
public sealed interface Step permits Action, Together, Say, Repeat, ServerStep {

    /** Where the step starts in the file: the line and column of its list item. */
    Position at();

    /** The step as the user wrote it, on one line with single spaces, e.g. {@code "c3 acquire read"}. */
    String text();
}
