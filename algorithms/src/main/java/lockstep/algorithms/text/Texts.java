package lockstep.algorithms.text;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The language the process speaks now, and its bundles. There is one current language per process: the CLI sets it
 * once from {@code --lang}; the window switches it live from its language menu and re-reads its texts when told.
 *
 * <p>Steps of a lookup: {@link #bundle(String)} names a module's bundle; {@link TextBundle#text(String, Object...)}
 * loads it for the current language (English base file, {@code _zh}/{@code _ru} beside it, no fallback to the
 * system locale) and formats the value with {@link java.text.MessageFormat}. Guarantees: a switch is seen by every
 * later lookup on every thread; listeners run on the thread that switched, after the switch, in the order added.
 */
public final class Texts {

    private static volatile Language current = Language.atStartUp();
    private static final List<Consumer<Language>> LISTENERS = new CopyOnWriteArrayList<>();
    /** A language this thread says something in for a moment ({@link #saying}), or null. */
    private static final ThreadLocal<Language> SAYING = new ThreadLocal<>();

    private Texts() {
    }

    /** The language every lookup uses now (on this thread: see {@link #saying}). */
    public static Language language() {
        Language saying = SAYING.get();
        return saying != null ? saying : current;
    }

    /**
     * What {@code what} says when every lookup on this thread is in {@code language}, without switching the
     * process's language or telling any listener: a page that carries its texts in every language makes them so,
     * while the window keeps speaking its own.
     */
    public static <T> T saying(Language language, Supplier<T> what) {
        Objects.requireNonNull(language, "language");
        Language before = SAYING.get();
        SAYING.set(language);
        try {
            return what.get();
        } finally {
            if (before == null) {
                SAYING.remove();
            } else {
                SAYING.set(before);
            }
        }
    }

    /** Switches the language of every later lookup, then tells the listeners (only when it changed). */
    public static void use(Language language) {
        Objects.requireNonNull(language, "language");
        Language before = current;
        current = language;
        if (before != language) {
            LISTENERS.forEach(listener -> listener.accept(language));
        }
    }

    /**
     * Calls {@code listener} with the new language after each switch (a window re-reads its texts there). The
     * returned handle removes it again.
     */
    public static Runnable onSwitch(Consumer<Language> listener) {
        LISTENERS.add(Objects.requireNonNull(listener, "listener"));
        return () -> LISTENERS.remove(listener);
    }

    /** The bundle with this base name (e.g. {@code lockstep.simulator.text.cli}), in whatever language is current. */
    public static TextBundle bundle(String baseName) {
        return new TextBundle(baseName);
    }
}
