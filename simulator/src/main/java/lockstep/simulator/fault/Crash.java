package lockstep.simulator.fault;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.ConnectionState;
import lockstep.simulator.trace.Event.State;

/**
 * {@code cN crash}: the client's process dies. Its session closes abruptly without a release; the server deletes its
 * ephemeral node at once, which fires the watches on it. The client is out of the run from here on.
 */
public final class Crash implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.ENDS_SESSION;
    }

    @Override
    public String name() {
        return "crash";
    }

    @Override
    public String word() {
        return "crash";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "the client's process dies: its session closes abruptly, the server deletes its ephemeral nodes";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c1 crash", "holder release", "holder release");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, client, client + "'s session closed abruptly, as when its process dies");
        context.leaveTheRun(client);
        context.sessionEnded(client, Event.Deletion.SESSION_CLOSED);
        context.crash(client);
        context.recordConnection(client, ConnectionState.CLOSED);
        context.markState(client, State.CRASHED);
        context.settle();
    }
}
