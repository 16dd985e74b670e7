package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * {@code cN resume}: the paused client carries on where it was. The events it missed arrive now: a notification, or
 * the news that its session expired while it was paused.
 */
public final class Resume implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.RESUMES;
    }

    @Override
    public String name() {
        return "resume";
    }

    @Override
    public String word() {
        return "resume";
    }

    @Override
    public Target target() {
        return Target.CLIENT;
    }

    @Override
    public String description() {
        return "the paused client carries on where it was; the events it missed arrive now";
    }

    @Override
    public java.util.Optional<String> undoes() {
        return java.util.Optional.of("pause");
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "c1 pause", "c1 resume", "holder release", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        return context.client(client).paused() ? null : text("refusal.notPaused");
    }

    @Override
    public void apply(FaultContext context, String client) {
        var view = context.client(client);
        int seen = context.connectionEventsSeen(client);
        context.setPaused(this, client, false, client + " carries on where it was");
        if (!view.sessionAlive() && view.connection() != ConnectionState.EXPIRED) {
            context.awaitConnection(client, seen, ConnectionState.EXPIRED);
            context.afterExpiryLearned(client);
        }
        context.settle();
    }
}
