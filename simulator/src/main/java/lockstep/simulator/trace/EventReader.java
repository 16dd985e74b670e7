package lockstep.simulator.trace;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.Arrays;
import java.util.List;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException.Code;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.session.WatchKind;
import java.util.stream.Collectors;

import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.Scenario;

/**
 * Reads one event from one parsed line, accepting exactly what {@link EventWriter} writes: the fields of the event's
 * type, each once, each of the right JSON type, no others; enum values by their trace labels. Anything else is a
 * {@link BadInputException} that points at the offending field.
 */
final class EventReader {

    private EventReader() {
    }

    static Event read(JsonLine json, int expectedIndex) throws BadInputException {
        int index = json.integer("i");
        if (index != expectedIndex) {
            throw json.wrong("i", text("json.is", index), text("trace.numbered", expectedIndex));
        }
        String label = json.text("type");
        EventType type = EventType.fromLabel(label);
        if (type == null) {
            throw json.wrong("type", text("trace.unknownLabel", text("trace.what.eventType"), label),
                    text("trace.oneOf", EventType.labels()));
        }
        for (String name : json.names()) {
            if (!name.equals("i") && !name.equals("type") && !type.fields.contains(name)) {
                throw json.wrong(name, text("trace.notAField", label),
                        text("trace.only", String.join(", ", type.fields)));
            }
        }
        return switch (type) {
            case RUN_STARTED -> runStarted(json, index);
            case SCRIPT_LINE -> new Event.ScriptLine(index, json.integer("step"), json.integer("line"), json.text("text"));
            case NARRATION -> new Event.Narration(index, json.text("text"));
            case CALL -> new Event.Call(index, json.text("client"), op(json), json.text("path"), json.bool("watch"),
                    result(json), json.text("detail"));
            case WATCH_SET -> new Event.WatchSet(index, json.text("client"), json.text("path"), watchKind(json));
            case WATCH_FIRED -> new Event.WatchFired(index, json.text("client"), json.text("path"), notification(json));
            case STRAY_NOTIFICATION -> new Event.StrayNotification(index, json.text("client"), json.text("path"),
                    notification(json));
            case NODE_CREATED -> new Event.NodeCreated(index, json.text("path"), json.longInteger("seq"),
                    json.text("owner"), createMode(json), json.text("protection"));
            case NODE_DELETED -> new Event.NodeDeleted(index, json.text("path"), json.text("owner"),
                    labelled(json, "reason", "deletion", Event.Deletion.values()), json.text("by"));
            case CLIENT_STATE -> new Event.ClientState(index, json.text("client"), state(json), lockMode(json),
                    json.text("watching"));
            case FAULT -> new Event.Fault(index, json.text("kind"),
                    labelled(json, "effect", "faultEffect", Event.FaultEffect.values()), json.text("client"),
                    json.integer("server"), json.text("detail"));
            case CHOICE -> choice(json, index);
            case CONNECTION -> new Event.Connection(index, json.text("client"), connectionState(json),
                    json.integer("session"));
            case SERVER_ROLE -> new Event.ServerRole(index, json.integer("server"),
                    labelled(json, "role", "serverRole", Event.Role.values()));
            case CLIENT_SERVER -> new Event.ClientServer(index, json.text("client"), json.integer("server"));
            case WRITE -> new Event.Write(index, json.text("client"), json.longInteger("token"), json.bool("accepted"),
                    json.text("detail"));
            case RUN_ENDED -> new Event.RunEnded(index, json.text("outcome"));
        };
    }

    /**
     * Event 0, after its format: a trace of another format is refused before any other field is read, in one line
     * naming both versions (an older trace's faults and deletions carry sentences where this one has types).
     */
    private static Event.RunStarted runStarted(JsonLine json, int index) throws BadInputException {
        int format = json.has("format") ? json.integer("format") : 1;
        if (format != Event.FORMAT) {
            throw json.wrongLine(text("trace.format", format), text("trace.formatExpected", Event.FORMAT));
        }
        List<String> clients = json.texts("clients");
        if (clients.size() > Scenario.MAX_CLIENTS) {
            // As a scenario's are: every view draws a lane row per client, and no run of Lockstep makes more.
            throw json.wrong("clients", text("read.traceClients", clients.size(), Scenario.MAX_CLIENTS),
                    text("read.traceClientsExpected", Scenario.MAX_CLIENTS));
        }
        return new Event.RunStarted(index, json.text("scenario"), json.text("title"), json.text("algorithm"),
                json.longInteger("seed"), json.text("lockPath"), clients, json.bool("fencing"),
                json.has("permits") ? json.integer("permits") : 1, json.has("locks") ? json.texts("locks") : List.of(),
                json.has("scenarioDigest") ? json.text("scenarioDigest") : "",
                json.has("lockstepVersion") ? json.text("lockstepVersion") : "");
    }

    private static Event.Op op(JsonLine json) throws BadInputException {
        String label = json.text("op");
        for (Event.Op op : Event.Op.values()) {
            if (op.label().equals(label)) {
                return op;
            }
        }
        throw json.wrong("op", text("trace.unknownLabel", text("trace.what.operation"), label), text("trace.oneOf",
                Arrays.stream(Event.Op.values()).map(Event.Op::label).collect(Collectors.joining(", "))));
    }

    private static WatchKind watchKind(JsonLine json) throws BadInputException {
        return labelled(json, "kind", "watchKind", WatchKind.values());
    }

    private static Code result(JsonLine json) throws BadInputException {
        return labelled(json, "result", "result", Code.values());
    }

    private static CreateMode createMode(JsonLine json) throws BadInputException {
        return labelled(json, "mode", "createMode", CreateMode.values());
    }

    private static Event.ConnectionState connectionState(JsonLine json) throws BadInputException {
        return labelled(json, "state", "connectionState", Event.ConnectionState.values());
    }

    private static org.apache.zookeeper.Watcher.Event.EventType notification(JsonLine json)
            throws BadInputException {
        String label = json.text("event");
        for (var type : org.apache.zookeeper.Watcher.Event.EventType.values()) {
            if (type != org.apache.zookeeper.Watcher.Event.EventType.None && type.name().equals(label)) {
                return type;
            }
        }
        throw json.wrong("event", text("trace.unknownLabel", text("trace.what.notification"), label),
                text("trace.oneOf", "NodeCreated, NodeDeleted, NodeDataChanged, NodeChildrenChanged"));
    }

    private static LockMode lockMode(JsonLine json) throws BadInputException {
        if (json.text("mode").isEmpty()) {
            return null;
        }
        return labelled(json, "mode", "lockMode", LockMode.values());
    }

    private static Event.Choice choice(JsonLine json, int index) throws BadInputException {
        List<String> options = json.texts("options");
        int taken = json.integer("taken");
        if (options.size() < 2) {
            throw json.wrong("options", text("trace.options", options.size()), text("trace.optionsExpected"));
        }
        if (taken < 0 || taken >= options.size()) {
            throw json.wrong("taken", text("json.is", taken), text("trace.taken", options.size() - 1));
        }
        return new Event.Choice(index, options, taken);
    }

    /** The constant whose trace label (lower case, '-' between words) is the field's text. */
    private static <E extends Enum<E>> E labelled(JsonLine json, String field, String what, E[] values)
            throws BadInputException {
        String label = json.text(field);
        for (E value : values) {
            if (Event.label(value).equals(label)) {
                return value;
            }
        }
        throw json.wrong(field, text("trace.unknownLabel", text("trace.what." + what), label), text("trace.oneOf",
                Arrays.stream(values).map(Event::label).collect(Collectors.joining(", "))));
    }

    private static Event.State state(JsonLine json) throws BadInputException {
        String label = json.text("state");
        for (Event.State state : Event.State.values()) {
            if (state.label().equals(label)) {
                return state;
            }
        }
        throw json.wrong("state", text("trace.unknownLabel", text("trace.what.clientState"), label), text("trace.oneOf",
                Arrays.stream(Event.State.values()).map(Event.State::label).collect(Collectors.joining(", "))));
    }
}
