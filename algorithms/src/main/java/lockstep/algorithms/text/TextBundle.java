package lockstep.algorithms.text;

import java.math.BigInteger;
import java.text.ChoiceFormat;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * One module's texts: a {@code .properties} bundle (UTF-8, English in the base file, {@code _zh} and {@code _ru}
 * beside it) looked up in the {@linkplain Texts#language() current language}.
 *
 * <p>Rules for the files, so translators write plain text: placeholders are {@code {0}}, {@code {1}}...; an
 * apostrophe is just an apostrophe (it is doubled before {@link MessageFormat} sees it, so MessageFormat's quoting is
 * not available, and a text with placeholders can hold no other brace; a text without placeholders is printed as
 * written, braces included); whole numbers are written as they are ({@code 12345}, never grouped as
 * {@code 12,345}). A key
 * missing in zh or ru falls back to English at run time; the key-completeness test fails on it.
 *
 * <p>A count's words: {@code {N,choice,...}} as MessageFormat reads it (ranges: enough for English), or
 * {@code {N,plural,one#...|few#...|many#...|other#...}}, whose form is picked by the language's plural category of
 * the number (CLDR's rules for whole numbers: English one/other, Chinese other, Russian one/few/many: 1, 21 and 101
 * are one, 2-4 and 22-24 few, 5-20 and 25-30 many); a category the text does not give takes {@code other}, else the
 * last form.
 */
public final class TextBundle {

    /** Bundles are looked up without falling back to the system locale: English is the base file, not en. */
    private static final ResourceBundle.Control NO_FALLBACK =
            ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

    private final String baseName;

    TextBundle(String baseName) {
        this.baseName = baseName;
    }

    public String baseName() {
        return baseName;
    }

    /** The text for {@code key} in the current language, its placeholders filled with {@code arguments}. */
    public String text(String key, Object... arguments) {
        return in(Texts.language(), key, arguments);
    }

    /** The text for {@code key} in {@code language}, whatever language is current. */
    public String in(Language language, String key, Object... arguments) {
        String pattern = resources(language).getString(key);
        return format(pattern, language.locale(), arguments);
    }

    /** Whether the bundle has {@code key} (in English, and so in every language once the test passes). */
    public boolean has(String key) {
        return resources(Language.EN).containsKey(key);
    }

    /** The underlying bundle for {@code language} (picocli takes one for its usage help). */
    public ResourceBundle resources(Language language) {
        try {
            return ResourceBundle.getBundle(baseName, language.locale(), TextBundle.class.getClassLoader(),
                    NO_FALLBACK);
        } catch (MissingResourceException e) {
            throw new MissingResourceException("no text bundle " + baseName, baseName, "");
        }
    }

    /** Formats one pattern as the bundles' rules say (literal apostrophes, ungrouped whole numbers). */
    public static String format(String pattern, Locale locale, Object... arguments) {
        if (arguments.length == 0) {
            // Nothing to fill in: the text as written, braces and all ("unclosed '{'").
            return pattern;
        }
        pattern = chooseForms(pattern, locale, arguments);
        Object[] plain = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            Object argument = arguments[i];
            // Ids, ports, seeds and counts are printed as typed: MessageFormat would group them (12,345).
            plain[i] = argument instanceof Integer || argument instanceof Long || argument instanceof Short
                    || argument instanceof Byte || argument instanceof BigInteger ? argument.toString() : argument;
        }
        return new MessageFormat(pattern.replace("'", "''"), locale).format(plain);
    }

    /**
     * Each {@code {N,choice,...}} or {@code {N,plural,...}} whose argument is a number replaced by the form it
     * chooses ("1 run", "{1} runs"), before the numbers become plain text: MessageFormat would format the chosen
     * form's own placeholders anew, and group their numbers (12,345 runs).
     */
    private static String chooseForms(String pattern, Locale locale, Object[] arguments) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (true) {
            int open = pattern.indexOf('{', from);
            if (open < 0) {
                return out.append(pattern, from, pattern.length()).toString();
            }
            int close = closingBrace(pattern, open);
            int comma = close < 0 ? -1 : firstComma(pattern, open, close);
            String kind = comma < 0 ? "" : pattern.startsWith(",choice,", comma) ? ",choice,"
                    : pattern.startsWith(",plural,", comma) ? ",plural," : "";
            String index = kind.isEmpty() ? "" : pattern.substring(open + 1, comma).strip();
            if (!index.matches("\\d+") || Integer.parseInt(index) >= arguments.length
                    || !(arguments[Integer.parseInt(index)] instanceof Number number)) {
                out.append(pattern, from, open + 1);
                from = open + 1;
                continue;
            }
            String forms = pattern.substring(comma + kind.length(), close);
            out.append(pattern, from, open).append(kind.equals(",choice,")
                    ? new ChoiceFormat(forms).format(number.doubleValue()) : pluralForm(forms, locale, number));
            from = close + 1;
        }
    }

    /** The index of the first comma after {@code open}, before {@code close}; -1 when none. */
    private static int firstComma(String pattern, int open, int close) {
        int comma = pattern.indexOf(',', open);
        return comma < 0 || comma > close ? -1 : comma;
    }

    /** The form of {@code forms} ({@code one#...|other#...}) for the plural category of {@code number}. */
    private static String pluralForm(String forms, Locale locale, Number number) {
        String category = pluralCategory(locale, number.longValue());
        String other = null;
        String last = "";
        for (String form : splitForms(forms)) {
            int hash = form.indexOf('#');
            String name = hash < 0 ? "" : form.substring(0, hash).strip();
            last = hash < 0 ? form : form.substring(hash + 1);
            if (name.equals(category)) {
                return last;
            }
            if (name.equals("other")) {
                other = last;
            }
        }
        return other != null ? other : last;
    }

    /** The forms of a plural, split at the bars outside their own placeholders. */
    private static java.util.List<String> splitForms(String forms) {
        java.util.List<String> out = new java.util.ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < forms.length(); i++) {
            char c = forms.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == '|' && depth == 0) {
                out.add(forms.substring(start, i));
                start = i + 1;
            }
        }
        out.add(forms.substring(start));
        return out;
    }

    /**
     * CLDR's plural category of a whole number in the locale's language: Russian one (ends in 1, not 11), few (ends
     * in 2-4, not 12-14) or many; Chinese always other; any other language (English) one for 1, else other.
     */
    static String pluralCategory(Locale locale, long number) {
        long n = Math.abs(number);
        switch (locale.getLanguage()) {
            case "ru" -> {
                long ten = n % 10;
                long hundred = n % 100;
                if (ten == 1 && hundred != 11) {
                    return "one";
                }
                return ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "few" : "many";
            }
            case "zh" -> {
                return "other";
            }
            default -> {
                return n == 1 ? "one" : "other";
            }
        }
    }

    /** The index of the brace that closes the one at {@code open}, or -1. */
    private static int closingBrace(String pattern, int open) {
        int depth = 0;
        for (int i = open; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
