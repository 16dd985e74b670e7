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
        return toJson(event, "");
    }

    /**
     * A {@code run-ended} event with the digest of the lines before it ({@link TraceDigest}); {@code ""} writes none
     * (the event alone, as the exports quote it).
     */
    static String toJson(Event event, String digest) {
        EventType type = EventType.of(event);
        StringWriter text = new StringWriter(160);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            json.writeNumberField("i", event.index());
            json.writeStringField("type", type.label);
            new Fields(json, event, digest).write();
            json.writeEndObject();
        } catch (IOException e) {
            // A StringWriter does not fail; a generator error here is a bug, not an I/O condition.
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /**
     * The type-specific fields of one event: one method per type of event, so a new type does not compile until its
     * fields are written. A {@link StringWriter} does not fail, so an {@link IOException} here is a bug, thrown on
     * unchecked.
     */
    private record Fields(JsonGenerator json, Event event, String digest) implements Event.Visitor<Void> {

        void write() {
            event.accept(this);
        }

        @Override
        public Void runStarted(Event.RunStarted e) {
            number("format", Event.FORMAT);
            text("scenario", e.scenario());
            text("title", e.title());
            text("algorithm", e.algorithm());
            number("seed", e.seed());
            text("lockPath", e.lockPath());
            texts("clients", e.clients());
            bool("fencing", e.fencing());
            if (e.permits() != 1) {
                number("permits", e.permits());
            }
            if (!e.locks().isEmpty()) {
                texts("locks", e.locks());
            }
            if (!e.scenarioDigest().isEmpty()) {
                text("scenarioDigest", e.scenarioDigest());
            }
            if (!e.lockstepVersion().isEmpty()) {
                text("lockstepVersion", e.lockstepVersion());
            }
            return null;
        }

        @Override
        public Void scriptLine(Event.ScriptLine e) {
            number("step", e.step());
            number("line", e.line());
            text("text", e.text());
            return null;
        }

        @Override
        public Void narration(Event.Narration e) {
            text("text", e.text());
            return null;
        }

        @Override
        public Void call(Event.Call e) {
            text("client", e.client());
            text("op", e.op() == null ? null : e.op().label());
            text("path", e.path());
            bool("watch", e.watch());
            text("result", e.resultLabel());
            text("detail", e.detail());
            return null;
        }

        @Override
        public Void watchSet(Event.WatchSet e) {
            text("client", e.client());
            text("path", e.path());
            text("kind", e.kind() == null ? null : e.kind().name().toLowerCase(Locale.ROOT));
            return null;
        }

        @Override
        public Void watchFired(Event.WatchFired e) {
            text("client", e.client());
            text("path", e.path());
            text("event", e.type() == null ? null : e.type().name());
            return null;
        }

        @Override
        public Void strayNotification(Event.StrayNotification e) {
            text("client", e.client());
            text("path", e.path());
            text("event", e.type() == null ? null : e.type().name());
            return null;
        }

        @Override
        public Void nodeCreated(Event.NodeCreated e) {
            text("path", e.path());
            number("seq", e.sequence());
            text("owner", e.owner());
            text("mode", e.mode() == null ? null : e.modeLabel());
            text("protection", e.protection());
            return null;
        }

        @Override
        public Void nodeDeleted(Event.NodeDeleted e) {
            text("path", e.path());
            text("owner", e.owner());
            text("reason", e.reason() == null ? null : e.reasonLabel());
            text("by", e.by());
            return null;
        }

        @Override
        public Void clientState(Event.ClientState e) {
            text("client", e.client());
            text("state", e.state() == null ? null : e.state().label());
            text("mode", e.modeLabel());
            text("watching", e.watching());
            return null;
        }

        @Override
        public Void fault(Event.Fault e) {
            text("kind", e.kind());
            text("effect", e.effect() == null ? null : e.effectLabel());
            text("client", e.client());
            number("server", e.server());
            text("detail", e.detail());
            return null;
        }

        @Override
        public Void choice(Event.Choice e) {
            texts("options", e.options());
            number("taken", e.taken());
            return null;
        }

        @Override
        public Void connection(Event.Connection e) {
            text("client", e.client());
            text("state", e.state() == null ? null : e.state().label());
            number("session", e.session());
            return null;
        }

        @Override
        public Void serverRole(Event.ServerRole e) {
            number("server", e.server());
            text("role", e.role() == null ? null : e.role().label());
            return null;
        }

        @Override
        public Void clientServer(Event.ClientServer e) {
            text("client", e.client());
            number("server", e.server());
            return null;
        }

        @Override
        public Void write(Event.Write e) {
            text("client", e.client());
            number("token", e.token());
            bool("accepted", e.accepted());
            text("detail", e.detail());
            return null;
        }

        @Override
        public Void runEnded(Event.RunEnded e) {
            text("outcome", e.outcome());
            if (!digest.isEmpty()) {
                text("digest", digest);
            }
            return null;
        }

        private void number(String name, long value) {
            try {
                json.writeNumberField(name, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a StringWriter does not fail
            }
        }

        private void bool(String name, boolean value) {
            try {
                json.writeBooleanField(name, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void text(String name, String value) {
            // A null would be written as JSON null, which no reader accepts: refuse it where the bug is.
            if (value == null) {
                throw new IllegalArgumentException("event " + event.index() + ": " + name + " is null in " + event);
            }
            try {
                json.writeStringField(name, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void texts(String name, List<String> values) {
            try {
                json.writeArrayFieldStart(name);
                for (String value : values) {
                    if (value == null) {
                        throw new IllegalArgumentException("event " + event.index() + ": null in " + name + " of "
                                + event);
                    }
                    json.writeString(value);
                }
                json.writeEndArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
