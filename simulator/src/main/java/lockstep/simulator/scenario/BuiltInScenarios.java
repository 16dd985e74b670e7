package lockstep.simulator.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import lockstep.simulator.BadInputException;

/**
 * The registry of built-in scenarios: the {@code scenarios/NN-name.yaml} files packaged at classpath
 * {@code lockstep/scenarios/} and named in its {@code index.txt} (a jar cannot list a directory). Guarantees: {@link
 * #list()} is sorted by id, and every listed built-in loads (a test holds every one of them to that).
 */
public final class BuiltInScenarios {

    /** Where the built-ins sit on the classpath. */
    static final String FOLDER = "/lockstep/scenarios/";
    static final String INDEX = "index.txt";

    /**
     * One built-in, as a picker shows it.
     *
     * @param id   the two-digit number, e.g. {@code "02"}
     * @param name the file name without {@code .yaml}, e.g. {@code "02-herd-effect"}; also the FILE of its messages
     * @param titleInLanguages       the title in every language the file gives ({@code title} is the English one)
     * @param descriptionInLanguages the description likewise
     */
    public record BuiltIn(String id, String name, String title, String description, Wording titleInLanguages,
                          Wording descriptionInLanguages) {

        public BuiltIn(String id, String name, String title, String description) {
            this(id, name, title, description, Wording.english(title), Wording.english(description));
        }

        /** The title in {@code language} ({@code en}, {@code zh}, {@code ru}), English when it has none in it. */
        public String title(String language) {
            return titleInLanguages.in(language);
        }

        /** The description in {@code language}, English when it has none in it. */
        public String description(String language) {
            return descriptionInLanguages.in(language);
        }
    }

    private BuiltInScenarios() {
    }

    /** Every built-in, sorted by id. */
    public static List<BuiltIn> list() {
        return Registry.BUILT_INS;
    }

    /** Loads the built-in named by its id ({@code "02"}) or name ({@code "02-herd-effect"}). */
    public static Scenario load(String idOrName) throws BadInputException {
        BuiltIn builtIn = find(idOrName).orElseThrow(() -> new BadInputException(idOrName, notFound()));
        return ScenarioLoader.parse(builtIn.name(), resource(builtIn.name() + ".yaml"));
    }

    /** The YAML text of the built-in named by its id or name; IllegalArgumentException when there is none. */
    public static String text(String idOrName) {
        BuiltIn builtIn = find(idOrName).orElseThrow(() -> new IllegalArgumentException(idOrName + ": " + notFound()));
        return resource(builtIn.name() + ".yaml");
    }

    private static Optional<BuiltIn> find(String idOrName) {
        String wanted = idOrName.strip();
        // Accept "02-herd-effect.yaml" too: people paste file names.
        String name = wanted.endsWith(".yaml") ? wanted.substring(0, wanted.length() - ".yaml".length()) : wanted;
        return list().stream().filter(b -> b.id().equals(name) || b.name().equals(name)).findFirst();
    }

    private static String notFound() {
        List<BuiltIn> all = list();
        return lockstep.simulator.text.SimulatorTexts.text("scenario.noBuiltIn", all.get(0).id(),
                all.get(all.size() - 1).id(), all.get(0).name());
    }

    static String resource(String fileName) {
        try (InputStream in = BuiltInScenarios.class.getResourceAsStream(FOLDER + fileName)) {
            if (in == null) {
                throw new IllegalStateException("built-in scenario resource missing: " + FOLDER + fileName);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** File names the index lists, in its order, comments and blank lines skipped. */
    static List<String> indexedFileNames() {
        return resource(INDEX).lines().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    }

    /** Loaded once, on first use: the built-ins never change while the program runs. */
    private static final class Registry {

        static final List<BuiltIn> BUILT_INS = read();

        private static List<BuiltIn> read() {
            List<BuiltIn> builtIns = new ArrayList<>();
            for (String fileName : indexedFileNames()) {
                String name = fileName.substring(0, fileName.length() - ".yaml".length());
                try {
                    Scenario scenario = ScenarioLoader.parse(name, resource(fileName));
                    builtIns.add(new BuiltIn(name.substring(0, 2), name, scenario.title(), scenario.description(),
                            scenario.titleInLanguages(), scenario.descriptionInLanguages()));
                } catch (BadInputException e) {
                    // A built-in is part of the program: if it does not load, the build is broken, not the input.
                    throw new IllegalStateException("built-in scenario does not load: " + e.getMessage(), e);
                }
            }
            builtIns.sort(Comparator.comparing(BuiltIn::id));
            return List.copyOf(builtIns);
        }
    }
}
