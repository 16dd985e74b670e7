package lockstep.gui.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.frame.LaneFrame;
import lockstep.simulator.text.SimulatorTexts;
import lockstep.simulator.trace.Event;

/**
 * A red band along the top of a rendered picture when a run drawn has checker failures, naming each once (algorithm,
 * kind, event): a still picture drawn before the failure would otherwise pass for a clean run; a GIF's frame names
 * the failures found up to its beat, as the window shows them. Drawn onto
 * the finished image, so the window's layout is untouched; a run without failures gets nothing. {@code lockstep render}
 * and the window's PNG and GIF exports ({@link LanePictures}) both draw it, so their pixels stay the same.
 */
public final class FindingsBand {

    private static final Color RED = new Color(0xb3261e);

    private FindingsBand() {
    }

    /**
     * The band's words for {@code traces}, every failure of each run, or null when no run has one: a still picture
     * says that its run fails, at whatever beat it is drawn.
     */
    public static String words(List<List<Event>> traces) {
        List<String> found = new ArrayList<>();
        for (List<Event> trace : traces) {
            String algorithm = ((Event.RunStarted) trace.get(0)).algorithm();
            for (Finding failure : Checker.failures(trace)) {
                found.add(SimulatorTexts.text("render.finding", algorithm, failure.kind(),
                        Integer.toString(failure.at())));
            }
        }
        return joined(found);
    }

    /**
     * The band's words for one beat of an animation, from its lanes' frames: the failures found up to that beat (a
     * frame holds each finding from its event to the end), or null before the first; a GIF thus names a finding from
     * the beat it is found on, never before it happens.
     */
    public static String wordsAt(List<LaneFrame> frames) {
        List<String> found = new ArrayList<>();
        for (LaneFrame frame : frames) {
            for (Finding finding : frame.findings()) {
                if (finding.isFailure()) {
                    found.add(SimulatorTexts.text("render.finding", frame.algorithm(), finding.kind(),
                            Integer.toString(finding.at())));
                }
            }
        }
        return joined(found);
    }

    /** Each finding once, in order, with "×N" when the checker reports the same one N times. */
    private static String joined(List<String> found) {
        if (found.isEmpty()) {
            return null;
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        found.forEach(f -> counts.merge(f, 1, Integer::sum));
        List<String> once = new ArrayList<>();
        counts.forEach((f, n) -> once.add(n == 1 ? f : f + " \u00d7" + n));
        return SimulatorTexts.text("render.findings", String.join("; ", once));
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
