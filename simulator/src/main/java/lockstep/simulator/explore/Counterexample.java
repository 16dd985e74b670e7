package lockstep.simulator.explore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.export.ExportFiles;
import lockstep.simulator.export.PlayerPage;
import lockstep.simulator.files.CannotWrite;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioLoader;
import lockstep.simulator.scenario.ScenarioWriter;
import lockstep.simulator.schedule.ReplayingScheduler;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.TraceFiles;

/**
 * A shrunk failing run, handed over as two files anyone can replay: the scenario ({@code NAME.yaml}) and its trace
 * ({@code NAME.jsonl}), NAME being {@code ALGORITHM-KIND-seedN}; and beside them a page that plays the trace in a
 * browser ({@code NAME.html}, see {@link PlayerPage}), its finding on screen from the event it happens at.
 *
 * <p>Steps: the scenario is written (through a temporary name) and loaded back as {@code lockstep run} will load it;
 * it is run once on fresh servers (one, or the {@code ensemble:} it names) with the shrunk choice vector, as {@code lockstep run} runs it, and that trace is
 * written; then the trace is replayed from its own recorded choices ({@code lockstep run FILE --schedule TRACE}) and
 * compared byte for byte.
 *
 * @param kind         the checker's kind of the failure ({@code mutual-exclusion}, ...)
 * @param message      the finding's sentence in the written trace (or why the trace does not show it)
 * @param seed         the seed the search found it at
 * @param clients      clients after shrinking
 * @param lines        script lines after shrinking
 * @param faults       faults after shrinking
 * @param choices      non-default choices after shrinking
 * @param foundClients clients of the run as found
 * @param foundLines   script lines of the run as found
 * @param scenario     the scenario file, as the printed commands name it
 * @param trace        the trace file, as the printed commands name it
 * @param reproduced   the written trace shows the failure
 * @param replays      replaying the trace from the files gives the same bytes
 * @param shrinkRuns   runs the shrink took
 * @param page         the player page of the trace, as the printed lines name it
 * @param elsewhere    null when the files are where the search was asked to put them; else the one line saying why
 *                     they could not go there (they are then in a directory of their own in the temp directory: a
 *                     search's result is never lost to a full disk or a read-only place)
 */
public record Counterexample(String kind, String message, long seed, int clients, int lines, int faults, int choices,
                             int foundClients, int foundLines, Path scenario, Path trace, boolean reproduced,
                             boolean replays, int shrinkRuns, Path page, String elsewhere) {

    /** The command that replays it. */
    public String replayCommand() {
        return "./lockstep run " + scenario + " --schedule " + trace + lockOption();
    }

    /** The command that opens it in the window (the trace: the window replays a trace as recorded). */
    public String windowCommand() {
        return "./lockstep gui " + trace + lockOption();
    }

    /** For a lock a user wrote, the {@code --lock} that brings it back (its name is the trace file's first word). */
    private String lockOption() {
        String file = trace.getFileName().toString();
        return lockOption(file.substring(0, Math.max(0, file.indexOf("-" + kind + "-seed"))));
    }

    /** The option explore was given: {@code --lock FILE} for a user's lock, as typed; else {@code --algorithm}. */
    private static String searched(String algorithm) {
        return lockstep.algorithms.user.UserLocks.optionOf(algorithm).map(lock -> "--lock " + lock)
                .orElse("--algorithm " + algorithm);
    }

    private static String lockOption(String algorithm) {
        return lockstep.algorithms.user.UserLocks.optionOf(algorithm).map(lock -> " --lock " + lock).orElse("");
    }

    static Counterexample write(Algorithms.Info algorithm, long seed, String kind, Candidate found, Candidate shrunk,
                                int shrinkRuns, Path out, int ensemble, boolean lockPathMade)
            throws IOException, BadInputException {
        try {
            return write(algorithm, seed, kind, found, shrunk, shrinkRuns, out, ensemble, lockPathMade, null);
        } catch (IOException e) {
            String why = e instanceof CannotWrite ? e.getMessage() : out + ": " + SafeFiles.cause(e);
            return write(algorithm, seed, kind, found, shrunk, shrinkRuns,
                    Files.createTempDirectory("lockstep-explore-"), ensemble, lockPathMade, why);
        }
    }

    private static Counterexample write(Algorithms.Info algorithm, long seed, String kind, Candidate found,
                                        Candidate shrunk, int shrinkRuns, Path out, int ensemble,
                                        boolean lockPathMade, String elsewhere)
            throws IOException, BadInputException {
        Files.createDirectories(out);
        String name = algorithm.name() + "-" + kind + "-seed" + seed;
        Path yaml = shown(out.resolve(name + ".yaml"));
        Path jsonl = shown(out.resolve(name + ".jsonl"));
        Path html = shown(out.resolve(name + ".html"));
        Scenario scenario = new Scenario(yaml.toString(), kind + " in " + algorithm.name() + ", found by explore",
                "Found by './lockstep explore " + searched(algorithm.name()) + "' at seed " + seed
                        + " and shrunk from " + found.clients().size() + " clients and " + found.script().size()
                        + " lines. Replay it with './lockstep run " + yaml + " --schedule " + jsonl
                        + lockOption(algorithm.name()) + "'.",
                seed, shrunk.clients(), shrunk.script(), true).withEnsemble(ensemble)
                .withPermits(Explorer.permitsFor(algorithm)).withLocks(Explorer.locksFor(algorithm))
                .withLockPathMade(lockPathMade);
        ScenarioWriter.write(scenario, yaml);
        Scenario loaded = ScenarioLoader.load(yaml);

        List<Event> events = Simulations.run(loaded, algorithm, seed, ChoiceVector.of(shrunk.vector()));
        TraceFiles.write(jsonl, events);
        ExportFiles.write(html, PlayerPage.ofFailure(events, loaded));
        Finding finding = Checker.failures(events).stream().filter(f -> f.kind().equals(kind)).findFirst()
                .orElse(null);
        List<Event> replayed = replay(loaded, algorithm, seed, jsonl);
        boolean replays = TraceFiles.toJsonLines(replayed).equals(Files.readString(jsonl));
        return new Counterexample(kind, finding != null ? finding.message()
                : "the run on a fresh server did not show it (it did on the search's server)", seed,
                shrunk.clients().size(), shrunk.script().size(), shrunk.faults(), shrunk.nonDefaultChoices(),
                found.clients().size(), found.script().size(), yaml, jsonl, finding != null, replays, shrinkRuns, html,
                elsewhere);
    }

    /** As {@code lockstep run FILE --schedule TRACE} does; an algorithm outside the registry is run as given. */
    private static List<Event> replay(Scenario loaded, Algorithms.Info algorithm, long seed, Path jsonl)
            throws BadInputException {
        List<Event> recorded = TraceFiles.read(jsonl);
        if (Algorithms.find(algorithm.name()).filter(algorithm::equals).isPresent()) {
            return Simulations.replay(loaded, recorded, jsonl.toString());
        }
        return Simulations.run(loaded, algorithm, seed, new ReplayingScheduler(ReplayingScheduler.choicesOf(recorded),
                Scheduler.seeded(seed)));
    }

    /** The path relative to the working directory when it is inside it: short commands to copy. */
    private static Path shown(Path file) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(here) ? here.relativize(absolute) : absolute;
    }
}
