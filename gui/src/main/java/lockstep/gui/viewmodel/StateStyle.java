package lockstep.gui.viewmodel;

import java.util.List;

import lockstep.simulator.trace.Event;

import lockstep.gui.text.WindowTexts;

/**
 * How the window shows a client's state: a word, an icon, a badge colour and a text colour. Colour is never the only
 * cue: every state has its own icon and word, so colour-blind viewers can tell them apart.
 *
 * @param word     the word under the client's name ("waiting")
 * @param icon     the badge icon
 * @param badge    the badge fill, as {@code #RRGGBB}
 * @param text     the colour of the state word
 * @param cssClass the style class of a client row in this state
 */
public record StateStyle(String word, Icon icon, String badge, String text, String cssClass) {

    /** The state's word in the current language (the component holds the English one, which names its key). */
    @Override
    public String word() {
        return WindowTexts.text("state." + word.replace(' ', '-'));
    }

    /** The badge icons, drawn as shapes (no font needed). */
    public enum Icon { KEY, HOURGLASS, ARROW, DASH, CROSS }

    public static final StateStyle HOLDING = new StateStyle("holding", Icon.KEY, "#00916E", "#007558", "holding");
    public static final StateStyle WAITING = new StateStyle("waiting", Icon.HOURGLASS, "#D98E04", "#8A5300", "waiting");
    public static final StateStyle REQUESTING = new StateStyle("requesting", Icon.ARROW, "#1F6FD1", "#1A5FB4",
            "requesting");
    public static final StateStyle IDLE = new StateStyle("idle", Icon.DASH, "#8792A2", "#5B6472", "idle");
    public static final StateStyle CRASHED = new StateStyle("crashed", Icon.CROSS, "#D1492E", "#B23A22", "crashed");

    /** The accent: what just fired, the playhead, the current row. */
    public static final String ACCENT = "#5B45E0";
    /** Checker findings. */
    public static final String FINDING = "#D1492E";

    private static final List<String> IDENTITY = List.of("#56647B", "#0B7285", "#A3306E", "#8A5A12", "#2C4A8A",
            "#5F6F12", "#7A3E9D", "#9E3D4E", "#985C7A", "#B4420F", "#4F46A5", "#6B5B3E");

    /** The style of a state; released and gave-up look idle with their own word, expired looks crashed. */
    public static StateStyle of(Event.State state) {
        return switch (state) {
            case HOLDING -> HOLDING;
            // (a replay shows a client that gave one hold back as holding; the trace's own word is kept here)
            case STILL_HOLDING -> new StateStyle("still holding", Icon.KEY, HOLDING.badge, HOLDING.text,
                    HOLDING.cssClass);
            case WAITING -> WAITING;
            case REQUESTING -> REQUESTING;
            case IDLE -> IDLE;
            case RELEASED -> new StateStyle("released", Icon.DASH, IDLE.badge, IDLE.text, IDLE.cssClass);
            case GAVE_UP -> new StateStyle("gave up", Icon.DASH, IDLE.badge, IDLE.text, IDLE.cssClass);
            case CRASHED -> CRASHED;
            case EXPIRED -> new StateStyle("expired", Icon.CROSS, CRASHED.badge, CRASHED.text, CRASHED.cssClass);
        };
    }

    /**
     * A client's identity colour, by its position in the scenario (c1 first): twelve hand-picked hues, then hues a
     * golden angle apart at a darkness that keeps white initials readable, so no two clients of a lane share a colour.
     * Identity colours only fill avatars and card stripes and name owners; they never carry state.
     */
    public static String identity(int position) {
        int p = Math.max(0, position);
        if (p < IDENTITY.size()) {
            return IDENTITY.get(p);
        }
        double hue = (p * 137.508) % 360;
        double brightness = 0.42 + 0.12 * ((p / 7) % 3) / 2;
        javafx.scene.paint.Color c = javafx.scene.paint.Color.hsb(hue, 0.75, brightness);
        return String.format("#%02X%02X%02X", (int) Math.round(c.getRed() * 255), (int) Math.round(c.getGreen() * 255),
                (int) Math.round(c.getBlue() * 255));
    }
}
