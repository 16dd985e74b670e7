package lockstep.simulator.cli;

/**
 * Text from a scenario or a trace made safe to print on a terminal: a control character (an escape sequence that
 * would retitle the window or recolour the text, a bell, a backspace) is shown as {@code \\uXXXX} instead of being
 * obeyed. Tabs stay; a line break inside what should be one line is shown escaped too.
 */
final class Printable {

    private Printable() {
    }

    /** {@code text} with every control character but the tab escaped. */
    static String line(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f);
            if (control && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (control) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
