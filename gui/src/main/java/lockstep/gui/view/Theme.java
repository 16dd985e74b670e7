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

    private static String css(String name) {
        return Theme.class.getResource("/lockstep/gui/" + name).toExternalForm();
    }

    public static void apply(Scene scene, boolean dark, boolean presentation) {
        scene.getStylesheets().setAll(dark ? DARK : LIGHT, APP);
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
