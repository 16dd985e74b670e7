package lockstep.simulator.scenario;

import java.util.List;

/**
 * A scenario as loaded: valid by construction, so every client a step names is in {@link #clients()}.
 *
 * @param source      the file as the user named it, or the built-in's name
 * @param title       one line
 * @param description free text, empty when the file gives none
 * @param seed        the file's seed, or null when absent (a {@code --seed} option overrides it either way)
 * @param clients     client names in the order the file gives them ({@code c1..cN} for a count)
 * @param script      the steps, in order
 * @param fencing     whether the protected resource refuses stale fencing tokens (the {@code fencing:} key; true
 *                    when absent)
 * @param reentrant   whether an acquire by a holder counts up on the handle it holds (the {@code reentrant:} key;
 *                    true when absent); false: it asks again with a new handle, and waits behind its own node
 * @param ensemble    how many embedded servers the run starts: 1 (one server, the default), or an ensemble of 3 or 5
 *                    (the {@code ensemble:} key; the {@code --ensemble} option overrides it)
 * @param titleInLanguages       the title in every language the file gives it ({@link #title()} is its English text)
 * @param descriptionInLanguages the description likewise ({@link #description()} is its English text)
 * @param permits     how many clients may hold the lock at once (the {@code permits:} key; 1 when absent): an
 *                    algorithm flagged {@code permits} runs it as a semaphore, any other as its one-holder lock
 * @param locks       the named locks (the {@code locks:} key; empty when absent: the scenario's one lock): an acquire
 *                    names some of them ({@code c1 acquire A,B}), taken as one by a multi-lock, or all of them when it
 *                    names none
 * @param lockPathMade whether the lock's path (its parents and, with named locks, each lock's) exists before the
 *                    first line, as after the lock's first use (the {@code lockPathMade:} key; false when absent: the
 *                    first acquires make it, racing as Curator's {@code creatingParentContainersIfNeeded} does)
 */
public record Scenario(String source, String title, String description, Long seed,
                       List<String> clients, List<Step> script, boolean fencing, boolean reentrant, int ensemble,
                       Wording titleInLanguages, Wording descriptionInLanguages, int permits, List<String> locks,
                       boolean lockPathMade) {

    /** The sizes an embedded ensemble may have (1: a single server). */
    public static final List<Integer> ENSEMBLE_SIZES = List.of(1, 3, 5);
    /** The most clients a scenario declares, and so the most a trace may name. */
    public static final int MAX_CLIENTS = ClientRoster.MAX_CLIENTS;

    public Scenario {
        clients = List.copyOf(clients);
        script = List.copyOf(script);
        locks = List.copyOf(locks);
        if (!ENSEMBLE_SIZES.contains(ensemble)) {
            throw new IllegalArgumentException("ensemble " + ensemble + " (expected 1, 3 or 5)");
        }
        if (permits < 1) {
            throw new IllegalArgumentException("permits " + permits + " (expected 1 or more)");
        }
        if (!titleInLanguages.english().equals(title) || !descriptionInLanguages.english().equals(description)) {
            throw new IllegalArgumentException("the English title and description must be the ones given");
        }
    }

    /** A scenario whose first acquires make the lock's path (no {@code lockPathMade:} key). */
    public Scenario(String source, String title, String description, Long seed, List<String> clients,
                    List<Step> script, boolean fencing, boolean reentrant, int ensemble, Wording titleInLanguages,
                    Wording descriptionInLanguages, int permits, List<String> locks) {
        this(source, title, description, seed, clients, script, fencing, reentrant, ensemble, titleInLanguages,
                descriptionInLanguages, permits, locks, false);
    }

    /** A scenario with one permit: a mutex (or a read/write lock). */
    public Scenario(String source, String title, String description, Long seed, List<String> clients,
                    List<Step> script, boolean fencing, boolean reentrant, int ensemble, Wording titleInLanguages,
                    Wording descriptionInLanguages) {
        this(source, title, description, seed, clients, script, fencing, reentrant, ensemble, titleInLanguages,
                descriptionInLanguages, 1);
    }

    /** A scenario of one lock (no {@code locks:} key). */
    public Scenario(String source, String title, String description, Long seed, List<String> clients,
                    List<Step> script, boolean fencing, boolean reentrant, int ensemble, Wording titleInLanguages,
                    Wording descriptionInLanguages, int permits) {
        this(source, title, description, seed, clients, script, fencing, reentrant, ensemble, titleInLanguages,
                descriptionInLanguages, permits, List.of());
    }

    /** True when the scenario names several locks: only a multi-lock (flagged {@code multi-lock}) runs it. */
    public boolean hasSeveralLocks() {
        return locks.size() > 1;
    }

    /** A scenario whose title and description are in English only. */
    public Scenario(String source, String title, String description, Long seed, List<String> clients,
                    List<Step> script, boolean fencing, boolean reentrant, int ensemble) {
        this(source, title, description, seed, clients, script, fencing, reentrant, ensemble, Wording.english(title),
                Wording.english(description));
    }

    /** The title in {@code language} (a code of {@link Wording#LANGUAGES}), English when the file has none in it. */
    public String title(String language) {
        return titleInLanguages.in(language);
    }

    /** The description in {@code language}, English when the file has none in it. */
    public String description(String language) {
        return descriptionInLanguages.in(language);
    }

    /** A reentrant scenario on one embedded server (no {@code reentrant:} or {@code ensemble:} key). */
    public Scenario(String source, String title, String description, Long seed, List<String> clients,
                    List<Step> script, boolean fencing) {
        this(source, title, description, seed, clients, script, fencing, true, 1);
    }

    /** The same scenario with {@code n} permits (a semaphore of n; 1: a mutex). */
    public Scenario withPermits(int n) {
        return new Scenario(source, title, description, seed, clients, script, fencing, reentrant, ensemble,
                titleInLanguages, descriptionInLanguages, n, locks, lockPathMade);
    }

    /** The same scenario with these named locks (empty: one lock). */
    public Scenario withLocks(List<String> names) {
        return new Scenario(source, title, description, seed, clients, script, fencing, reentrant, ensemble,
                titleInLanguages, descriptionInLanguages, permits, names, lockPathMade);
    }

    /** The same scenario run on {@code size} embedded servers. */
    public Scenario withEnsemble(int size) {
        return new Scenario(source, title, description, seed, clients, script, fencing, reentrant, size,
                titleInLanguages, descriptionInLanguages, permits, locks, lockPathMade);
    }

    /** The same scenario with the lock's path made before the first line (true) or by the first acquires. */
    public Scenario withLockPathMade(boolean made) {
        return new Scenario(source, title, description, seed, clients, script, fencing, reentrant, ensemble,
                titleInLanguages, descriptionInLanguages, permits, locks, made);
    }
}
