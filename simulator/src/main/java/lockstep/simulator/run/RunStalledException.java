package lockstep.simulator.run;

/** The run cannot reach a stable point: a bug in an algorithm, a scheduler, or the server. */
final class RunStalledException extends RuntimeException {
    RunStalledException(String message) {
        super(message);
    }
}
