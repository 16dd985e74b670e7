package lockstep.simulator.cli;

import java.util.ArrayList;
import java.util.List;

/** Plain-text tables as the CLI prints them. */
final class Tables {

    private Tables() {
    }

    /** Columns left-aligned, two spaces apart, no trailing blanks (every table the CLI prints). */
    static List<String> align(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(c == columns - 1 ? row[c] : String.format("%-" + widths[c] + "s  ", row[c]));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
