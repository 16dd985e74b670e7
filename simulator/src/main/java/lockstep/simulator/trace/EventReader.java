package lockstep.simulator.trace;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import lockstep.simulator.BadInputException;

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
            throw json.wrong("i", "is " + index, expectedIndex + ": events are numbered from 0, one per line");
        }
        String label = json.text("type");
        EventType type = EventType.fromLabel(label);
        if (type == null) {
            throw json.wrong("type", "names an unknown event type \"" + label + "\"", "one of " + EventType.labels());
        }
        for (String name : json.names()) {
            if (!name.equals("i") && !name.equals("type") && !type.fields.contains(name)) {
                throw json.wrong(name, "is not a field of a " + label + " event",
                        "only " + String.join(", ", type.fields));
            }
        }
        return switch (type) {
            case RUN_STARTED -> new Event.RunStarted(index, json.text("scenario"), json.text("title"),
                    json.text("algorithm"), json.longInteger("seed"), json.text("lockPath"), json.texts("clients"));
            case SCRIPT_LINE -> new Event.ScriptLine(index, json.integer("step"), json.integer("line"), json.text("text"));
            case NARRATION -> new Event.Narration(index, json.text("text"));
            case CALL -> new Event.Call(index, json.text("client"), op(json), json.text("path"), json.bool("watch"),
                    json.text("result"), json.text("detail"));
            case WATCH_SET -> new Event.WatchSet(index, json.text("client"), json.text("path"), watchKind(json));
            case WATCH_FIRED -> new Event.WatchFired(index, json.text("client"), json.text("path"), json.text("event"));
            case NODE_CREATED -> new Event.NodeCreated(index, json.text("path"), json.longInteger("seq"),
                    json.text("owner"), json.text("mode"));
            case NODE_DELETED -> new Event.NodeDeleted(index, json.text("path"), json.text("owner"), json.text("reason"));
            case CLIENT_STATE -> new Event.ClientState(index, json.text("client"), state(json), json.text("mode"),
                    json.text("watching"));
            case FAULT -> new Event.Fault(index, json.text("kind"), json.text("client"), json.text("detail"));
            case VIOLATION -> new Event.Violation(index, json.integer("at"), json.text("kind"), json.texts("clients"),
                    json.text("message"));
            case RUN_ENDED -> new Event.RunEnded(index, json.text("outcome"));
        };
    }

    private static Event.Op op(JsonLine json) throws BadInputException {
        String label = json.text("op");
        for (Event.Op op : Event.Op.values()) {
            if (op.label().equals(label)) {
                return op;
            }
        }
        throw json.wrong("op", "names an unknown operation \"" + label + "\"", "one of "
                + Arrays.stream(Event.Op.values()).map(Event.Op::label).collect(Collectors.joining(", ")));
    }

    private static Event.WatchKind watchKind(JsonLine json) throws BadInputException {
        String label = json.text("kind");
        for (Event.WatchKind kind : Event.WatchKind.values()) {
            if (kind.name().toLowerCase(Locale.ROOT).equals(label)) {
                return kind;
            }
        }
        throw json.wrong("kind", "names an unknown watch kind \"" + label + "\"", "data, exists or children");
    }

    private static Event.State state(JsonLine json) throws BadInputException {
        String label = json.text("state");
        for (Event.State state : Event.State.values()) {
            if (state.label().equals(label)) {
                return state;
            }
        }
        throw json.wrong("state", "names an unknown client state \"" + label + "\"", "one of "
                + Arrays.stream(Event.State.values()).map(Event.State::label).collect(Collectors.joining(", ")));
    }
}
