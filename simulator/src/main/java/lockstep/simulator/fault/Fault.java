package lockstep.simulator.fault;

/**
 * Something a scenario does to the system rather than through a client's lock code: a crash, an expiry, a cut
 * network, a paused process, a stopped server. Each fault is one class, found by the {@link Faults} registry: its
 * script word, its description (for {@code lockstep list} and the docs), when it applies, and what it does through a
 * {@link FaultContext}. Adding a fault means adding its class and its entry in {@code docs/scenario-format.md}; the
 * loader, the runner and {@code list} pick it up from the registry.
 *
 * <p>A fault runs at a stable point of a lockstep run, records itself first ({@link FaultContext#record}), then
 * acts, and waits (counted, never slept) for what it must see happen before it returns, so the trace is the same in
 * every run.
 */
public interface Fault {

    /** Whom a fault is done to: a script line {@code c1 crash} or {@code server stop}. */
    enum Target {
        CLIENT, SERVER
    }

    /** The name in traces and {@code list} ({@code crash}, {@code server-stop}). */
    String name();

    /** The word in scripts after the client or {@code server} ({@code crash}, {@code stop}). */
    String word();

    Target target();

    /**
     * What the fault's own event changes in the run's state, for the replay ({@code NONE} when all it does shows in
     * the events that follow it: deletions, connections, server roles).
     */
    default lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.NONE;
    }

    /** One line for {@code lockstep list} and the docs. */
    String description();

    /**
     * Whether a server fault names one server of an ensemble between {@code server} and its word: a number 1..N or
     * {@code leader} ({@code server 2 kill}, {@code server leader kill}). The fault gets that name as its
     * {@code client} argument.
     */
    default boolean namesAServer() {
        return false;
    }

    /**
     * Whether it cuts links between the servers of an ensemble ({@code server N isolate}): a run whose script has
     * such a line starts its ensemble with peer links that can be cut; every other run's servers reach each other
     * directly, as before there was a partition to make (proxies between them would change how soon a kill is seen).
     */
    default boolean cutsServerLinks() {
        return false;
    }

    /** Whether it applies only on an ensemble (its example then runs on three servers). */
    default boolean needsAnEnsemble() {
        return namesAServer();
    }

    /** How a script writes it, for the docs: {@code crash}, {@code server stop}, {@code server N kill}. */
    default String scriptForm() {
        if (target() == Target.CLIENT) {
            return word();
        }
        return namesAServer() ? "server N " + word() : "server " + word();
    }

    /**
     * The fault this one puts back, by its trace name, or empty when it puts back none: {@code resume} undoes
     * {@code pause}, {@code reconnect} undoes {@code disconnect}, {@code server start} undoes {@code server stop},
     * {@code server N restart} undoes {@code server N kill}. The explorer ends a run with these, so that what is left
     * at the end is the lock's doing and not a frozen client's.
     */
    default java.util.Optional<String> undoes() {
        return java.util.Optional.empty();
    }

    /**
     * Whether, while it holds, the client runs nothing at all, not even what puts back another fault: a paused process
     * takes up no reconnection until it resumes, so the fault that undoes this one goes before the others.
     */
    default boolean stopsTheClient() {
        return false;
    }

    /**
     * Why the fault cannot apply now, as the rest of "c1 cannot crash: ...", e.g. "it is not paused (expected a
     * paused client)"; null when it can. Asked before {@link #apply}.
     *
     * @param client the client's name; for a server fault "" (all servers) or the server it names ("2", "leader")
     */
    default String refusal(FaultContext context, String client) {
        return null;
    }

    /**
     * A short script for three clients {@code c1..c3} that shows the fault and ends with everyone done: the docs show
     * it, and the tests run it on every algorithm.
     */
    java.util.List<String> example();

    /** Does it, and returns once the run may go on. */
    void apply(FaultContext context, String client) throws Exception;
}
