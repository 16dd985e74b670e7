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
     */
    static void draw(GraphicsContext g, Sessions sessions, Map<String, double[]> rowRight, double serverX,
                     Palette p, double scale, double lineW) {
        for (Sessions.Line line : sessions.lines()) {
            double[] from = rowRight.get(line.client());
            if (from == null) {
                continue;
            }
            double x2 = serverX - 1;
            double x1 = Math.min(from[0] + 2, x2 - 10 * scale); // a stub at least, when the row's text runs long
            double y = from[1];
            double mid = (x1 + x2) / 2;
            double cut = Math.min(6 * scale, (x2 - x1) / 4);
            g.setLineDashes();
            g.setGlobalAlpha(1);
            g.setLineWidth(lineW);
            g.setStroke(p.line());
            switch (line.kind()) {
                case LIVE -> g.strokeLine(x1, y, x2, y);
                case PAUSED -> {
                    g.setGlobalAlpha(0.35);
                    g.strokeLine(x1, y, x2, y);
                    g.setGlobalAlpha(1);
                }
                case RETRYING -> {
                    g.setLineDashes(3 * scale, 3 * scale);
                    g.strokeLine(x1, y, mid - cut / 2, y);
                    g.strokeLine(mid + cut / 2, y, x2, y);
                    g.setLineDashes();
                }
                case CLOSED_BY_CLIENT -> {
                    g.strokeLine(x1 + 2 * cut, y, x2, y);
                    cross(g, x1 + cut, y, cut * 0.9, p.finding(), lineW);
                }
                case ENDED_BY_SERVER -> {
                    g.strokeLine(x1, y, x2 - 2 * cut, y);
                    cross(g, x2 - cut, y, cut * 0.9, p.finding(), lineW);
                }
            }
        }
        g.setGlobalAlpha(1);
        g.setLineDashes();
    }

    private static void cross(GraphicsContext g, double x, double y, double r, Color c, double lineW) {
        g.setStroke(c);
        g.setLineWidth(Math.max(1.5, lineW));
        g.strokeLine(x - r, y - r, x + r, y + r);
        g.strokeLine(x - r, y + r, x + r, y - r);
    }
}
