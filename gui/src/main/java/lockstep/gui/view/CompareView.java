package lockstep.gui.view;

import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import lockstep.gui.viewmodel.LaneViewModel;
import lockstep.gui.viewmodel.ReplayCursor;
import lockstep.simulator.replay.ReplayState;

import lockstep.gui.text.WindowTexts;

/** The lanes' costs so far, side by side: notifications, futile wake-ups, ZooKeeper calls per acquisition. */
public final class CompareView extends CursorCanvas {

    public CompareView(ReplayCursor cursor, ViewSettings settings) {
        super(cursor, settings);
    }

    /** The three figures of a lane's state: notifications, futile wake-ups, calls per acquisition. */
    public static double[] figures(ReplayState s) {
        int acquisitions = Math.max(1, s.counters().acquisitions());
        return new double[] {s.counters().notifications(), s.counters().futileWakeups(),
                (double) s.counters().totalCalls() / acquisitions};
    }

    @Override
    protected void draw() {
        Palette p = settings.palette();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        if (w < 50) {
            return;
        }
        List<LaneViewModel> lanes = cursor.lanes();
        String[] names = {WindowTexts.text("counter.notifications"), WindowTexts.text("counter.futile"), WindowTexts.text("compare.calls-per-acquisition")};
        double[][] values = new double[lanes.size()][];
        for (int i = 0; i < lanes.size(); i++) {
            values[i] = figures(lanes.get(i).getState());
        }
        javafx.scene.paint.Color[] inks = {p.accent(), p.holding(), p.text3()};
        double y = 8;
        g.setTextBaseline(VPos.TOP);
        for (int m = 0; m < names.length; m++) {
            double max = 1;
            for (double[] v : values) {
                max = Math.max(max, v[m]);
            }
            g.setTextAlign(TextAlignment.LEFT);
            g.setFill(p.text());
            g.setFont(Font.font(WindowFonts.sans(), FontWeight.BOLD, 15));
            g.fillText(names[m], 8, y);
            y += 24;
            for (int i = 0; i < lanes.size(); i++) {
                g.setFont(Font.font(WindowFonts.sans(), 14));
                g.setFill(p.text2());
                g.fillText(LanesView.names(lanes).get(i), 8, y + 2);
                double barX = 120;
                double barW = Math.max(4, (w - barX - 70) * values[i][m] / max);
                g.setFill(inks[i % inks.length]);
                g.fillRoundRect(barX, y, barW, 20, 6, 6);
                g.setFill(p.text());
                g.setFont(Font.font(WindowFonts.sans(), FontWeight.BOLD, 14));
                String v = m == 2 ? String.format(java.util.Locale.ROOT, "%.1f", values[i][m])
                        : Integer.toString((int) values[i][m]);
                g.fillText(v, barX + barW + 8, y + 2);
                y += 28;
            }
            y += 14;
        }
        g.setFont(Font.font(WindowFonts.sans(), 13));
        g.setFill(p.text3());
        g.fillText(WindowTexts.text("compare.so-far"), 8, y);
    }
}
