package lockstep.simulator.export;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.zookeeper.KeeperException.Code;
import org.apache.zookeeper.Watcher.Event.EventType;

import lockstep.simulator.trace.Event;

/**
 * A trace as a log that ShiViz reads with its default regular expression,
 * {@code (?<event>.*)\n(?<host>\S*) (?<clock>{.*})}: every event is two lines, its text, then its host and its vector
 * clock as a JSON object ({@code c2 {"c2":3,"zookeeper":5}}), as GoVector writes them.
 *
 * <p>Hosts: every client of the run (in the trace's order), {@value #SERVER} for the servers, and {@value #RESOURCE}
 * when a client wrote to the protected resource. Steps:
 * <ol>
 *   <li>A call is three events: the client sends it, the server handles it (its clock takes the client's), the client
 *       gets the answer (its clock takes the server's). A call that got no answer ({@code connectionloss},
 *       {@code systemerror}) is one event on the client.</li>
 *   <li>Node, watch, server-role and server-fault events are the servers' own events (an ensemble's servers are one
 *       host here: the lock sees one service).</li>
 *   <li>A notification is received by its client from the server event that changed the watched node (the node
 *       itself, or for a children watch a child of it): the client's clock takes that event's clock, so ShiViz draws
 *       the arrow from the write to the notification. A stray notification (for a watch the client took back) too.</li>
 *   <li>A write to the resource is sent by its client and received by the resource.</li>
 *   <li>Script lines, narration, choices and the run's start and end belong to no host and are left out.</li>
 * </ol>
 * Guarantee: each host's own entry counts its events 1, 2, 3, ... (ShiViz requires it), and every received event's
 * clock is at least its sender's, entry by entry.
 */
public final class ShivizLog {

    /** The servers' host name. */
    public static final String SERVER = "zookeeper";
    /** The protected resource's host name. */
    public static final String RESOURCE = "resource";
    /** ShiViz's default parser, exactly as its page fills it in (JavaScript syntax). */
    public static final String DEFAULT_REGEX = "(?<event>.*)\\n(?<host>\\S*) (?<clock>{.*})";

    private final Map<String, Map<String, Integer>> clocks = new HashMap<>();
    /** The server's clock when each path last changed: where a notification on that path comes from. */
    private final Map<String, Map<String, Integer>> lastChange = new HashMap<>();
    private final List<String> hosts;
    private final StringBuilder out = new StringBuilder();

    private ShivizLog(List<String> hosts) {
        this.hosts = hosts;
    }

    /** The whole log for one trace. */
    public static String of(List<Event> trace) {
        Event.RunStarted start = (Event.RunStarted) trace.get(0);
        List<String> hosts = new java.util.ArrayList<>(start.clients());
        hosts.add(SERVER);
        if (trace.stream().anyMatch(e -> e instanceof Event.Write)) {
            hosts.add(RESOURCE);
        }
        ShivizLog log = new ShivizLog(hosts);
        List<lockstep.simulator.check.Finding> failures = lockstep.simulator.check.Checker.failures(trace);
        for (Event event : trace) {
            log.add(event);
            for (lockstep.simulator.check.Finding failure : failures) {
                if (failure.at() == event.index()) {
                    // an event of its own, on the first client it names: a broken run never reads as a clean one
                    String host = failure.clients().stream().filter(hosts::contains).findFirst().orElse(SERVER);
                    log.local(host, "checker finding: " + failure.kind() + ": " + failure.message(), null);
                }
            }
        }
        return log.out.toString();
    }

    private void add(Event event) {
        event.accept(adding);
    }

    /** Each event as the local events of the hosts it happens on. A new event type must say where it happens. */
    private final Event.Visitor<Void> adding = new Event.Visitor<>() {
        @Override
        public Void call(Event.Call call) {
            String client = call.client();
            if (call.result() == Code.CONNECTIONLOSS || call.result() == Code.SYSTEMERROR) {
                local(client, client + " " + EventWords.local(call) + " (no answer)", null);
                return null;
            }
            Map<String, Integer> sent = local(client, client + " sends " + EventWords.request(call), null);
            Map<String, Integer> handled = local(SERVER, "handles " + EventWords.request(call) + " from " + client
                    + ": " + EventWords.reply(call), sent);
            if (call.op() == Event.Op.SET_DATA && call.ok()) {
                lastChange.put(call.path(), handled);
            }
            local(client, client + " gets " + call.op().label() + " " + call.path() + ": " + EventWords.reply(call),
                    handled);
            return null;
        }

        @Override
        public Void nodeCreated(Event.NodeCreated n) {
            lastChange.put(n.path(), local(SERVER, EventWords.local(n), null));
            return null;
        }

        @Override
        public Void nodeDeleted(Event.NodeDeleted n) {
            lastChange.put(n.path(), local(SERVER, EventWords.local(n), null));
            return null;
        }

        @Override
        public Void watchSet(Event.WatchSet w) {
            local(SERVER, EventWords.local(w), null);
            return null;
        }

        @Override
        public Void watchFired(Event.WatchFired f) {
            local(f.client(), f.client() + " " + EventWords.local(f), cause(f.path(), f.type()));
            return null;
        }

        @Override
        public Void strayNotification(Event.StrayNotification f) {
            local(f.client(), f.client() + " " + EventWords.local(f), cause(f.path(), f.type()));
            return null;
        }

        @Override
        public Void serverRole(Event.ServerRole r) {
            local(SERVER, EventWords.local(r), null);
            return null;
        }

        @Override
        public Void clientServer(Event.ClientServer c) {
            local(c.client(), c.client() + " " + EventWords.local(c), null);
            return null;
        }

        @Override
        public Void clientState(Event.ClientState s) {
            local(s.client(), s.client() + " is " + EventWords.local(s), null);
            return null;
        }

        @Override
        public Void connection(Event.Connection c) {
            local(c.client(), c.client() + " " + EventWords.local(c), null);
            return null;
        }

        @Override
        public Void fault(Event.Fault f) {
            String host = f.client().isEmpty() || !hosts.contains(f.client()) ? SERVER : f.client();
            local(host, (host.equals(SERVER) ? "" : host + " ") + EventWords.local(f), null);
            return null;
        }

        @Override
        public Void write(Event.Write w) {
            Map<String, Integer> sent = local(w.client(), w.client() + " " + EventWords.local(w), null);
            local(RESOURCE, EventWords.resourceAnswer(w), sent);
            return null;
        }

        // Script lines, narration, choices, the start and the end: not an event of any host.
        @Override
        public Void scriptLine(Event.ScriptLine s) {
            return null;
        }

        @Override
        public Void narration(Event.Narration n) {
            return null;
        }

        @Override
        public Void choice(Event.Choice c) {
            return null;
        }

        @Override
        public Void runStarted(Event.RunStarted r) {
            return null;
        }

        @Override
        public Void runEnded(Event.RunEnded r) {
            return null;
        }
    };

    /**
     * The server's clock at the change that fired a notification of {@code type} on {@code path}, or its clock now
     * when the trace has none.
     */
    private Map<String, Integer> cause(String path, EventType type) {
        Map<String, Integer> change = null;
        if (type == EventType.NodeChildrenChanged) {
            String prefix = path.endsWith("/") ? path : path + "/";
            int latest = -1;
            for (Map.Entry<String, Map<String, Integer>> entry : lastChange.entrySet()) {
                int server = entry.getValue().getOrDefault(SERVER, 0);
                if (entry.getKey().startsWith(prefix) && entry.getKey().indexOf('/', prefix.length()) < 0
                        && server > latest) {
                    latest = server;
                    change = entry.getValue();
                }
            }
        } else {
            change = lastChange.get(path);
        }
        return change != null ? change : clocks.getOrDefault(SERVER, Map.of());
    }

    /** One event on {@code host}: its clock ticks, takes {@code received} entry by entry, and is written out. */
    private Map<String, Integer> local(String host, String text, Map<String, Integer> received) {
        if (!hosts.contains(host)) {
            hosts.add(host);
        }
        Map<String, Integer> clock = clocks.computeIfAbsent(host, h -> new HashMap<>());
        if (received != null) {
            received.forEach((h, n) -> clock.merge(h, n, Math::max));
        }
        clock.merge(host, 1, Integer::sum);
        out.append(EventWords.oneLine(text)).append('\n').append(host).append(' ').append(json(clock)).append('\n');
        return Map.copyOf(clock);
    }

    /** The clock as JSON, hosts in the run's order (a fixed order, so equal traces give equal logs). */
    private String json(Map<String, Integer> clock) {
        Map<String, Integer> ordered = new LinkedHashMap<>();
        for (String host : hosts) {
            if (clock.containsKey(host)) {
                ordered.put(host, clock.get(host));
            }
        }
        StringBuilder text = new StringBuilder("{");
        ordered.forEach((host, n) -> {
            if (text.length() > 1) {
                text.append(", ");
            }
            text.append('"').append(jsonEscape(host)).append("\": ").append(n);
        });
        return text.append('}').toString();
    }

    private static String jsonEscape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
