package lockstep.simulator.frame;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import lockstep.simulator.check.Finding;

/**
 * The frames as JSON Lines ({@code lockstep export TRACE --frames FILE.jsonl}): one object per beat per lane, beat by
 * beat, lanes in order within a beat; the fields are documented in {@code docs/trace-format.md}. Enum values are
 * written as trace labels (lower case, '-' between words), so the file says the same in every language but for the
 * caption, which is in the language of the command.
 */
public final class FramesJson {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private FramesJson() {
    }

    /** Every frame of {@code frames}, one line each. */
    public static String of(Frames frames) {
        StringBuilder out = new StringBuilder();
        for (int b = 0; b < frames.size(); b++) {
            for (int l = 0; l < frames.lanes().size(); l++) {
                out.append(line(frames.at(b, l))).append('\n');
            }
        }
        return out.toString();
    }

    /** One frame as one line of JSON. */
    public static String line(LaneFrame f) {
        StringWriter text = new StringWriter(2048);
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            json.writeNumberField("beat", f.beat());
            json.writeNumberField("lane", f.lane());
            json.writeStringField("algorithm", f.algorithm());
            json.writeNumberField("event", f.index());
            json.writeNumberField("step", f.step());
            json.writeNumberField("line", f.line());
            json.writeStringField("script", f.script());
            json.writeStringField("narration", f.narration());
            json.writeBooleanField("narrationBefore", f.narrationBefore());
            json.writeStringField("caption", f.caption());
            json.writeNumberField("slots", f.slots());
            json.writeArrayFieldStart("deadlock");
            for (WaitArrow w : f.deadlock()) {
                json.writeStartObject();
                json.writeStringField("client", w.client());
                json.writeStringField("lock", w.lock());
                json.writeStringField("holder", w.holder());
                json.writeEndObject();
            }
            json.writeEndArray();
            cards(json, f.cards());
            rows(json, f.rows());
            json.writeArrayFieldStart("arrows");
            for (Arrow a : f.arrows()) {
                json.writeStartObject();
                json.writeStringField("client", a.client());
                json.writeStringField("path", a.path());
                json.writeStringField("kind", label(a.kind()));
                json.writeBooleanField("children", a.children());
                json.writeBooleanField("parked", a.parked());
                json.writeBooleanField("heldBack", a.heldBack());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("pulses");
            for (Pulse p : f.pulses()) {
                json.writeStartObject();
                json.writeStringField("client", p.client());
                json.writeStringField("path", p.path());
                json.writeStringField("event", p.type().name());
                json.writeBooleanField("stray", p.stray());
                json.writeEndObject();
            }
            json.writeEndArray();
            servers(json, f.servers());
            if (f.write() != null) {
                WriteMark w = f.write();
                json.writeObjectFieldStart("write");
                json.writeBooleanField("fresh", w.fresh());
                json.writeStringField("client", w.client());
                json.writeNumberField("token", w.token());
                json.writeBooleanField("accepted", w.accepted());
                json.writeNumberField("acceptedBefore", w.acceptedBefore());
                json.writeStringField("lastWriter", w.lastWriter());
                json.writeNumberField("lastToken", w.lastToken());
                json.writeNumberField("acceptedCount", w.acceptedCount());
                json.writeNumberField("refusedCount", w.refusedCount());
                json.writeBooleanField("byZombie", w.byZombie());
                json.writeEndObject();
            }
            Counters c = f.counters();
            json.writeObjectFieldStart("counters");
            json.writeNumberField("acquisitions", c.acquisitions());
            json.writeNumberField("notifications", c.notifications());
            json.writeNumberField("futileWakeups", c.futileWakeups());
            json.writeNumberField("calls", c.calls());
            json.writeEndObject();
            json.writeObjectFieldStart("holders");
            strings(json, "live", f.holders().live());
            strings(json, "zombies", f.holders().zombies());
            json.writeBooleanField("tooMany", f.holders().tooMany());
            if (f.holders().permits() > 1) {
                json.writeNumberField("permits", f.holders().permits()); // a semaphore's N (absent: 1)
            }
            json.writeEndObject();
            json.writeObjectFieldStart("tally");
            json.writeNumberField("releases", f.tally().releases());
            json.writeNumberField("woken", f.tally().woken());
            json.writeNumberField("wins", f.tally().wins());
            json.writeEndObject();
            json.writeArrayFieldStart("findings");
            for (Finding finding : f.findings()) {
                json.writeStartObject();
                json.writeNumberField("at", finding.at());
                json.writeStringField("kind", finding.kind());
                json.writeBooleanField("note", finding.note());
                strings(json, "clients", finding.clients());
                json.writeStringField("message", finding.localMessage());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return text.toString();
    }

    private static void cards(JsonGenerator json, List<Card> cards) throws IOException {
        json.writeArrayFieldStart("cards");
        for (Card c : cards) {
            json.writeStartObject();
            json.writeStringField("path", c.path());
            json.writeStringField("label", c.label());
            json.writeNumberField("sequence", c.sequence());
            json.writeStringField("owner", c.owner());
            json.writeStringField("kind", c.kind().label());
            json.writeBooleanField("ephemeral", c.ephemeral());
            json.writeBooleanField("held", c.held());
            json.writeBooleanField("ghost", c.ghost());
            json.writeStringField("ending", c.ending() == null ? "" : label(c.ending()));
            json.writeStringField("protection", c.protection());
            json.writeBooleanField("tagShown", c.tagShown());
            json.writeNumberField("slot", c.slot());
            json.writeStringField("group", c.group());
            json.writeBooleanField("header", c.header());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void rows(JsonGenerator json, List<Row> rows) throws IOException {
        json.writeArrayFieldStart("rows");
        for (Row r : rows) {
            json.writeStartObject();
            json.writeStringField("client", r.client());
            json.writeStringField("state", r.state().label());
            json.writeStringField("mode", r.mode() == null ? "" : r.mode().label());
            json.writeStringField("key", label(r.key()));
            json.writeStringField("look", label(r.look()));
            json.writeStringField("watching", r.watching());
            json.writeStringField("watchingLabel", r.watchingLabel());
            json.writeBooleanField("watchesChildren", r.watchesChildren());
            json.writeBooleanField("watchedGone", r.watchedGone());
            json.writeStringField("node", r.node());
            json.writeBooleanField("woken", r.woken());
            json.writeNumberField("holds", r.holds());
            json.writeStringField("connection", r.connection().label());
            json.writeNumberField("session", r.session());
            json.writeBooleanField("sessionAlive", r.sessionAlive());
            json.writeBooleanField("paused", r.paused());
            json.writeNumberField("server", r.server());
            json.writeBooleanField("flagged", r.flagged());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void servers(JsonGenerator json, Servers s) throws IOException {
        json.writeObjectFieldStart("servers");
        json.writeBooleanField("running", s.running());
        json.writeStringField("back", label(s.back()));
        json.writeNumberField("restarts", s.restarts());
        json.writeArrayFieldStart("boxes");
        for (Servers.Box b : s.boxes()) {
            json.writeStartObject();
            json.writeNumberField("number", b.number());
            json.writeStringField("role", b.role() == null ? "" : b.role().label());
            json.writeBooleanField("serving", b.serving());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void strings(JsonGenerator json, String name, List<String> values) throws IOException {
        json.writeArrayFieldStart(name);
        for (String v : values) {
            json.writeString(v);
        }
        json.writeEndArray();
    }

    private static String label(Enum<?> value) {
        return value.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
