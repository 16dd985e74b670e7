package lockstep.algorithms.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the key-completeness test checks, as plain code every module's test calls (the simulator's and the window's
 * through this module's test jar).
 *
 * <p>Steps for one bundle: read the English base file and each translation as UTF-8 properties (the files
 * themselves, not through {@link java.util.ResourceBundle}, which would hide a missing key behind the English
 * parent); a translation must have exactly the English keys; every value must have the same set of placeholders as
 * the English one; every value must parse as a {@link MessageFormat} pattern. Then, for a module's compiled classes,
 * every {@code *_zh.properties} / {@code *_ru.properties} must belong to a registered bundle, so a bundle nobody
 * registered cannot escape the check.
 */
public final class BundleAudit {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\s*(\\d+)");

    private BundleAudit() {
    }

    /** Every problem of the bundle {@code baseName}, one readable line each; empty when it is complete. */
    public static List<String> problems(String baseName) {
        List<String> problems = new ArrayList<>();
        Properties english = read(baseName, null, problems);
        if (english == null) {
            return problems;
        }
        english.stringPropertyNames().stream().sorted()
                .forEach(key -> checkPattern(fileName(baseName, Language.EN), key, english.getProperty(key), problems));
        for (Language language : Language.values()) {
            if (language == Language.EN) {
                continue;
            }
            Properties translated = read(baseName, language, problems);
            if (translated == null) {
                continue;
            }
            String file = fileName(baseName, language);
            for (String key : new TreeSet<>(english.stringPropertyNames())) {
                if (!translated.containsKey(key)) {
                    problems.add(file + ": missing key " + key);
                }
            }
            for (String key : new TreeSet<>(translated.stringPropertyNames())) {
                if (!english.containsKey(key)) {
                    problems.add(file + ": key " + key + " is not in English");
                    continue;
                }
                String value = translated.getProperty(key);
                Set<String> expected = placeholders(english.getProperty(key));
                Set<String> found = placeholders(value);
                if (!expected.equals(found)) {
                    problems.add(file + ": " + key + " has placeholders " + found + ", English has " + expected);
                }
                if (value.isBlank() && !english.getProperty(key).isBlank()) {
                    problems.add(file + ": " + key + " is empty");
                }
                checkPattern(file, key, value, problems);
            }
        }
        return problems;
    }

    /** Every problem of every registered bundle. */
    public static List<String> problemsOfEveryBundle() {
        List<String> problems = new ArrayList<>();
        TextBundles.registered().forEach(name -> problems.addAll(problems(name)));
        return problems;
    }

    /**
     * The translated files under {@code classesDirectory} (a module's {@code target/classes}) whose bundle is not in
     * {@code registered}, as resource paths.
     */
    public static List<String> unregistered(Path classesDirectory, Collection<String> registered) {
        if (!Files.isDirectory(classesDirectory)) {
            return List.of();
        }
        List<String> strays = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classesDirectory)) {
            files.map(path -> classesDirectory.relativize(path).toString().replace('\\', '/'))
                    .filter(path -> path.endsWith(".properties"))
                    .sorted()
                    .forEach(path -> {
                        for (Language language : Language.values()) {
                            String suffix = "_" + language.tag() + ".properties";
                            if (language != Language.EN && path.endsWith(suffix)) {
                                String baseName = path.substring(0, path.length() - suffix.length()).replace('/', '.');
                                if (!registered.contains(baseName)) {
                                    strays.add(path);
                                }
                            }
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return strays;
    }

    /** The placeholder numbers a value uses: {@code "{0} waits for {1}"} -> [0, 1]. */
    static Set<String> placeholders(String value) {
        Set<String> numbers = new TreeSet<>();
        Matcher matcher = PLACEHOLDER.matcher(value);
        while (matcher.find()) {
            numbers.add(matcher.group(1));
        }
        return numbers;
    }

    /** A form's category in a {@code {N,plural,...}}: the word before its {@code #}. */
    private static final Pattern PLURAL_FORM = Pattern.compile("(?:,plural,|\\|)\\s*([a-z]+)#");

    private static void checkPattern(String file, String key, String value, List<String> problems) {
        if (placeholders(value).isEmpty()) {
            return; // printed as written: MessageFormat never sees it
        }
        // As TextBundle formats it: its plurals and choices resolved for a number, the rest read by MessageFormat.
        Matcher plural = PLURAL_FORM.matcher(value);
        while (plural.find()) {
            if (!Set.of("one", "few", "many", "other").contains(plural.group(1))) {
                problems.add(file + ": " + key + " has a plural form '" + plural.group(1)
                        + "' (expected one, few, many or other)");
            }
        }
        try {
            if (value.contains(",plural,")) {
                Object[] numbers = new Object[placeholders(value).stream().mapToInt(Integer::parseInt).max()
                        .orElse(0) + 1];
                java.util.Arrays.fill(numbers, 2);
                TextBundle.format(value, java.util.Locale.ROOT, numbers); // MessageFormat knows no plural
            } else {
                new MessageFormat(value.replace("'", "''"));
            }
        } catch (IllegalArgumentException e) {
            problems.add(file + ": " + key + " is not a valid message pattern: " + e.getMessage());
        }
    }

    private static Properties read(String baseName, Language language, List<String> problems) {
        String file = fileName(baseName, language);
        try (InputStream in = BundleAudit.class.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                problems.add(file + ": missing");
                return null;
            }
            Properties properties = new Properties();
            // Properties.load(InputStream) reads ISO-8859-1; the bundles are UTF-8, as ResourceBundle reads them.
            properties.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
            return properties;
        } catch (IOException e) {
            problems.add(file + ": unreadable: " + e.getMessage());
            return null;
        }
    }

    private static String fileName(String baseName, Language language) {
        String path = baseName.replace('.', '/');
        return language == null || language == Language.EN ? path + ".properties"
                : path + "_" + language.tag() + ".properties";
    }
}
