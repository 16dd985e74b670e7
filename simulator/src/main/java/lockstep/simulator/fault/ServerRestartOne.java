package lockstep.simulator.fault;

/**
 * {@code server N restart}: one server of an ensemble stops, if it runs, and starts again on its data. Its clients
 * reconnect to it with their sessions; if it led, a new leader is elected meanwhile. A killed server comes back this
 * way, and with it the ensemble's majority, if that was lost.
 */
public final class ServerRestartOne implements Fault {

    @Override
    public String name() {
        return "server-n-restart";
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
    public boolean namesAServer() {
        return true;
    }

    @Override
    public String description() {
        return "one server of an ensemble starts again (stopping first if it runs): a killed server comes back";
    }

    @Override
    public java.util.Optional<String> undoes() {
        return java.util.Optional.of("server-kill");
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "server 1 kill", "server 1 restart", "holder release",
                "holder release", "holder release");
    }

    @Override
    public String refusal(FaultContext context, String server) {
        return OneServer.refusal(context, server);
    }

    @Override
    public void apply(FaultContext context, String server) throws Exception {
        int number = OneServer.named(context, server);
        boolean up = context.cluster().isUp(number);
        context.record(this, "", number, "server " + number + (up ? " stops and starts again" : " starts again"));
        OneServer.restart(context, number);
        context.settle();
    }
}
