package lockstep.simulator.export;

import lockstep.simulator.trace.Event;

/**
 * Each event in a few words, as the exports label it (one line, no newline: a ShiViz event is one line). The exact
 * event is always at hand too: {@link lockstep.simulator.trace.TraceFiles#toJson} gives its JSON line.
 */
final class EventWords {

    private EventWords() {
    }

    /** The call as its client sends it: {@code create /lockstep/herd/lock- (watch)}. */
    static String request(Event.Call call) {
        return call.op().label() + " " + call.path() + (call.watch() ? " (watch)" : "");
    }

    /** The call's answer: {@code ok: lock-0000000001, lock-0000000002}, or just the result. */
    static String reply(Event.Call call) {
        return oneLine(call.resultLabel() + (call.detail().isEmpty() ? "" : ": " + call.detail()));
    }

    /** A short text for an event that happens on one host, without the host's name. */
    static String local(Event event) {
        return oneLine(describe(event));
    }

    private static String describe(Event event) {
        if (event instanceof Event.WatchSet w) {
            return "watch (" + Event.label(w.kind()) + ") for " + w.client() + " on " + w.path();
        } else if (event instanceof Event.WatchFired f) {
            return "<- " + f.type() + " " + f.path();
        } else if (event instanceof Event.StrayNotification f) {
            return "<- " + f.type() + " " + f.path() + " (stray: its watch was taken back, dropped)";
        } else if (event instanceof Event.ServerRole r) {
            return "server " + r.server() + " is " + r.role().label();
        } else if (event instanceof Event.ClientServer c) {
            return "connects to server " + c.server();
        } else if (event instanceof Event.NodeCreated n) {
            return "created " + n.path() + " (" + n.modeLabel() + ", " + n.owner() + ")";
        } else if (event instanceof Event.NodeDeleted n) {
            return "deleted " + n.path() + " (" + n.reason() + ")";
        } else if (event instanceof Event.ClientState s) {
            return s.state().label() + (s.mode() == null ? "" : " " + s.modeLabel())
                    + (s.watching().isEmpty() ? "" : ", watching " + s.watching());
        } else if (event instanceof Event.Fault f) {
            return "fault " + f.kind() + (f.detail().isEmpty() ? "" : ": " + f.detail());
        } else if (event instanceof Event.Connection c) {
            return "connection " + c.state().label() + " (session " + c.session() + ")";
        } else if (event instanceof Event.Write w) {
            return "writes with token " + w.token();
        } else if (event instanceof Event.ScriptLine s) {
            return "line " + s.line() + ": " + s.text();
        } else if (event instanceof Event.Narration n) {
            return n.text();
        } else if (event instanceof Event.Choice c) {
            return "chose " + c.chosen();
        } else if (event instanceof Event.Call c) {
            return request(c) + " -> " + reply(c);
        } else if (event instanceof Event.RunStarted r) {
            return "run " + r.scenario() + " with " + r.algorithm() + ", seed " + r.seed();
        } else if (event instanceof Event.RunEnded r) {
            return "run ended: " + r.outcome();
        }
        throw new IllegalArgumentException("no words for " + event);
    }

    /** What the resource did with a write: {@code accepted token 3 from c1}. */
    static String resourceAnswer(Event.Write write) {
        return oneLine((write.accepted() ? "accepted" : "refused") + " token " + write.token() + " from "
                + write.client() + (write.detail().isEmpty() ? "" : ": " + write.detail()));
    }

    static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ");
    }
}
