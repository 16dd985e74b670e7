package lockstep.gui.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import lockstep.simulator.check.Finding;
import lockstep.gui.viewmodel.EventText;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.gui.viewmodel.StateStyle;
import lockstep.simulator.trace.Event;

/**
 * A Lamport diagram of the focused lane around the cursor: one vertical line for the server ("zk") and one per client
 * taking part in the window; calls are solid arrows to the server, notifications dashed accent arrows back, state
 * changes dots in their state colour. Events after the cursor are dimmed.
 */
public final class SequenceView extends CursorCanvas {

    private static final double ROW = 24;
    private static final double HEAD = 30;

    public SequenceView(ReplayCursor cursor, ViewSettings settings) {
        super(cursor, settings);
    }

    @Override
    protected void draw() {
        Palette p = settings.palette();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        if (w < 50 || h < 80) {
            return;
        }
        LaneViewModel lane = cursor.focusedLaneModel();
        int at = cursor.eventIndex();
        int rows = Math.max(3, (int) ((h - HEAD - 8) / ROW));
        int from = Math.max(1, Math.min(at - rows / 2, lane.size() - rows));
        int to = Math.min(lane.size() - 1, from + rows - 1);
        List<String> clients = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            String c = EventText.client(lane.events().get(i));
            if (!c.isEmpty() && !c.contains(",") && !clients.contains(c) && lane.clients().contains(c)) {
                clients.add(c);
            }
        }
        clients.sort((a, b) -> lane.clients().indexOf(a) - lane.clients().indexOf(b));
        int cols = clients.size() + 1;
        double colW = (w - 20) / cols;
        double zkX = 10 + colW / 2;
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.setFont(Font.font(WindowFonts.sans(), FontWeight.BOLD, 14));
        g.setFill(p.text());
        g.fillText("zk", zkX, 12);
        for (int k = 0; k < clients.size(); k++) {
            g.setFill(Color.web(StateStyle.identity(lane.clients().indexOf(clients.get(k)))));
            g.fillText(clients.get(k), xOf(k, colW), 12);
        }
        g.setLineDashes();
        g.setStroke(p.text());
        g.setLineWidth(2);
        g.strokeLine(zkX, HEAD - 6, zkX, h);
        g.setStroke(p.border());
        g.setLineWidth(1);
        for (int k = 0; k < clients.size(); k++) {
            g.strokeLine(xOf(k, colW), HEAD - 6, xOf(k, colW), h);
        }
        g.setFont(Font.font(WindowFonts.sans(), 12));
        for (int i = from; i <= to; i++) {
            Event e = lane.events().get(i);
            double y = HEAD + (i - from) * ROW + ROW / 2;
            double alpha = i > at ? 0.35 : 1;
            if (i == at) {
                g.setFill(p.accentTint());
                g.fillRoundRect(2, y - ROW / 2, w - 4, ROW, 8, 8);
            }
            int k = clients.indexOf(EventText.client(e));
            double cx = k < 0 ? zkX : xOf(k, colW);
            Color ink = fade(p.text(), alpha);
            if (e instanceof Event.Call c) {
                arrow(g, cx, zkX, y, ink, false);
                label(g, c.op().label() + (c.ok() ? "" : " ✗"), (cx + zkX) / 2, y - 7, fade(p.text2(), alpha));
            } else if (e instanceof Event.WatchFired f) {
                arrow(g, zkX, cx, y, fade(p.accent(), alpha), true);
                label(g, f.type().name(), (cx + zkX) / 2, y - 7, fade(p.accent(), alpha));
            } else if (e instanceof Event.ClientState s) {
                g.setFill(fade(Color.web(StateStyle.of(s.state()).badge()), alpha));
                g.fillOval(cx - 5, y - 5, 10, 10);
                g.setTextAlign(TextAlignment.LEFT);
                label(g, EventText.stateWord(s.state()), cx + 8 + 20, y, fade(p.text2(), alpha));
                g.setTextAlign(TextAlignment.CENTER);
            } else if (e instanceof Event.NodeCreated || e instanceof Event.NodeDeleted
                    || e instanceof Event.WatchSet) {
                g.setFill(fade(p.text3(), alpha));
                g.fillRect(zkX - 4, y - 4, 8, 8);
                g.setTextAlign(TextAlignment.LEFT);
                label(g, EventText.what(e) + " " + EventText.path(e), zkX + 10, y, fade(p.text3(), alpha));
                g.setTextAlign(TextAlignment.CENTER);
            } else if (e instanceof Event.ScriptLine || e instanceof Event.Narration) {
                Color c = p.text3();
                g.setStroke(fade(c, alpha * 0.6));
                g.setLineDashes(2, 3);
                g.strokeLine(4, y + ROW / 2 - 2, w - 4, y + ROW / 2 - 2);
                g.setLineDashes();
                g.setTextAlign(TextAlignment.LEFT);
                String t = EventText.what(e, cursor.words());
                label(g, t.length() > 48 ? t.substring(0, 47) + "…" : t, zkX + 10, y, fade(c, alpha));
                g.setTextAlign(TextAlignment.CENTER);
            }
        }
    }

    private static double xOf(int k, double colW) {
        return 10 + colW * (k + 1) + colW / 2;
    }

    private static Color fade(Color c, double alpha) {
        return c.deriveColor(0, 1, 1, alpha);
    }

    private static void label(GraphicsContext g, String text, double x, double y, Color c) {
        g.setFill(c);
        g.fillText(text, x, y);
    }

    private static void arrow(GraphicsContext g, double x1, double x2, double y, Color c, boolean dashed) {
        g.setStroke(c);
        g.setLineWidth(1.5);
        if (dashed) {
            g.setLineDashes(5, 3);
        }
        g.strokeLine(x1, y + 3, x2, y + 3);
        g.setLineDashes();
        double dir = Math.signum(x2 - x1);
        g.setFill(c);
        g.fillPolygon(new double[] {x2, x2 - dir * 8, x2 - dir * 8}, new double[] {y + 3, y - 1, y + 7}, 3);
    }
}
