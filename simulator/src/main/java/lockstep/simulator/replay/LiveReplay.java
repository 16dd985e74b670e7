package lockstep.simulator.replay;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Resource;
import lockstep.simulator.replay.ReplayState.Znode;
import lockstep.simulator.trace.Event;

/**
 * The state of a run as its trace grows, for whoever writes the trace (the scenario runner) or walks one (the
 * checker): the same {@link Replay} code the window uses, fed one event at a time, read without copying. So the runner
 * decides "who holds the lock now" from exactly what the trace says, never from a book of its own.
 *
 * <p>Not thread-safe: one thread applies and reads.
 */
public final class LiveReplay {

    private final Replay replay;

    private LiveReplay(Replay replay) {
        this.replay = replay;
    }

    /** The state after {@code start}, which must be a trace's event 0. */
    public static LiveReplay startingWith(Event start) {
        return new LiveReplay(Replay.start(start));
    }

    public void apply(Event event) {
        replay.apply(event);
    }

    /** The client's view now ({@link ClientView#initial} for a name the run does not know). */
    public ClientView client(String name) {
        return replay.client(name);
    }

    /** The clients that believe they hold the lock, in grant order (a read-only view: do not keep it). */
    public List<String> holders() {
        return replay.holdersNow();
    }

    /** The clients asking for the lock now (requesting or waiting), in the order they started (a read-only view). */
    public Collection<String> asking() {
        return replay.askingNow();
    }

    /** The grants of the current script line so far, in order (a read-only view: do not keep it). */
    public List<ReplayState.Grant> grantsThisLine() {
        return replay.grantsThisLineNow();
    }

    /** The lock's children now, in sequence order (a read-only view: do not keep it). */
    public Map<String, Znode> znodes() {
        return replay.znodesNow();
    }

    /** The ephemeral lock nodes {@code client} owns now, in sequence order. */
    public List<Znode> ephemeralsOf(String client) {
        return replay.znodesNow().values().stream().filter(n -> n.owner().equals(client) && n.isEphemeral()).toList();
    }

    /** The path of the watch {@code client} set last and still holds, or "". */
    public String latestWatchOf(String client) {
        return replay.latestWatchOf(client);
    }

    /** The lock's path (the parent of its nodes). */
    public String lockPath() {
        return replay.lockPath();
    }

    /** How many clients the lock admits at once (1 for a mutex, N for a semaphore). */
    public int permits() {
        return replay.permits();
    }

    public Resource resource() {
        return replay.resource();
    }

    /** What the run remembers of its past beyond the state now ({@link Remembered}). */
    public Remembered remembered() {
        return replay.remembered();
    }

    /** An immutable copy of the whole state now. */
    public ReplayState state() {
        return replay.snapshot();
    }

    /** The ensemble's servers and each client's server now ({@link EnsembleView#NONE} on one server). */
    public EnsembleView ensemble() {
        return replay.ensemble();
    }
}
