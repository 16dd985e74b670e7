package lockstep.simulator.cli;

import java.util.ArrayList;
import java.util.List;

/** Plain-text tables as the CLI prints them. */
final class Tables {

    private Tables() {
    }

    /**
     * A header row for a {@code String.format} row of {@code %-Ns} / {@code %Ns} columns, padded by the columns each
     * word takes on a terminal (a Chinese word takes twice its length), so it lines up over the English-formatted rows.
     */
    static String header(String row, String... words) {
        java.util.regex.Matcher column = java.util.regex.Pattern.compile("%(-?)(\\d+)s").matcher(row);
        StringBuilder line = new StringBuilder();
        int i = 0;
        int end = 0;
        while (column.find() && i < words.length) {
            line.append(row, end, column.start());
            int width = Integer.parseInt(column.group(2));
            String pad = " ".repeat(Math.max(0, width - width(words[i])));
            line.append(column.group(1).isEmpty() ? pad + words[i] : words[i] + pad);
            end = column.end();
            i++;
        }
        return line.append(row.substring(end).replace("%n", System.lineSeparator())).toString();
    }

    /**
     * The columns a text takes in a terminal: Chinese characters (and other East Asian wide ones) take two, so a
     * Chinese table lines up as an English one does.
     */
    static int width(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            width += isWide(c) ? 2 : 1;
            i += Character.charCount(c);
        }
        return width;
    }

    private static boolean isWide(int c) {
        return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F)
                || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
                || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
    }

    /** Columns left-aligned, two spaces apart, no trailing blanks (every table the CLI prints). */
    static List<String> align(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], width(row[c]));
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(row[c]);
                if (c < columns - 1) {
                    line.append(" ".repeat(widths[c] - width(row[c]) + 2));
                }
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
