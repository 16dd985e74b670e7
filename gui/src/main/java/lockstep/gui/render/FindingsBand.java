package lockstep.gui.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.text.SimulatorTexts;
import lockstep.simulator.trace.Event;

/**
 * A red band along the top of a rendered picture when a run drawn has checker failures, naming each (algorithm,
 * kind, event): a frame drawn before the failure, or a cut of the GIF, would otherwise pass for a clean run. Drawn onto
 * the finished image, so the window's layout is untouched; a run without failures gets nothing. {@code lockstep render}
 * and the window's PNG and GIF exports ({@link LanePictures}) both draw it, so their pixels stay the same.
 */
public final class FindingsBand {

    private static final Color RED = new Color(0xb3261e);

    private FindingsBand() {
    }

    /** The band's words for {@code traces}, or null when no run has a failure. */
    public static String words(List<List<Event>> traces) {
        List<String> found = new ArrayList<>();
        for (List<Event> trace : traces) {
            String algorithm = ((Event.RunStarted) trace.get(0)).algorithm();
            for (Finding failure : Checker.failures(trace)) {
                found.add(SimulatorTexts.text("render.finding", algorithm, failure.kind(),
                        Integer.toString(failure.at())));
            }
        }
        return found.isEmpty() ? null : SimulatorTexts.text("render.findings", String.join("; ", found));
    }

    /** Draws the band onto {@code image} when {@code words} is not null; returns the image. */
    public static BufferedImage onto(BufferedImage image, String words) {
        if (words == null) {
            return image;
        }
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            // in the picture's top margin (the title card starts below it), so nothing drawn is covered
            int size = Math.max(10, image.getHeight() / 64);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, size));
            int band = size + 6;
            g.setColor(RED);
            g.fillRect(0, 0, image.getWidth(), band);
            g.setColor(Color.WHITE);
            String shown = words;
            while (shown.length() > 8 && g.getFontMetrics().stringWidth(shown) > image.getWidth() - size) {
                shown = shown.substring(0, shown.length() - 2) + "\u2026";
            }
            g.drawString(shown, size / 2, band - 4);
        } finally {
            g.dispose();
        }
        return image;
    }
}
