package lockstep.gui.view;

import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;

/**
 * The lane's two faces (DejaVu Sans and its mono; a CJK face for Chinese, see {@link WindowFonts}), at whole pixel
 * sizes so text measures the same in every frame.
 */
final class LaneFonts {

    private LaneFonts() {
    }

    static Font of(double size, boolean bold, boolean mono) {
        return Font.font(mono ? WindowFonts.mono() : WindowFonts.sans(), bold ? FontWeight.BOLD : FontWeight.NORMAL,
                Math.round(size));
    }
}
