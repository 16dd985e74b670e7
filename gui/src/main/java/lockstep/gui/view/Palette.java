package lockstep.gui.view;

import javafx.scene.paint.Color;

/** The colours drawn on canvases (the CSS carries the same values for controls). */
public record Palette(Color background, Color surface, Color muted, Color border, Color borderStrong, Color text,
                      Color text2, Color text3, Color accent, Color accentTint, Color holdTint, Color holding,
                      Color finding, Color line, Color findingTint, Color holdingText, Color waitingText,
                      Color requestingText, Color idleText, Color crashedText) {

    /** The colour of a state's word on this palette's surface. */
    public Color stateText(lockstep.gui.viewmodel.StateStyle style) {
        return switch (style.cssClass()) {
            case "holding" -> holdingText;
            case "waiting" -> waitingText;
            case "requesting" -> requestingText;
            case "crashed" -> crashedText;
            default -> idleText;
        };
    }

    public static final Palette LIGHT = new Palette(web("#F3F5F8"), web("#FFFFFF"), web("#F6F7F9"), web("#E3E7ED"),
            web("#D5DBE3"), web("#0F172A"), web("#475569"), web("#64748B"), web("#5B45E0"), web("#EFECFF"),
            web("#E7F6F0"), web("#00916E"), web("#D1492E"), web("#7C8BA1"), web("#FBE9E5"), web("#007558"),
            web("#8A5300"), web("#1A5FB4"), web("#5B6472"), web("#B23A22"));

    public static final Palette DARK = new Palette(web("#0E1320"), web("#171E2E"), web("#1E2638"), web("#2A3448"),
            web("#36425A"), web("#E8ECF4"), web("#B4BECE"), web("#8E9AAE"), web("#9D8CFF"), web("#2B2656"),
            web("#10382D"), web("#2BC497"), web("#F0785C"), web("#6B7890"), web("#3D1C16"), web("#3DD6A8"),
            web("#F2B33D"), web("#6AAEF5"), web("#A3AEBF"), web("#F48C72"));

    /**
     * {@code fg} made lighter (on a dark surface) or darker (on a light one) until its contrast against the surface is
     * at least 4.5:1, WCAG AA for text: identity colours are chosen for avatars, not for text on every surface.
     */
    public Color readable(Color fg) {
        boolean darkSurface = luminance(surface) < 0.2;
        Color c = fg;
        for (int i = 0; i < 40 && contrast(c, surface) < 4.5; i++) {
            c = darkSurface ? c.interpolate(Color.WHITE, 0.1) : c.interpolate(Color.BLACK, 0.1);
        }
        return c;
    }

    /** The WCAG contrast ratio of two colours (1 to 21). */
    public static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** WCAG relative luminance. */
    public static double luminance(Color c) {
        return 0.2126 * channel(c.getRed()) + 0.7152 * channel(c.getGreen()) + 0.0722 * channel(c.getBlue());
    }

    private static double channel(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    private static Color web(String hex) {
        return Color.web(hex);
    }
}
