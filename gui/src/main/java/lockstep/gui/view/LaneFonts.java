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

    /**
     * The height of one line of text at {@code size} in the language shown: Chinese glyphs stand taller than Latin
     * ones at the same size, so two lines that clear each other in English touch in Chinese.
     */
    static double lineHeight(double size, boolean bold) {
        javafx.scene.text.Text sample = new javafx.scene.text.Text(
                lockstep.algorithms.text.Texts.language() == lockstep.algorithms.text.Language.ZH ? "Ag\u6c49\u5b57" : "Ag");
        sample.setFont(of(size, bold, false));
        return sample.getLayoutBounds().getHeight();
    }
}
