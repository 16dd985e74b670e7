package lockstep.simulator.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.session.WatchKind;

import lockstep.simulator.trace.Event.Op;
import lockstep.simulator.trace.Event.State;

/**
 * Hand-built traces for tests: every method appends one event with the next index, so a test reads like the run it
 * describes. Clients request in {@code "exclusive"} mode unless {@link #mode} says otherwise.
 */
public final class TraceBuilder {

    private final List<Event> events = new ArrayList<>();
    private final String lockPath;
    private int step;
    private String mode = "exclusive";

    private TraceBuilder(String algorithm, String lockPath, List<String> clients) {
        this(algorithm, lockPath, clients, 1);
    }

    private TraceBuilder(String algorithm, String lockPath, List<String> clients, int permits) {
        this(algorithm, lockPath, clients, permits, List.of());
    }

    private TraceBuilder(String algorithm, String lockPath, List<String> clients, int permits, List<String> locks) {
        this.lockPath = lockPath;
        events.add(new Event.RunStarted(0, "test", "A test run", algorithm, 42L, lockPath, clients, true, permits,
                locks));
    }

    /** A run of a multi-lock on {@code /lockstep/multi} with named locks (each at {@code /lockstep/multi/NAME}). */
    public static TraceBuilder multi(List<String> locks, String... clients) {
        return new TraceBuilder("multilock", "/lockstep/multi", List.of(clients), 1, locks);
    }

    /** A run of a semaphore with {@code permits} permits on {@code /lockstep/sem}. */
    public static TraceBuilder semaphore(int permits, String... clients) {
        return new TraceBuilder("semaphore", "/lockstep/sem", List.of(clients), permits);
    }

    public static TraceBuilder run(String algorithm, String lockPath, String... clients) {
        return new TraceBuilder(algorithm, lockPath, List.of(clients));
    }

    /** A herd run on {@code /lockstep/herd} with the given clients. */
    public static TraceBuilder herd(String... clients) {
        return run("herd", "/lockstep/herd", clients);
    }

    /** The path of the lock's sequential child number {@code sequence}. */
    public String node(long sequence) {
        return lockPath + String.format("/lock-%010d", sequence);
    }

    public String lockPath() {
        return lockPath;
    }

    /** The mode later {@link #requesting}/{@link #waiting}/{@link #holding} calls use. */
    public TraceBuilder mode(String mode) {
        this.mode = mode;
        return this;
    }

    /** A script line; steps count from 1, the line number is the step plus 4 (as if after a header). */
    public TraceBuilder line(String text) {
        step++;
        return add(new Event.ScriptLine(next(), step, step + 4, text));
    }

    /** The previous line run again, as {@code repeat N:} runs it: the next step, the same line of the file. */
    public TraceBuilder again(String text) {
        step++;
        return add(new Event.ScriptLine(next(), step, step + 3, text));
    }

    public TraceBuilder say(String text) {
        return add(new Event.Narration(next(), text));
    }

    public TraceBuilder call(String client, Op op, String path, boolean watch, String result, String detail) {
        return add(new Event.Call(next(), client, op, path, watch, Code.valueOf(result.toUpperCase(Locale.ROOT)),
                detail));
    }

    public TraceBuilder watch(String client, String path, WatchKind kind) {
        return add(new Event.WatchSet(next(), client, path, kind));
    }

    public TraceBuilder fire(String client, String path, String type) {
        return add(new Event.WatchFired(next(), client, path, EventType.valueOf(type)));
    }

    public TraceBuilder created(String path, long sequence, String owner) {
        return created(path, sequence, owner, "ephemeral-sequential");
    }

    public TraceBuilder created(String path, long sequence, String owner, String mode) {
        return add(new Event.NodeCreated(next(), path, sequence, owner,
                CreateMode.valueOf(mode.toUpperCase(Locale.ROOT).replace('-', '_'))));
    }

    public TraceBuilder deleted(String path, String owner, Event.Deletion reason) {
        return add(new Event.NodeDeleted(next(), path, owner, reason, reason == Event.Deletion.DELETED ? owner : ""));
    }

    public TraceBuilder state(String client, State state, String mode, String watching) {
        return add(new Event.ClientState(next(), client, state,
                mode.isEmpty() ? null : LockMode.valueOf(mode.toUpperCase(Locale.ROOT)), watching));
    }

    public TraceBuilder requesting(String client) {
        return state(client, State.REQUESTING, mode, "");
    }

    public TraceBuilder waiting(String client, String watching) {
        return state(client, State.WAITING, mode, watching);
    }

    public TraceBuilder holding(String client) {
        return state(client, State.HOLDING, mode, "");
    }

    public TraceBuilder released(String client) {
        return state(client, State.RELEASED, "", "");
    }

    /** A fault; crash and expire end the client's session, as the registry's faults of those names do. */
    public TraceBuilder fault(String kind, String client, String detail) {
        Event.FaultEffect effect = kind.equals("crash") || kind.equals("expire") ? Event.FaultEffect.ENDS_SESSION
                : Event.FaultEffect.NONE;
        return add(new Event.Fault(next(), kind, effect, client, 0, detail));
    }

    public TraceBuilder connection(String client, Event.ConnectionState state, int session) {
        return add(new Event.Connection(next(), client, state, session));
    }

    public TraceBuilder write(String client, long token, boolean accepted) {
        return add(new Event.Write(next(), client, token, accepted, accepted ? "accepted" : "refused"));
    }

    public TraceBuilder ended() {
        return add(new Event.RunEnded(next(), "completed"));
    }

    /** {@code client} creates its sequential node number {@code sequence} under the lock. */
    public TraceBuilder creates(String client, long sequence) {
        call(client, Op.CREATE, lockPath + "/lock-", false, "ok", node(sequence));
        return created(node(sequence), sequence, client);
    }

    /** {@code client} deletes its node number {@code sequence}. */
    public TraceBuilder deletes(String client, long sequence) {
        call(client, Op.DELETE, node(sequence), false, "ok", "");
        return deleted(node(sequence), client, Event.Deletion.DELETED);
    }

    /** Index of the last event appended. */
    public int last() {
        return events.size() - 1;
    }

    public List<Event> build() {
        return List.copyOf(events);
    }

    private int next() {
        return events.size();
    }

    private TraceBuilder add(Event event) {
        events.add(event);
        return this;
    }
}
