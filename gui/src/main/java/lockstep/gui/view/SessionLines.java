package lockstep.gui.view;

import java.util.Map;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import lockstep.gui.viewmodel.Sessions;

/**
 * Each client's session as a short line from the right end of its row to its server's box: solid while live, faint
 * while the client is paused, dashed and broken in the middle while the connection is lost or the server is stopped
 * (the client library retries), cut at the client's end with a cross after a crash or close, and cut at the server's
 * end with a cross after an expiry (the server ended it; the client may not know yet).
 */
final class SessionLines {

    private SessionLines() {
    }

    /**
     * @param rowRight each client's line start (the right end of its row) by name
     * @param serverX  the left edge of the server column
     * @param serverTop    the top of the server column, in the rows' coordinates
     * @param serverHeight the column's height, shared evenly by the server boxes (as {@link ServerColumn} lays them)
     */
    static void draw(GraphicsContext g, Sessions sessions, Map<String, double[]> rowRight, double serverX,
                     double serverTop, double serverHeight, Palette p, double scale, double lineW) {
        int boxes = Math.max(1, sessions.servers().size());
        double each = serverHeight / boxes;
        for (Sessions.Line line : sessions.lines()) {
            double[] from = rowRight.get(line.client());
            if (from == null) {
                continue;
            }
            double x2 = serverX - 1;
            double x1 = Math.min(from[0] + 2, x2 - 10 * scale); // a stub at least, when the row's text runs long
            double y1 = from[1];
            // It ends on its own server's box: level when the box is beside the row, slanting to it when not.
            double boxTop = serverTop + line.server() * each + 2;
            double y2 = Math.max(boxTop + 6 * scale, Math.min(boxTop + each - 4 - 6 * scale, y1));
            double length = x2 - x1;
            double cut = Math.min(6 * scale, length / 4);
            g.setLineDashes();
            g.setGlobalAlpha(1);
            g.setLineWidth(lineW);
            g.setStroke(p.line());
            switch (line.kind()) {
                case LIVE -> segment(g, x1, y1, x2, y2, 0, 1);
                case PAUSED -> {
                    g.setGlobalAlpha(0.35);
                    segment(g, x1, y1, x2, y2, 0, 1);
                    g.setGlobalAlpha(1);
                }
                case RETRYING -> {
                    double gap = cut / 2 / Math.max(1, length);
                    g.setLineDashes(3 * scale, 3 * scale);
                    segment(g, x1, y1, x2, y2, 0, 0.5 - gap);
                    segment(g, x1, y1, x2, y2, 0.5 + gap, 1);
                    g.setLineDashes();
                }
                case CLOSED_BY_CLIENT -> {
                    double t = 2 * cut / Math.max(1, length);
                    segment(g, x1, y1, x2, y2, t, 1);
                    cross(g, x1 + cut, y1 + (y2 - y1) * t / 2, cut * 0.9, p.finding(), lineW);
                }
                case ENDED_BY_SERVER -> {
                    double t = 1 - 2 * cut / Math.max(1, length);
                    segment(g, x1, y1, x2, y2, 0, t);
                    cross(g, x2 - cut, y1 + (y2 - y1) * (1 + t) / 2, cut * 0.9, p.finding(), lineW);
                }
            }
        }
        g.setGlobalAlpha(1);
        g.setLineDashes();
    }

    /** The part of the line from (x1, y1) to (x2, y2) between fractions {@code from} and {@code to} of its way. */
    private static void segment(GraphicsContext g, double x1, double y1, double x2, double y2, double from, double to) {
        g.strokeLine(x1 + (x2 - x1) * from, y1 + (y2 - y1) * from, x1 + (x2 - x1) * to, y1 + (y2 - y1) * to);
    }

    private static void cross(GraphicsContext g, double x, double y, double r, Color c, double lineW) {
        g.setStroke(c);
        g.setLineWidth(Math.max(1.5, lineW));
        g.strokeLine(x - r, y - r, x + r, y + r);
        g.strokeLine(x - r, y + r, x + r, y - r);
    }
}
