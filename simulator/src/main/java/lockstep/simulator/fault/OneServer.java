package lockstep.simulator.fault;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.trace.Event.ConnectionState;

/**
 * What killing, starting or cutting off one server of an ensemble does to the clients, in the order the trace writes
 * it. Shared by {@link ServerKill}, {@link ServerRestartOne}, {@link ServerIsolate} and {@link ServerHeal}.
 *
 * <p>Who is disconnected: the clients of the server that goes down or is cut off (ZooKeeper closes the connections
 * of a server that leaves the quorum); everyone when that server led (the followers stop serving until a new leader
 * is elected) or when too few servers are left to elect one. Its clients move to the next running server that is
 * not cut off (by number, wrapping), as a real client with the whole connect string would move to
 * another server. Whoever was disconnected reconnects, with its session, once a leader serves again.
 */
final class OneServer {

    private OneServer() {
    }

    /** The server a script's {@code server N} or {@code server leader} names, or 0 when it names none now. */
    static int named(FaultContext context, String server) throws Exception {
        if (server.equals("leader")) {
            return context.cluster().awaitLeader();
        }
        return Integer.parseInt(server);
    }

    /** Why a fault to one server cannot apply, or null. */
    static String refusal(FaultContext context, String server) {
        int size = context.cluster().size();
        if (!context.cluster().isControlled()) {
            return text("refusal.externalEnsemble");
        }
        if (size == 1) {
            return text("refusal.oneServer");
        }
        if (server.equals("leader")) {
            return context.cluster().isRunning() ? null
                    : text("refusal.noLeader", size);
        }
        int number = Integer.parseInt(server);
        return number <= size ? null : text("refusal.noSuchServer", number, size);
    }

    /** Kills server {@code server} (see the class comment) and returns once the clients have settled. */
    static void kill(FaultContext context, int server) throws Exception {
        leave(context, server, () -> context.cluster().kill(server));
    }

    /**
     * Cuts server {@code server} off from the other servers and returns once the clients have settled: it leaves the
     * quorum as a killed server does, and its clients, whom it no longer serves, move on as a killed server's do.
     */
    static void isolate(FaultContext context, int server) throws Exception {
        leave(context, server, () -> context.cluster().isolate(server));
    }

    /** Server {@code server} stops serving by {@code leaving}; who is disconnected and moved: the class comment. */
    private static void leave(FaultContext context, int server, Leaving leaving) throws Exception {
        boolean led = context.cluster().awaitLeader() == server;
        int running = 0;
        for (int s = 1; s <= context.cluster().size(); s++) {
            running += s != server && context.cluster().isUp(s) && !context.cluster().isIsolated(s) ? 1 : 0;
        }
        boolean quorumLost = running <= context.cluster().size() / 2;
        List<String> hit = context.clients().stream()
                .filter(c -> led || quorumLost || context.serverOf(c) == server)
                .toList();
        Map<String, Integer> seen = seen(context, hit);
        int next = nextRunning(context, server);
        for (String client : context.clients()) {
            if (context.serverOf(client) == server && next != 0) {
                context.moveClient(client, next, false);
            }
        }
        leaving.run();
        // Written before the clients notice: the trace shows who serves at each moment, the gap included.
        context.recordServersDown();
        disconnect(context, hit, seen);
        context.recordServers();
        reconnect(context, hit, seen);
    }

    /** Every cut link between the servers works again; the clients a lost majority left waiting reconnect. */
    static void heal(FaultContext context) throws Exception {
        List<String> waiting = context.clients().stream()
                .filter(c -> context.client(c).connection() == ConnectionState.DISCONNECTED
                        && !context.network().isCut(c)).toList();
        Map<String, Integer> seen = seen(context, waiting);
        context.cluster().heal();
        context.recordServers();
        reconnect(context, waiting, seen);
    }

    /** What makes a server stop serving: a kill, a cut. */
    private interface Leaving {
        void run() throws Exception;
    }

    /** Starts server {@code server} (killing it first if it runs) and returns once the clients have settled. */
    static void restart(FaultContext context, int server) throws Exception {
        if (context.cluster().isUp(server)) {
            boolean led = context.cluster().awaitLeader() == server;
            boolean quorumLost = !context.cluster().isRunning();
            List<String> hit = context.clients().stream()
                    .filter(c -> led || quorumLost || context.serverOf(c) == server).toList();
            Map<String, Integer> seen = seen(context, hit);
            context.cluster().restart(server);
            disconnect(context, hit, seen);
            context.recordServers();
            reconnect(context, hit, seen);
            return;
        }
        List<String> waiting = context.clients().stream()
                .filter(c -> context.client(c).connection() == ConnectionState.DISCONNECTED
                        && !context.network().isCut(c)).toList();
        Map<String, Integer> seen = seen(context, waiting);
        context.cluster().restart(server);
        context.recordServers();
        reconnect(context, waiting, seen);
    }

    /** The next running server after {@code server} that is not cut off, by number and wrapping; 0 when none. */
    static int nextRunning(FaultContext context, int server) {
        int size = context.cluster().size();
        for (int step = 1; step < size; step++) {
            int candidate = (server - 1 + step) % size + 1;
            if (context.cluster().isUp(candidate) && !context.cluster().isIsolated(candidate)) {
                return candidate;
            }
        }
        return 0;
    }

    private static Map<String, Integer> seen(FaultContext context, List<String> clients) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (String client : clients) {
            if (!context.client(client).paused()) {
                seen.put(client, context.connectionEventsSeen(client));
                context.setReachable(client, false);
            }
        }
        return seen;
    }

    private static void disconnect(FaultContext context, List<String> clients, Map<String, Integer> seen) {
        for (String client : seen.keySet()) {
            var view = context.client(client);
            if (view.sessionAlive() && !view.paused() && view.connection() != ConnectionState.DISCONNECTED) {
                context.awaitConnection(client, seen.get(client), ConnectionState.DISCONNECTED);
            }
        }
    }

    /** Once a leader serves: every client that was disconnected reconnects with its session. */
    private static void reconnect(FaultContext context, List<String> clients, Map<String, Integer> seen)
            throws Exception {
        if (!context.cluster().isRunning()) {
            return; // no quorum: they stay disconnected, and unreachable, until enough servers run again
        }
        for (String client : seen.keySet()) {
            var view = context.client(client);
            if (view.sessionAlive() && view.connection() == ConnectionState.DISCONNECTED
                    && !context.network().isCut(client)) {
                context.awaitConnection(client, seen.get(client), ConnectionState.RECONNECTED);
            }
            if (context.client(client).connection() != ConnectionState.DISCONNECTED) {
                context.setReachable(client, true);
            }
        }
    }
}
