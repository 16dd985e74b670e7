package lockstep.simulator.fault;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The registry of faults: every {@link Fault} class in this package, found when the registry is first used, so that a
 * new fault is its class and its docs entry and nothing else. The loader reads script words from here, the runner
 * applies faults from here, {@code lockstep list} and the docs test list them from here. Order: client faults, then
 * server faults, each by name.
 */
public final class Faults {

    private static final List<Fault> ALL = discover();

    private Faults() {
    }

    /** Every fault, client faults first, each group by name. */
    public static List<Fault> all() {
        return ALL;
    }

    /** The faults done to one target, in registry order. */
    public static List<Fault> of(Fault.Target target) {
        return ALL.stream().filter(f -> f.target() == target).toList();
    }

    /** The fault a script word names for a target ({@code crash} for a client, {@code stop} for the server). */
    public static Optional<Fault> byWord(Fault.Target target, String word) {
        return of(target).stream().filter(f -> f.word().equals(word)).findFirst();
    }

    /**
     * The faults done to one target that put back what another took ({@link Fault#undoes}), in registry order:
     * {@code reconnect} and {@code resume} for a client, {@code server-n-restart} and {@code server-start} for the
     * servers.
     */
    public static List<Fault> undoing(Fault.Target target) {
        return of(target).stream().filter(f -> f.undoes().isPresent()).toList();
    }

    /** The fault with this trace name ({@code server-stop}). */
    public static Optional<Fault> byName(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    private static List<Fault> discover() {
        List<Fault> found = new ArrayList<>();
        for (String name : classNamesHere()) {
            try {
                Class<?> type = Class.forName(Faults.class.getPackageName() + "." + name);
                if (Fault.class.isAssignableFrom(type) && !type.isInterface()
                        && java.lang.reflect.Modifier.isPublic(type.getModifiers())
                        && !java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
                    found.add((Fault) type.getConstructor().newInstance());
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("fault class " + name + " cannot be made: " + e, e);
            }
        }
        found.sort(Comparator.comparing(Fault::target).thenComparing(Fault::name));
        return List.copyOf(found);
    }

    /**
     * The simple names of the top-level classes in this package, from the directory or the jar this class was loaded
     * from (its own code source: another folder of the same package, such as the tests', does not count).
     */
    private static List<String> classNamesHere() {
        String folder = Faults.class.getPackageName().replace('.', '/');
        try {
            Path origin = Path.of(Faults.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(origin)) {
                return namesIn(origin.resolve(folder));
            }
            try (FileSystem jar = FileSystems.newFileSystem(origin, (ClassLoader) null)) {
                return namesIn(jar.getPath("/" + folder));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> namesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length()))
                    .sorted().toList();
        }
    }
}
