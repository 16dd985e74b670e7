package lockstep.gui.viewmodel;

import lockstep.simulator.check.Finding;
import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/** How an event reads in the event log and the sequence view. */
public final class EventText {

    private EventText() {
    }

    public static String client(Event e) {
        if (e instanceof Event.Call c) {
            return c.client();
        } else if (e instanceof Event.WatchSet w) {
            return w.client();
        } else if (e instanceof Event.WatchFired f) {
            return f.client();
        } else if (e instanceof Event.StrayNotification f) {
            return f.client();
        } else if (e instanceof Event.NodeCreated n) {
            return n.owner();
        } else if (e instanceof Event.NodeDeleted d) {
            return d.owner();
        } else if (e instanceof Event.ClientState s) {
            return s.client();
        } else if (e instanceof Event.Fault f) {
            return f.client();
        } else if (e instanceof Event.Write w) {
            return w.client();
        } else if (e instanceof Event.Connection c) {
            return c.client();
        } else if (e instanceof Event.ClientServer c) {
            return c.client();
        }
        return "";
    }

    public static String what(Event e) {
        if (e instanceof Event.RunStarted r) {
            return WindowTexts.text("event.run", r.algorithm(), r.seed());
        } else if (e instanceof Event.ScriptLine s) {
            return "▸ " + s.text();
        } else if (e instanceof Event.Narration n) {
            return WindowTexts.text("event.say", n.text());
        } else if (e instanceof Event.Call c) {
            return c.op().label() + (c.watch() ? WindowTexts.text("event.plus-watch") : "") + (c.ok() ? "" : " ✗ " + c.resultLabel());
        } else if (e instanceof Event.WatchSet w) {
            return WindowTexts.text("event.watch-set", w.kind().name().toLowerCase(java.util.Locale.ROOT));
        } else if (e instanceof Event.WatchFired f) {
            return "● " + f.type().name();
        } else if (e instanceof Event.StrayNotification f) {
            return WindowTexts.text("event.stray", f.type().name());
        } else if (e instanceof Event.NodeCreated n) {
            return WindowTexts.text("event.znode-created");
        } else if (e instanceof Event.NodeDeleted d) {
            return "deleted".equals(d.reason()) ? WindowTexts.text("event.znode-deleted") : WindowTexts.text("event.znode-gone", d.reason());
        } else if (e instanceof Event.ClientState s) {
            return "→ " + s.state().label() + (s.mode() == null || s.state() == Event.State.IDLE ? ""
                    : " (" + s.modeLabel() + ")");
        } else if (e instanceof Event.Fault f) {
            return WindowTexts.text("event.fault", f.kind());
        } else if (e instanceof Event.Choice c) {
            return WindowTexts.text("event.choice", c.chosen());
        } else if (e instanceof Event.Connection c) {
            return WindowTexts.text("event.connection", c.state().label());
        } else if (e instanceof Event.Write w) {
            return WindowTexts.text(w.accepted() ? "event.write" : "event.write-refused", w.token());
        } else if (e instanceof Event.ServerRole r) {
            return WindowTexts.text("event.server-role", r.server(), r.role().label());
        } else if (e instanceof Event.ClientServer c) {
            return WindowTexts.text("event.client-server", c.server());
        } else if (e instanceof Event.RunEnded r) {
            return WindowTexts.text("event.end", r.outcome());
        }
        return e.getClass().getSimpleName();
    }

    public static String path(Event e) {
        String p = "";
        if (e instanceof Event.Call c) {
            p = c.path();
        } else if (e instanceof Event.WatchSet w) {
            p = w.path();
        } else if (e instanceof Event.WatchFired f) {
            p = f.path();
        } else if (e instanceof Event.StrayNotification f) {
            p = f.path();
        } else if (e instanceof Event.NodeCreated n) {
            p = n.path();
        } else if (e instanceof Event.NodeDeleted d) {
            p = d.path();
        }
        return p.isEmpty() ? "" : LaneViewModel.lastSegment(p);
    }
}
