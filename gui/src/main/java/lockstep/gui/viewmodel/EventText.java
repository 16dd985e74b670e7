package lockstep.gui.viewmodel;

import lockstep.simulator.check.Finding;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/** How an event reads in the event log and the sequence view. */
public final class EventText {

    /** How a trace writes a say line's script text. */
    private static final String SAY = "say: ";

    private EventText() {
    }

    public static String client(Event e) {
        return e.client();
    }

    /**
     * What {@code e} says, a narration in the window's language as the scenario words it ({@code words}: the traces
     * record the English text).
     */
    public static String what(Event e, ScenarioWords words) {
        String language = lockstep.algorithms.text.Texts.language().tag();
        if (e instanceof Event.Narration n) {
            return WindowTexts.text("event.say", words.narration(n.text(), language));
        }
        if (e instanceof Event.ScriptLine s && s.text().startsWith(SAY)) {
            // a say line's command is its text: shown as the narration is (the other lines are the script's commands)
            return "▸ " + WindowTexts.text("event.say", words.narration(s.text().substring(SAY.length()), language));
        }
        return what(e);
    }

    public static String what(Event e) {
        return e.accept(WORDS);
    }

    /** One case per event type: a new type does not compile until the event log has its words. */
    private static final Event.Visitor<String> WORDS = new Event.Visitor<>() {
        @Override
        public String runStarted(Event.RunStarted r) {
            return WindowTexts.text("event.run", r.algorithm(), r.seed());
        }

        @Override
        public String scriptLine(Event.ScriptLine s) {
            return "▸ " + s.text();
        }

        @Override
        public String narration(Event.Narration n) {
            return WindowTexts.text("event.say", n.text());
        }

        @Override
        public String call(Event.Call c) {
            return c.op().label() + (c.watch() ? WindowTexts.text("event.plus-watch") : "")
                    + (c.ok() ? "" : " ✗ " + c.resultLabel());
        }

        @Override
        public String watchSet(Event.WatchSet w) {
            return WindowTexts.text("event.watch-set",
                    WindowTexts.text("watch-kind." + w.kind().name().toLowerCase(java.util.Locale.ROOT)));
        }

        @Override
        public String watchFired(Event.WatchFired f) {
            return "● " + f.type().name();
        }

        @Override
        public String strayNotification(Event.StrayNotification f) {
            return WindowTexts.text("event.stray", f.type().name());
        }

        @Override
        public String nodeCreated(Event.NodeCreated n) {
            return WindowTexts.text("event.znode-created");
        }

        @Override
        public String nodeDeleted(Event.NodeDeleted d) {
            return WindowTexts.text("event.znode-gone", reason(d));
        }

        @Override
        public String clientState(Event.ClientState s) {
            return "→ " + stateWord(s.state()) + (s.mode() == null || s.state() == Event.State.IDLE ? ""
                    : " (" + s.mode().text() + ")");
        }

        @Override
        public String fault(Event.Fault f) {
            return WindowTexts.text("event.fault", faultWord(f.kind()));
        }

        @Override
        public String choice(Event.Choice c) {
            return WindowTexts.text("event.choice", c.chosen());
        }

        @Override
        public String connection(Event.Connection c) {
            return WindowTexts.text("event.connection",
                    WindowTexts.text("connection." + c.state().name().toLowerCase(java.util.Locale.ROOT)));
        }

        @Override
        public String serverRole(Event.ServerRole r) {
            return WindowTexts.text("event.server-role", r.server(), Sessions.roleWord(r.role()));
        }

        @Override
        public String clientServer(Event.ClientServer c) {
            return WindowTexts.text("event.client-server", c.server());
        }

        @Override
        public String write(Event.Write w) {
            return WindowTexts.text(w.accepted() ? "event.write" : "event.write-refused", w.token());
        }

        @Override
        public String runEnded(Event.RunEnded r) {
            String outcome = r.outcome();
            return WindowTexts.text("event.end", "completed".equals(outcome) ? WindowTexts.text("event.completed")
                    : outcome.startsWith(Event.RunEnded.DEADLOCKED) // the line and the cycle, in the language's words
                    ? WindowTexts.text("event.deadlocked", (Object[]) outcome.substring(
                            Event.RunEnded.DEADLOCKED.length()).split(": ", 2))
                    : outcome);
        }
    };

    /** A client's state as the event log names it ("gave-up"), in the window's language. */
    public static String stateWord(Event.State state) {
        return WindowTexts.text("event-state." + state.label());
    }

    /** Why a znode went ("deleted by c1"), in the window's language. */
    static String reason(Event.NodeDeleted d) {
        return switch (d.reason()) {
            case DELETED -> WindowTexts.text("znode-reason.deleted-by", d.by());
            case SESSION_CLOSED -> WindowTexts.text("znode-reason.session-closed-crash");
            case SESSION_EXPIRED -> WindowTexts.text("znode-reason.session-expired");
        };
    }

    /** A fault's name in the window's language ("crash"); a name the bundle does not know, as written. */
    public static String faultWord(String kind) {
        String key = "fault." + kind;
        return WindowTexts.has(key) ? WindowTexts.text(key) : kind;
    }

    public static String path(Event e) {
        return e.path().isEmpty() ? "" : LaneViewModel.lastSegment(e.path());
    }
}
