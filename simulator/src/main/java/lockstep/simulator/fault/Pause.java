package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

/**
 * {@code cN pause}: a stop-the-world pause (a long garbage collection, a stopped VM). The client makes no call and
 * handles no event until {@code cN resume}; what it believed (that it holds the lock) it still believes. Its session
 * can end meanwhile ({@code cN expire}): that is how a zombie is made. (Its client library's heartbeats go on
 * during the pause; a session ends only when the script says so.)
 */
public final class Pause implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.PAUSES;
    }

    @Override
    public String name() {
        return "pause";
    }

    @Override
    public String word() {
        return "pause";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "a stop-the-world pause: the client makes no call and handles no event until resume";
    }

    @Override
    public boolean stopsTheClient() {
        return true;
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c2 pause", "holder release", "c2 resume", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        return context.client(client).paused() ? text("refusal.pausedAlready") : null;
    }

    @Override
    public void apply(FaultContext context, String client) {
        context.setPaused(this, client, true, client + " stops: no call, no event, until it resumes");
    }
}
