package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

/**
 * {@code server restart}: the servers stop and start again on the same data, while the clients keep running. Every
 * client is disconnected, then reconnects with its session; the client library sets its watches again.
 */
public final class ServerRestart implements Fault {

    @Override
    public lockstep.simulator.trace.Event.FaultEffect effect() {
        return lockstep.simulator.trace.Event.FaultEffect.RESTARTS_SERVERS;
    }

    @Override
    public String name() {
        return "server-restart";
    }

    @Override
    public String word() {
        return "restart";
    }

    @Override
    public Target target() {
        return Target.SERVER;
    }

    @Override
    public String description() {
        return "the servers stop and start again at once: clients reconnect with their sessions";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "server restart", "holder release", "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String client) {
        if (!context.cluster().isControlled()) {
            return text("refusal.externalServers");
        }
        return context.cluster().isRunning() ? null : text("refusal.serversStopped");
    }

    @Override
    public void apply(FaultContext context, String client) throws Exception {
        context.record(this, "", "the servers stop and start again; sessions reconnect");
        ServerStop.stop(context);
        ServerStart.start(context);
        context.settle();
    }
}
