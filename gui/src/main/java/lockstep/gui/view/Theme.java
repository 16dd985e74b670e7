package lockstep.gui.view;

import javafx.scene.Scene;

/**
 * The stylesheets: the palette (light or dark) and the shared app.css; presentation mode and the language (its font)
 * are root style classes.
 */
public final class Theme {

    private static final String APP = css("app.css");
    private static final String LIGHT = css("light.css");
    private static final String DARK = css("dark.css");

    private Theme() {
    }

    private static final String PRESENTATION = read("presentation.css");
    private static final java.util.Map<Long, String> SHEETS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.regex.Pattern SIZE = java.util.regex.Pattern.compile("\\{(\\d+):(\\d+)\\}px");

    /** presentation.css with every {N:P} size resolved for {@code room}, as a data: stylesheet (cached per room). */
    static String presentationSheet(double room) {
        double reach = ViewSettings.reach(room);
        return SHEETS.computeIfAbsent(Math.round(reach * 100), k -> {
            java.util.regex.Matcher m = SIZE.matcher(PRESENTATION);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                double normal = Double.parseDouble(m.group(1));
                double full = Double.parseDouble(m.group(2));
                m.appendReplacement(out, Math.round(normal + (full - normal) * k / 100.0) + "px");
            }
            m.appendTail(out);
            return "data:text/css;base64," + java.util.Base64.getEncoder().encodeToString(
                    out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        });
    }

    private static String read(String name) {
        try (java.io.InputStream in = Theme.class.getResourceAsStream("/lockstep/gui/" + name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException | NullPointerException e) {
            throw new IllegalStateException("the stylesheet " + name + " is missing from the build", e);
        }
    }

    private static String css(String name) {
        return Theme.class.getResource("/lockstep/gui/" + name).toExternalForm();
    }

    public static void apply(Scene scene, boolean dark, boolean presentation) {
        apply(scene, dark, presentation, 1);
    }

    /**
     * The stylesheets, presentation mode's sizes scaled to the {@code room} the screen gives it
     * ({@link ViewSettings#roomOf}).
     */
    public static void apply(Scene scene, boolean dark, boolean presentation, double room) {
        scene.getStylesheets().setAll(dark ? DARK : LIGHT, APP, presentationSheet(room));
        // The language's font (app.css: .root.lang-zh takes a CJK face): one class, that of the current language.
        scene.getRoot().getStyleClass().removeIf(c -> c.startsWith("lang-"));
        scene.getRoot().getStyleClass().add(WindowFonts.rootStyleClass());
        if (presentation) {
            if (!scene.getRoot().getStyleClass().contains("presentation")) {
                scene.getRoot().getStyleClass().add("presentation");
            }
        } else {
            scene.getRoot().getStyleClass().remove("presentation");
        }
    }
}
