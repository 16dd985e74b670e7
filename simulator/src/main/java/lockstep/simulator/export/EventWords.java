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
        return event.accept(WORDS);
    }

    /** One case per event type: a new type does not compile until it has its words. */
    private static final Event.Visitor<String> WORDS = new Event.Visitor<>() {
        @Override
        public String runStarted(Event.RunStarted r) {
            return "run " + r.scenario() + " with " + r.algorithm() + ", seed " + r.seed();
        }

        @Override
        public String scriptLine(Event.ScriptLine s) {
            return "line " + s.line() + ": " + s.text();
        }

        @Override
        public String narration(Event.Narration n) {
            return n.text();
        }

        @Override
        public String call(Event.Call c) {
            return request(c) + " -> " + reply(c);
        }

        @Override
        public String watchSet(Event.WatchSet w) {
            return "watch (" + Event.label(w.kind()) + ") for " + w.client() + " on " + w.path();
        }

        @Override
        public String watchFired(Event.WatchFired f) {
            return "<- " + f.type() + " " + f.path();
        }

        @Override
        public String strayNotification(Event.StrayNotification f) {
            return "<- " + f.type() + " " + f.path() + " (stray: its watch was taken back, dropped)";
        }

        @Override
        public String nodeCreated(Event.NodeCreated n) {
            return "created " + n.path() + " (" + n.modeLabel() + ", " + n.owner() + ")";
        }

        @Override
        public String nodeDeleted(Event.NodeDeleted n) {
            return "deleted " + n.path() + " (" + n.reason() + ")";
        }

        @Override
        public String clientState(Event.ClientState s) {
            return s.state().label() + (s.mode() == null ? "" : " " + s.modeLabel())
                    + (s.watching().isEmpty() ? "" : ", watching " + s.watching());
        }

        @Override
        public String fault(Event.Fault f) {
            return "fault " + f.kind() + (f.detail().isEmpty() ? "" : ": " + f.detail());
        }

        @Override
        public String choice(Event.Choice c) {
            return "chose " + c.chosen();
        }

        @Override
        public String connection(Event.Connection c) {
            return "connection " + c.state().label() + " (session " + c.session() + ")";
        }

        @Override
        public String serverRole(Event.ServerRole r) {
            return "server " + r.server() + " is " + r.role().label();
        }

        @Override
        public String clientServer(Event.ClientServer c) {
            return "connects to server " + c.server();
        }

        @Override
        public String write(Event.Write w) {
            return "writes with token " + w.token();
        }

        @Override
        public String runEnded(Event.RunEnded r) {
            return "run ended: " + r.outcome();
        }
    };

    /** What the resource did with a write: {@code accepted token 3 from c1}. */
    static String resourceAnswer(Event.Write write) {
        return oneLine((write.accepted() ? "accepted" : "refused") + " token " + write.token() + " from "
                + write.client() + (write.detail().isEmpty() ? "" : ": " + write.detail()));
    }

    static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ");
    }
}
