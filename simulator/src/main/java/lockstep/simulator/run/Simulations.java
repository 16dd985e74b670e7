package lockstep.simulator.run;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioDigest;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.schedule.ReplayingScheduler;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;

/** The simulator's front door for other modules: find a scenario, run it, get its trace. */
public final class Simulations {

    /** The seed of a scenario that names none and is given none. */
    public static final long DEFAULT_SEED = 1;

    /** The ensemble size a command's {@code --ensemble} option asks of every run it makes, or null for the file's. */
    private static volatile Integer ensembleOverride;

    /**
     * Every run this process makes from now on starts {@code size} embedded servers (1, 3 or 5), whatever its
     * scenario's {@code ensemble:} key says; null gives the scenarios their own say again. A command sets it once,
     * from its options, before it runs anything.
     */
    public static void useEnsemble(Integer size) {
        if (size != null && !Scenario.ENSEMBLE_SIZES.contains(size)) {
            throw new IllegalArgumentException("ensemble " + size + " (expected 1, 3 or 5)");
        }
        ensembleOverride = size;
    }

    /** The external ZooKeeper every run of this process uses ({@code --connect}), or null for embedded servers. */
    private static volatile External external;

    /** An external ZooKeeper's connect string and the identity to use there. */
    record External(String connect, lockstep.algorithms.session.Credentials credentials) {
    }

    /**
     * Every run this process makes from now on works on the existing ZooKeeper at {@code connect}
     * ({@code HOST:PORT[,...]}), each under a fresh root of its own; null goes back to embedded servers.
     */
    public static void useExternal(String connect, lockstep.algorithms.session.Credentials credentials) {
        external = connect == null ? null : new External(connect, credentials);
    }

    static External external() {
        return external;
    }

    /** Servers opened for a command that runs its own clients ({@code bench}), closed with it. */
    public record Servers(lockstep.algorithms.server.Cluster cluster, AutoCloseable owner) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            owner.close();
        }
    }

    /**
     * The servers this process's options choose, for a command whose clients connect straight to them (no proxy,
     * no scheduler): the external ZooKeeper under a fresh root of this command's own ({@code --connect}), an embedded
     * ensemble ({@code --ensemble 3}), or one embedded server.
     *
     * @throws BadInputException one line when the external ZooKeeper cannot be used
     */
    public static Servers openServers() throws Exception {
        External chosen = external;
        if (chosen != null) {
            try {
                var server = lockstep.algorithms.server.ExternalZooKeeper.open(chosen.connect(),
                        chosen.credentials(), 5_000);
                return new Servers(server, server);
            } catch (lockstep.algorithms.server.ExternalZooKeeper.ConnectionProblem problem) {
                throw new BadInputException("lockstep", "--connect " + chosen.connect() + ": " + problem.getMessage());
            }
        }
        Integer size = ensembleOverride;
        if (size != null && size > 1) {
            var ensemble = lockstep.algorithms.server.EmbeddedEnsemble.start(size);
            return new Servers(ensemble, ensemble);
        }
        var server = lockstep.algorithms.server.EmbeddedZooKeeper.start();
        return new Servers(server, server);
    }

    /** {@code scenario} with the servers this process runs it on. */
    static Scenario onTheChosenServers(Scenario scenario) {
        Integer size = ensembleOverride;
        return size == null || size == scenario.ensemble() ? scenario : scenario.withEnsemble(size);
    }

    private Simulations() {
    }

    /**
     * A scenario by file path, or a built-in by id or name ({@code 02}, {@code 02-herd-effect}). A path that exists
     * wins over a built-in of the same name.
     */
    public static Scenario load(String pathOrBuiltIn) throws BadInputException {
        Path path = Path.of(pathOrBuiltIn);
        if (Files.exists(path) || pathOrBuiltIn.contains("/") || pathOrBuiltIn.endsWith(".yaml")
                || pathOrBuiltIn.endsWith(".yml")) {
            return ScenarioLoader.load(path);
        }
        return BuiltInScenarios.load(pathOrBuiltIn);
    }

    /** The seed a run uses: the override when given, else the scenario's, else {@link #DEFAULT_SEED}. */
    public static long seedFor(Scenario scenario, Long override) {
        if (override != null) {
            return override;
        }
        return scenario.seed() != null ? scenario.seed() : DEFAULT_SEED;
    }

    /**
     * Runs {@code scenario} once with {@code algorithm} against a fresh embedded ZooKeeper in lockstep mode, its
     * choices made by the seed ({@link Scheduler#seeded}), and returns its trace. Findings are not part of a trace:
     * {@code Checker.check(trace)} computes them.
     *
     * @throws BadInputException when the algorithm is unknown, or a script line does not fit the state it meets
     *                           (one line naming the file, line and column)
     */
    public static List<Event> run(Scenario scenario, String algorithm, long seed) throws BadInputException {
        return run(scenario, algorithm, seed, Scheduler.seeded(seed));
    }

    /** {@link #run(Scenario, String, long)} with the choices made by {@code scheduler}. */
    public static List<Event> run(Scenario scenario, String algorithm, long seed, Scheduler scheduler)
            throws BadInputException {
        Algorithms.Info info;
        try {
            info = Algorithms.get(algorithm);
        } catch (IllegalArgumentException unknown) {
            throw new BadInputException("lockstep", unknown.getMessage());
        }
        return run(scenario, info, seed, scheduler);
    }

    /** {@link #run(Scenario, String, long, Scheduler)} with an algorithm given as it is, registered or not. */
    public static List<Event> run(Scenario scenario, Algorithms.Info info, long seed, Scheduler scheduler)
            throws BadInputException {
        try (ScenarioRun run = new ScenarioRun(onTheChosenServers(scenario), info, seed, scheduler)) {
            return run.run();
        } catch (BadInputException bad) {
            throw bad;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("could not start the run: " + e.getMessage(), e);
        }
    }

    /**
     * A run and, when a script line did not fit the state it met, that line's one-line refusal (null otherwise): the
     * trace then ends at the refused line with a {@code run-ended} "stopped: ..." event.
     */
    public record Outcome(List<Event> trace, BadInputException refusal) {
    }

    /**
     * {@link #run(Scenario, String, long, Scheduler)}, but a refused script line gives the trace up to it (and the
     * refusal) instead of only the refusal: a window shows how far an edited script got.
     */
    public static Outcome runToRefusal(Scenario scenario, String algorithm, long seed, Scheduler scheduler)
            throws BadInputException {
        Algorithms.Info info;
        try {
            info = Algorithms.get(algorithm);
        } catch (IllegalArgumentException unknown) {
            throw new BadInputException("lockstep", unknown.getMessage());
        }
        try (ScenarioRun run = new ScenarioRun(scenario, info, seed, scheduler)) {
            try {
                return new Outcome(run.run(), null);
            } catch (BadInputException refused) {
                return new Outcome(run.events(), refused);
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("could not start the run: " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code scenario} again with the choices recorded in {@code schedule} (a saved trace of it): the same
     * algorithm and seed, so the new trace is the same, byte for byte, as long as the scenario is. Once the recorded
     * choices are used up the seed decides, so a trace cut short replays as far as it goes and carries on.
     *
     * @param source names the schedule's file in messages
     * @throws BadInputException when a recorded choice does not fit this scenario (one line, at the trace's line)
     */
    public static List<Event> replay(Scenario scenario, List<Event> schedule, String source)
            throws BadInputException {
        Event.RunStarted started = (Event.RunStarted) schedule.get(0);
        refuseAnotherScenario(scenario, schedule, source);
        List<Event.Choice> choices = ReplayingScheduler.choicesOf(schedule);
        ReplayingScheduler replaying = new ReplayingScheduler(choices, Scheduler.seeded(started.seed()));
        List<Event> trace;
        try {
            trace = run(onTheRecordedServers(scenario, schedule), started.algorithm(), started.seed(), replaying);
        } catch (ReplayingScheduler.ScheduleMismatch mismatch) {
            throw new BadInputException(source, mismatch.choice().index() + 1, 1, text("schedule.notThisScenario", mismatch.getMessage()));
        }
        // Choices left over: the run offered fewer choice points than the trace recorded, so it is not that run.
        if (replaying.used() < choices.size()) {
            throw new BadInputException(source, choices.get(replaying.used()).index() + 1, 1,
                    text("schedule.unused", replaying.used(), choices.size()));
        }
        return trace;
    }

    /**
     * Refuses, before any choice is taken, a trace that another scenario made: by its title (a trace of another
     * scenario altogether), else by its {@link ScenarioDigest} (the same scenario, edited since the trace was made).
     * A copy of the file under another name is the same scenario. A trace written before headers recorded the digest
     * is judged by its title alone.
     *
     * @param source names the trace's file in the one-line message (line 1: its header)
     */
    public static void refuseAnotherScenario(Scenario scenario, List<Event> trace, String source)
            throws BadInputException {
        Event.RunStarted started = (Event.RunStarted) trace.get(0);
        if (!started.title().equals(scenario.title())) {
            throw new BadInputException(source, 1, 1, text("schedule.otherScenario", started.title(),
                    scenario.title()));
        }
        if (started.scenarioDigest().isEmpty()) {
            return;
        }
        String digest = ScenarioDigest.of(scenario); // the servers are not part of it
        if (!digest.equals(started.scenarioDigest())) {
            throw new BadInputException(source, 1, 1, text("schedule.editedScenario", scenario.source(),
                    ScenarioDigest.shortForm(started.scenarioDigest()), ScenarioDigest.shortForm(digest)));
        }
    }

    /**
     * {@code scenario} on as many servers as the recorded run had: a trace names its servers in its first
     * {@code server-role} events (none on one server), so a run made with {@code --ensemble 3} replays on three
     * without the option. An {@code --ensemble} or {@code --connect} given now has the last word.
     */
    static Scenario onTheRecordedServers(Scenario scenario, List<Event> recorded) {
        if (ensembleOverride != null || external != null) {
            return scenario;
        }
        int servers = recorded.stream().filter(Event.ServerRole.class::isInstance)
                .mapToInt(e -> ((Event.ServerRole) e).server()).max().orElse(1);
        return servers == scenario.ensemble() || !Scenario.ENSEMBLE_SIZES.contains(servers) ? scenario
                : scenario.withEnsemble(servers);
    }

    /** {@link #load} then {@link #run} with the scenario's seed unless {@code seed} overrides it. */
    public static List<Event> run(Path scenario, String algorithm, Long seed) throws BadInputException {
        Scenario loaded = load(scenario.toString());
        return run(loaded, algorithm, seedFor(loaded, seed));
    }
}
