package lockstep.simulator.trace;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes one event as one line of JSON: {@code "i"}, then {@code "type"}, then the type's fields in the order
 * {@link EventType} lists them. Equal events give equal strings, byte for byte; nothing else goes into the line.
 */
final class EventWriter {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private EventWriter() {
    }

    static String toJson(Event event) {
        EventType type = EventType.of(event);
        StringWriter text = new StringWriter(160);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            json.writeNumberField("i", event.index());
            json.writeStringField("type", type.label);
            new Fields(json, event).write();
            json.writeEndObject();
        } catch (IOException e) {
            // A StringWriter does not fail; a generator error here is a bug, not an I/O condition.
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** The type-specific fields of one event. */
    private record Fields(JsonGenerator json, Event event) {

        void write() throws IOException {
            if (event instanceof Event.RunStarted e) {
                json.writeNumberField("format", Event.FORMAT);
                text("scenario", e.scenario());
                text("title", e.title());
                text("algorithm", e.algorithm());
                json.writeNumberField("seed", e.seed());
                text("lockPath", e.lockPath());
                texts("clients", e.clients());
                json.writeBooleanField("fencing", e.fencing());
            } else if (event instanceof Event.ScriptLine e) {
                json.writeNumberField("step", e.step());
                json.writeNumberField("line", e.line());
                text("text", e.text());
            } else if (event instanceof Event.Narration e) {
                text("text", e.text());
            } else if (event instanceof Event.Call e) {
                text("client", e.client());
                text("op", e.op() == null ? null : e.op().label());
                text("path", e.path());
                json.writeBooleanField("watch", e.watch());
                text("result", e.resultLabel());
                text("detail", e.detail());
            } else if (event instanceof Event.WatchSet e) {
                text("client", e.client());
                text("path", e.path());
                text("kind", e.kind() == null ? null : e.kind().name().toLowerCase(Locale.ROOT));
            } else if (event instanceof Event.WatchFired e) {
                text("client", e.client());
                text("path", e.path());
                text("event", e.type() == null ? null : e.type().name());
            } else if (event instanceof Event.StrayNotification e) {
                text("client", e.client());
                text("path", e.path());
                text("event", e.type() == null ? null : e.type().name());
            } else if (event instanceof Event.NodeCreated e) {
                text("path", e.path());
                json.writeNumberField("seq", e.sequence());
                text("owner", e.owner());
                text("mode", e.mode() == null ? null : e.modeLabel());
                text("protection", e.protection());
            } else if (event instanceof Event.NodeDeleted e) {
                text("path", e.path());
                text("owner", e.owner());
                text("reason", e.reason() == null ? null : e.reasonLabel());
                text("by", e.by());
            } else if (event instanceof Event.ClientState e) {
                text("client", e.client());
                text("state", e.state() == null ? null : e.state().label());
                text("mode", e.modeLabel());
                text("watching", e.watching());
            } else if (event instanceof Event.Fault e) {
                text("kind", e.kind());
                text("effect", e.effect() == null ? null : e.effectLabel());
                text("client", e.client());
                json.writeNumberField("server", e.server());
                text("detail", e.detail());
            } else if (event instanceof Event.Choice e) {
                texts("options", e.options());
                json.writeNumberField("taken", e.taken());
            } else if (event instanceof Event.Connection e) {
                text("client", e.client());
                text("state", e.state() == null ? null : e.state().label());
                json.writeNumberField("session", e.session());
            } else if (event instanceof Event.ServerRole e) {
                json.writeNumberField("server", e.server());
                text("role", e.role() == null ? null : e.role().label());
            } else if (event instanceof Event.ClientServer e) {
                text("client", e.client());
                json.writeNumberField("server", e.server());
            } else if (event instanceof Event.Write e) {
                text("client", e.client());
                json.writeNumberField("token", e.token());
                json.writeBooleanField("accepted", e.accepted());
                text("detail", e.detail());
            } else if (event instanceof Event.RunEnded e) {
                text("outcome", e.outcome());
            }
        }

        private void text(String name, String value) throws IOException {
            // A null would be written as JSON null, which no reader accepts: refuse it where the bug is.
            if (value == null) {
                throw new IllegalArgumentException("event " + event.index() + ": " + name + " is null in " + event);
            }
            json.writeStringField(name, value);
        }

        private void texts(String name, List<String> values) throws IOException {
            json.writeArrayFieldStart(name);
            for (String value : values) {
                if (value == null) {
                    throw new IllegalArgumentException("event " + event.index() + ": null in " + name + " of " + event);
                }
                json.writeString(value);
            }
            json.writeEndArray();
        }
    }
}
