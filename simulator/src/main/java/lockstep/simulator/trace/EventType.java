package lockstep.simulator.trace;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code "type"} of each event in the JSON Lines form, and the fields each type carries after {@code "i"} and
 * {@code "type"}, in the order they are written. Names and order are part of the file format: changing either changes
 * every trace file.
 */
enum EventType {
    RUN_STARTED("run-started", Event.RunStarted.class, "format", "scenario", "title", "algorithm", "seed", "lockPath", "clients",
            "fencing", "permits", "locks", "scenarioDigest", "lockstepVersion"),
    SCRIPT_LINE("script-line", Event.ScriptLine.class, "step", "line", "text"),
    NARRATION("narration", Event.Narration.class, "text"),
    CALL("call", Event.Call.class, "client", "op", "path", "watch", "result", "detail"),
    WATCH_SET("watch-set", Event.WatchSet.class, "client", "path", "kind"),
    WATCH_FIRED("watch-fired", Event.WatchFired.class, "client", "path", "event"),
    STRAY_NOTIFICATION("stray-notification", Event.StrayNotification.class, "client", "path", "event"),
    NODE_CREATED("node-created", Event.NodeCreated.class, "path", "seq", "owner", "mode", "protection"),
    NODE_DELETED("node-deleted", Event.NodeDeleted.class, "path", "owner", "reason", "by"),
    CLIENT_STATE("client-state", Event.ClientState.class, "client", "state", "mode", "watching"),
    FAULT("fault", Event.Fault.class, "kind", "effect", "client", "server", "detail"),
    CHOICE("choice", Event.Choice.class, "options", "taken"),
    CONNECTION("connection", Event.Connection.class, "client", "state", "session"),
    SERVER_ROLE("server-role", Event.ServerRole.class, "server", "role"),
    CLIENT_SERVER("client-server", Event.ClientServer.class, "client", "server"),
    WRITE("write", Event.Write.class, "client", "token", "accepted", "detail"),
    RUN_ENDED("run-ended", Event.RunEnded.class, "outcome", "digest");

    final String label;
    final Class<? extends Event> type;
    final List<String> fields;

    EventType(String label, Class<? extends Event> type, String... fields) {
        this.label = label;
        this.type = type;
        this.fields = List.of(fields);
    }

    static EventType of(Event event) {
        for (EventType t : values()) {
            if (t.type == event.getClass()) {
                return t;
            }
        }
        throw new IllegalArgumentException("no JSON form for " + event.getClass().getName());
    }

    /** The type with this label, or null. */
    static EventType fromLabel(String label) {
        for (EventType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        return null;
    }

    static String labels() {
        return Arrays.stream(values()).map(t -> t.label).collect(Collectors.joining(", "));
    }
}
