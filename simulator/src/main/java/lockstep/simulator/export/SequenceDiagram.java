package lockstep.simulator.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.zookeeper.KeeperException.Code;

import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * A trace as a standalone SVG sequence (Lamport) diagram that a browser opens as it is: one lifeline per client, one
 * for the servers ({@value ShivizLog#SERVER}) and, when a client wrote to it, one for the protected resource; time
 * runs down.
 *
 * <p>Steps: the servers' lifeline comes first, then the clients in the run's order; a call is an arrow from its client to the server and a dashed answer back; a notification an arrow from
 * the server to its client; a write an arrow to the resource; node, watch, state, connection and fault events are dots
 * on their lifeline with a few words; script lines are bands across the diagram, narration is italic text. Every
 * drawn event is an SVG group whose {@code <title>} holds the event's number and its JSON line from the trace, so a
 * browser shows the whole event on hover. Choices and the run's start and end are not drawn (the start is the title).
 *
 * <p>Guarantees: the text is well-formed XML (everything from the trace is escaped); equal traces give equal files.
 */
public final class SequenceDiagram {

    private static final int LEFT = 56;
    private static final int LANE = 170;
    private static final int TOP = 70;
    private static final int ROW = 22;
    private static final double CHAR = 6.4;

    private static final String CALL = "#1f5fa8";
    private static final String ANSWER = "#5b6b7a";
    private static final String NOTIFY = "#c65d00";
    private static final String FAULT = "#b3261e";
    private static final String OK = "#2e7d32";

    private final List<String> hosts = new ArrayList<>();
    private final StringBuilder body = new StringBuilder();
    private int y = TOP;

    private SequenceDiagram(Event.RunStarted start, boolean resource) {
        // the server on the left, so its notes run into the diagram rather than off its edge
        hosts.add(ShivizLog.SERVER);
        hosts.addAll(start.clients());
        if (resource) {
            hosts.add(ShivizLog.RESOURCE);
        }
    }

    /** The checker's failures, said above the diagram and at their events: a broken run never passes for a clean one. */
    private List<lockstep.simulator.check.Finding> failures = List.of();

    /** The whole SVG document for one trace. */
    public static String of(List<Event> trace) {
        Event.RunStarted start = (Event.RunStarted) trace.get(0);
        SequenceDiagram d = new SequenceDiagram(start, trace.stream().anyMatch(e -> e instanceof Event.Write));
        d.failures = lockstep.simulator.check.Checker.failures(trace);
        d.y += FINDING_ROW * d.failures.size();
        for (Event event : trace) {
            d.draw(event);
        }
        return d.document(start, (Event.RunEnded) trace.get(trace.size() - 1));
    }

    private static final int FINDING_ROW = 16;
    private static final String FINDING = "#b3261e";

    private void draw(Event event) {
        if (event.accept(new Drawing(event.index() + ": " + TraceFiles.toJson(event), event))) {
            y += ROW;
        }
    }

    /** Draws one event on its row; false for the events that take no row. A new event type must choose. */
    private final class Drawing implements Event.Visitor<Boolean> {

        private final String title;
        private final Event event;

        Drawing(String title, Event event) {
            this.title = title;
            this.event = event;
        }

        @Override
        public Boolean call(Event.Call call) {
            boolean answered = call.result() != Code.CONNECTIONLOSS && call.result() != Code.SYSTEMERROR;
            group(title, arrow(call.client(), ShivizLog.SERVER, EventWords.request(call), CALL, false), event);
            y += ROW;
            String answer = answered ? EventWords.reply(call) : call.resultLabel() + " (no answer)";
            group(title, arrow(ShivizLog.SERVER, call.client(), answer, answered ? ANSWER : FAULT, true), event);
            return true;
        }

        @Override
        public Boolean watchFired(Event.WatchFired f) {
            group(title, arrow(ShivizLog.SERVER, f.client(), f.type() + " " + f.path(), NOTIFY, false), event);
            return true;
        }

        @Override
        public Boolean strayNotification(Event.StrayNotification f) {
            group(title, arrow(ShivizLog.SERVER, f.client(), f.type() + " " + f.path() + " (stray)", ANSWER, true),
                    event);
            return true;
        }

        @Override
        public Boolean serverRole(Event.ServerRole r) {
            group(title, dot(ShivizLog.SERVER, EventWords.local(r), r.role() == Event.Role.DOWN ? FAULT : "#555"),
                    event);
            return true;
        }

        @Override
        public Boolean clientServer(Event.ClientServer c) {
            group(title, dot(c.client(), EventWords.local(c), "#555"), event);
            return true;
        }

        @Override
        public Boolean write(Event.Write w) {
            group(title, arrow(w.client(), ShivizLog.RESOURCE, EventWords.resourceAnswer(w), w.accepted() ? OK : FAULT,
                    false), event);
            return true;
        }

        @Override
        public Boolean scriptLine(Event.ScriptLine s) {
            group(title, "<rect x=\"0\" y=\"" + (y - 15) + "\" width=\"" + width() + "\" height=\"20\" fill=\"#eef1f5\"/>"
                    + text(LEFT, y, EventWords.local(s), "#222", "font-weight=\"bold\"", width() - LEFT), event);
            return true;
        }

        @Override
        public Boolean narration(Event.Narration n) {
            group(title, text(LEFT, y, n.text(), "#444", "font-style=\"italic\"", width() - LEFT), event);
            return true;
        }

        @Override
        public Boolean nodeCreated(Event.NodeCreated n) {
            return atTheServer(n);
        }

        @Override
        public Boolean nodeDeleted(Event.NodeDeleted n) {
            return atTheServer(n);
        }

        @Override
        public Boolean watchSet(Event.WatchSet w) {
            return atTheServer(w);
        }

        private boolean atTheServer(Event e) {
            group(title, dot(ShivizLog.SERVER, EventWords.local(e), "#555"), event);
            return true;
        }

        @Override
        public Boolean clientState(Event.ClientState s) {
            group(title, dot(s.client(), EventWords.local(s), s.state() == Event.State.HOLDING ? OK : "#555"), event);
            return true;
        }

        @Override
        public Boolean connection(Event.Connection c) {
            group(title, dot(c.client(), EventWords.local(c), "#555"), event);
            return true;
        }

        @Override
        public Boolean fault(Event.Fault f) {
            String host = f.client().isEmpty() || !hosts.contains(f.client()) ? ShivizLog.SERVER : f.client();
            group(title, dot(host, EventWords.local(f), FAULT), event);
            return true;
        }

        // The scheduler's choices, the run's start and its end: not drawn.
        @Override
        public Boolean choice(Event.Choice c) {
            return false;
        }

        @Override
        public Boolean runStarted(Event.RunStarted r) {
            return false;
        }

        @Override
        public Boolean runEnded(Event.RunEnded r) {
            return false;
        }
    }

    private void group(String title, String shapes, Event event) {
        body.append("<g class=\"event\" id=\"e").append(event.index()).append("\"><title>").append(xml(title))
                .append("</title>").append(shapes).append(index(event.index())).append("</g>\n");
        for (lockstep.simulator.check.Finding failure : failures) {
            if (failure.at() == event.index()) { // the event the finding is at: a red mark by its number
                body.append("<g class=\"finding\"><title>").append(xml(failure.kind() + ": " + failure.message()))
                        .append("</title><text x=\"28\" y=\"").append(y).append("\" fill=\"").append(FINDING)
                        .append("\" font-size=\"12\" font-weight=\"bold\">").append(xml("\u26a0 " + failure.kind()))
                        .append("</text></g>\n");
            }
        }
    }

    private String index(int i) {
        return "<text x=\"6\" y=\"" + y + "\" fill=\"#999\" font-size=\"10\">" + i + "</text>";
    }

    private double x(String host) {
        int at = hosts.indexOf(host);
        if (at < 0) {
            hosts.add(host);
            at = hosts.size() - 1;
        }
        return LEFT + LANE / 2.0 + at * LANE;
    }

    private String arrow(String from, String to, String label, String colour, boolean dashed) {
        double x1 = x(from);
        double x2 = x(to);
        double mid = (x1 + x2) / 2;
        // a label may run past a short arrow's ends: crossing a lifeline's dots stays readable
        double room = Math.max(Math.abs(x2 - x1) - 10, 2 * LANE - 20);
        int line = y - 4;
        return "<line x1=\"" + num(x1) + "\" y1=\"" + line + "\" x2=\"" + num(x2 + (x2 > x1 ? -4 : 4)) + "\" y2=\""
                + line + "\" stroke=\"" + colour + "\" stroke-width=\"1.5\"" + (dashed ? " stroke-dasharray=\"5 3\"" : "")
                + " marker-end=\"url(#head-" + colour.substring(1) + ")\"/>"
                + "<text x=\"" + num(mid) + "\" y=\"" + (line - 4) + "\" fill=\"" + colour
                + "\" font-size=\"11\" text-anchor=\"middle\">" + xml(fit(label, room)) + "</text>";
    }

    private String dot(String host, String label, String colour) {
        double x = x(host);
        return "<circle cx=\"" + num(x) + "\" cy=\"" + (y - 4) + "\" r=\"4\" fill=\"" + colour + "\"/>"
                + text(x + 8, y, label, colour, "", 2 * LANE - 14);
    }

    private static String text(double x, int y, String label, String colour, String style, double room) {
        return "<text x=\"" + num(x) + "\" y=\"" + y + "\" fill=\"" + colour + "\" font-size=\"11\" " + style + ">"
                + xml(fit(label, room)) + "</text>";
    }

    /** The label cut to what fits in {@code room} pixels (the whole of it is in the title). */
    private static String fit(String label, double room) {
        int chars = (int) Math.max(4, room / CHAR);
        return label.length() <= chars ? label : label.substring(0, chars - 1) + "\u2026";
    }

    private int width() {
        return LEFT + hosts.size() * LANE + LANE / 2;
    }

    private String document(Event.RunStarted start, Event.RunEnded end) {
        int height = y + 40;
        // wide enough for the title too, however few the lifelines
        int width = Math.max(width(), LEFT + (int) Math.ceil(caption(start).length() * 8.5) + 20);
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n")
                .append("<title>").append(xml(caption(start))).append("</title>\n<defs>");
        for (String colour : List.of(CALL, ANSWER, NOTIFY, FAULT, OK)) {
            svg.append("<marker id=\"head-").append(colour.substring(1)).append("\" viewBox=\"0 0 10 10\" refX=\"9\"")
                    .append(" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"")
                    .append(" fill=\"").append(colour).append("\"/></marker>");
        }
        svg.append("</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"")
                .append(failures.isEmpty() ? "" : " stroke=\"" + FINDING + "\" stroke-width=\"6\"").append("/>\n")
                .append("<text x=\"").append(LEFT).append("\" y=\"20\" font-size=\"14\" font-weight=\"bold\">")
                .append(xml(caption(start))).append("</text>\n");
        for (String host : hosts) {
            double x = x(host);
            svg.append("<g class=\"lifeline\"><title>").append(xml(host)).append("</title><line x1=\"").append(num(x))
                    .append("\" y1=\"").append(TOP - 22).append("\" x2=\"").append(num(x)).append("\" y2=\"")
                    .append(y).append("\" stroke=\"#bbb\" stroke-dasharray=\"2 3\"/><rect x=\"").append(num(x - 60))
                    .append("\" y=\"30\" width=\"120\" height=\"22\" rx=\"4\" fill=\"")
                    .append(host.equals(ShivizLog.SERVER) ? "#fff4e5" : "#e8f0fb").append("\" stroke=\"#888\"/><text x=\"")
                    .append(num(x)).append("\" y=\"45\" font-size=\"12\" text-anchor=\"middle\">").append(xml(host))
                    .append("</text></g>\n");
        }
        // Over the lifelines, on a band of their own: what the checker found, one line each.
        int row = TOP - 4;
        for (lockstep.simulator.check.Finding failure : failures) {
            svg.append("<rect x=\"").append(LEFT - 6).append("\" y=\"").append(row - 12).append("\" width=\"")
                    .append(width - LEFT).append("\" height=\"").append(FINDING_ROW).append("\" fill=\"#fdecea\"/>")
                    .append("<text class=\"finding\" x=\"").append(LEFT).append("\" y=\"").append(row)
                    .append("\" font-size=\"12\" font-weight=\"bold\" fill=\"").append(FINDING).append("\">")
                    .append(xml(fit("checker finding at event " + failure.at() + ": " + failure.kind() + ": "
                            + failure.message(), width - LEFT - 10))).append("</text>\n");
            row += FINDING_ROW;
        }
        svg.append(body);
        svg.append("<text x=\"").append(LEFT).append("\" y=\"").append(y + 16).append("\" font-size=\"11\" fill=\"#444\">")
                .append(xml("event " + end.index() + ": run ended: " + end.outcome())).append("</text>\n</svg>\n");
        return svg.toString();
    }

    private String caption(Event.RunStarted start) {
        return start.scenario() + ": " + start.title() + " (" + start.algorithm() + ", seed " + start.seed() + ")"
                + (failures.isEmpty() ? "" : " \u2013 " + failures.size() + " checker finding"
                + (failures.size() == 1 ? "" : "s"));
    }

    private static String num(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** Text and attribute values escaped for XML; characters XML 1.0 cannot hold become U+FFFD. */
    static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }
}
