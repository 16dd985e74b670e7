package lockstep.gui.view;

import javafx.scene.shape.SVGPath;
import lockstep.gui.viewmodel.StateStyle;

/** Badge and transport icons as shapes on a 12×12 grid, so no icon font is needed. */
public final class Icons {

    private Icons() {
    }

    public static String path(StateStyle.Icon icon) {
        return switch (icon) {
            case KEY -> "M4 2.2a2.8 2.8 0 1 0 0.01 0z M4 3.7a1.3 1.3 0 1 1-0.01 0z M6.4 4.3h5v1.6h-1.1v1.6h-1.5v-1.6h-2.4z";
            case HOURGLASS -> "M2.5 1h7v1.6L7 6l2.5 3.4V11h-7V9.4L5 6 2.5 2.6z";
            case ARROW -> "M1.5 5.1h5.2V2.6L10.8 6l-4.1 3.4V6.9H1.5z";
            case DASH -> "M2.2 5.1h7.6v1.8H2.2z";
            case CROSS -> "M2.6 1.4L6 4.8l3.4-3.4 1.2 1.2L7.2 6l3.4 3.4-1.2 1.2L6 7.2l-3.4 3.4-1.2-1.2L4.8 6 1.4 2.6z";
        };
    }

    public static SVGPath shape(StateStyle.Icon icon) {
        SVGPath p = new SVGPath();
        p.setContent(path(icon));
        p.setFillRule(javafx.scene.shape.FillRule.EVEN_ODD);
        return p;
    }

    /** Transport icons. */
    public static SVGPath transport(String name) {
        SVGPath p = new SVGPath();
        p.setContent(switch (name) {
            case "home" -> "M1 1h2v10H1z M11 1v10L4 6z";
            case "line-back" -> "M6 1v10L0 6z M12 1v10L6 6z";
            case "back" -> "M9 1v10L2 6z";
            case "play" -> "M3 1l8 5-8 5z";
            case "pause" -> "M2 1h3v10H2z M7 1h3v10H7z";
            case "forward" -> "M3 1v10l7-5z";
            case "line-forward" -> "M0 1v10l6-5z M6 1v10l6-5z";
            case "end" -> "M1 1v10l7-5z M9 1h2v10H9z";
            default -> "";
        });
        p.getStyleClass().add("icon");
        return p;
    }
}
