package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

/**
 * {@code server N kill} or {@code server leader kill}: one server of an ensemble dies. Its clients are disconnected
 * and move to the next running server; if it led, every client is disconnected while the others elect a new leader;
 * if too few servers are left to elect one, nobody is served until enough run again. Sessions live on in the
 * ensemble: whoever reconnects within its session timeout keeps its session and nodes, and its client library sends
 * its watches again to the new server (the dead one held them in memory).
 */
public final class ServerKill implements Fault {

    @Override
    public String name() {
        return "server-kill";
    }

    @Override
    public String word() {
        return "kill";
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
        return "one server of an ensemble dies (N, or the leader): its clients move to another server, a new leader "
                + "is elected if it led";
    }

    @Override
    public java.util.List<String> example() {
        return java.util.List.of("all acquire", "server leader kill", "holder release", "holder release",
                "holder release");
    }

    @Override
    public String refusal(FaultContext context, String server) {
        String why = OneServer.refusal(context, server);
        if (why != null || server.equals("leader")) {
            return why;
        }
        return context.cluster().isUp(Integer.parseInt(server)) ? null
                : text("refusal.downAlready", server);
    }

    @Override
    public void apply(FaultContext context, String server) throws Exception {
        int number = OneServer.named(context, server);
        boolean led = context.cluster().awaitLeader() == number;
        context.record(this, "", number, "server " + number + (led ? ", the leader," : "") + " dies");
        OneServer.kill(context, number);
        context.settle();
    }
}
