package lockstep.simulator.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a narration's first clause ends: the part every banner (the window's, the rendered frames', the browser
 * player's) sets in bold. One rule for all three, in every language: a Latin or Cyrillic clause ends at {@code .},
 * {@code :}, {@code ;}, {@code !} or {@code ?} followed by white space (so "c1.release" or "3.5" is not cut), a
 * Chinese one at its full-width mark ({@code 。：；！？}), which no space follows. A text with no such end, or whose
 * only end is its last character, is one clause.
 *
 * <p>The browser player takes the same expression from its data ({@link #PATTERN}), so the page cannot cut elsewhere.
 */
public final class FirstClause {

    /** The end of a clause, in a syntax Java and JavaScript read alike. */
    public static final Pattern PATTERN = Pattern.compile("[.:;!?](?=\\s)|[\u3002\uff1a\uff1b\uff01\uff1f]");

    private FirstClause() {
    }

    /** The length of {@code text}'s first clause (the whole text when it is one). */
    public static int end(String text) {
        Matcher m = PATTERN.matcher(text);
        return m.find() && m.end() < text.length() ? m.end() : text.length();
    }
}
