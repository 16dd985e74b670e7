package lockstep.gui.view;

import java.util.List;

import javafx.scene.text.Font;
import lockstep.algorithms.text.Language;
import lockstep.algorithms.text.Texts;

/**
 * The families the window draws its text with, per language. English and Russian use DejaVu Sans (it has Cyrillic);
 * Chinese needs a CJK face, which DejaVu lacks: "Noto Sans CJK SC" (Debian package {@code fonts-noto-cjk}).
 *
 * <p>Guarantees: the same language always gives the same family, so text measures the same in every frame; when
 * Chinese is chosen and no CJK face is installed, {@link #missingFontWarning()} says so in one line (JavaFX would
 * otherwise draw empty boxes without a word: it does not fall back from DejaVu to another face by itself).
 */
public final class WindowFonts {

    /** The Latin and Cyrillic faces, shipped with every Debian desktop. */
    static final String SANS = "DejaVu Sans";
    static final String MONO = "DejaVu Sans Mono";
    /** The Chinese faces, in the order they are tried (the first installed one wins). */
    static final List<String> CJK_SANS = List.of("Noto Sans CJK SC", "Noto Sans SC", "WenQuanYi Micro Hei",
            "Source Han Sans SC");
    static final List<String> CJK_MONO = List.of("Noto Sans Mono CJK SC", "Noto Sans CJK SC");
    /** The package that provides the first of them on Debian and Ubuntu. */
    public static final String CJK_PACKAGE = "fonts-noto-cjk";

    private static volatile List<String> installed;

    private WindowFonts() {
    }

    /** The proportional family for the current language. */
    public static String sans() {
        return Texts.language() == Language.ZH ? first(CJK_SANS, SANS) : SANS;
    }

    /** The monospaced family for the current language (znode names and paths). */
    public static String mono() {
        return Texts.language() == Language.ZH ? first(CJK_MONO, MONO) : MONO;
    }

    /**
     * One line for stderr when the current language needs a face that is not installed, else empty: Chinese without
     * any CJK face.
     */
    public static java.util.Optional<String> missingFontWarning() {
        if (Texts.language() != Language.ZH || CJK_SANS.stream().anyMatch(WindowFonts::isInstalled)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(lockstep.gui.text.WindowTexts.text("fonts.no-cjk", CJK_SANS.get(0), CJK_PACKAGE));
    }

    /** The style class the window's root carries for the current language ({@code lang-zh}); app.css sets its font. */
    public static String rootStyleClass() {
        return "lang-" + Texts.language().tag();
    }

    private static String first(List<String> families, String otherwise) {
        return families.stream().filter(WindowFonts::isInstalled).findFirst().orElse(otherwise);
    }

    private static boolean isInstalled(String family) {
        List<String> known = installed;
        if (known == null) {
            known = List.copyOf(Font.getFamilies());
            installed = known;
        }
        return known.contains(family);
    }
}
