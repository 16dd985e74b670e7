package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.trace.TraceBuilder;
import lockstep.simulator.trace.TraceFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The CLI without ZooKeeper: list, check, help, and the one-line rule for bad input and internal errors. */
class CliTest {

    @TempDir
    Path dir;

    @Test
    void listShowsEveryAlgorithmAndEveryBuiltIn() {
        Cli.Result result = Cli.run("list");
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals(30, BuiltInScenarios.list().size());
        for (Algorithms.Info info : Algorithms.all()) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(info.name() + " ") && l.endsWith(info.description())),
                    () -> info.name() + " missing from\n" + result.out());
        }
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(builtIn.id() + " ") && l.endsWith(builtIn.title())),
                    () -> builtIn.id() + " missing from\n" + result.out());
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches(
                "naive +herd,reentrant +one ephemeral znode; every waiter watches it \\(herd, not fair\\)")),
                result::toString);
    }

    @Test
    void listAsJson() throws IOException {
        Cli.Result result = Cli.run("list", "--json");
        assertEquals(0, result.exit(), result::toString);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertEquals(Algorithms.all().size(), json.get("algorithms").size());
        assertEquals("naive", json.get("algorithms").get(0).get("name").asText());
        assertEquals("herd", json.get("algorithms").get(0).get("flags").get(0).asText());
        assertEquals(BuiltInScenarios.list().size(), json.get("scenarios").size());
        assertEquals("02-herd-effect", json.get("scenarios").get(1).get("name").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "run", "check", "list", "bench", "bench seek", "bench recorder"})
    void everyCommandHasHelp(String command) {
        List<String> args = new ArrayList<>(command.isEmpty() ? List.of() : List.of(command.split(" ")));
        args.add("--help");
        Cli.Result result = Cli.run(args.toArray(String[]::new));
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        assertTrue(result.out().startsWith("Usage: lockstep" + (command.isEmpty() ? "" : " " + command)),
                result::toString);
        if (!command.startsWith("bench ")) {
            assertTrue(result.out().contains("Examples:"), result::toString);
        }
    }

    @Test
    void bareLockstepPrintsItsUsage() {
        Cli.Result result = Cli.run();
        assertEquals(0, result.exit());
        assertTrue(result.out().contains("Commands:") && result.out().contains("run"), result::toString);
    }

    @Test
    void unknownAlgorithm() {
        assertBadInput("lockstep run: --algorithm: unknown algorithm 'nope' (expected one of "
                + String.join(", ", Algorithms.names()) + ")", "run", "02", "--algorithm", "naive,nope");
    }

    @Test
    void negativeSeed() {
        String line = "lockstep run: --seed: must be a non-negative integer (got -1)";
        assertBadInput(line, "run", "02", "--seed", "-1");
        assertBadInput(line, "run", "02", "--seed=-1");
    }

    @Test
    void seedThatIsNotANumber() {
        assertBadInput("lockstep run: --seed: must be a non-negative integer (got x1)", "run", "02", "--seed", "x1");
        assertBadInput("lockstep run: --seed: missing its value (a non-negative integer that overrides the scenario's"
                + " seed)", "run", "02", "--seed");
    }

    @Test
    void unknownOption() {
        assertBadInput("lockstep run: unknown option '--sed' (expected one of --algorithm, --seed, --trace, --html, --json,"
                + " --schedule, --ensemble, --connect, --auth-env, --lock, --force, --help, --version, --debug, --lang)", "run", "02", "--sed", "3");
        assertBadInput("lockstep list: unknown option '--tree' (expected one of --json, --markdown, --help, --version, --debug, --lang)",
                "list", "--tree");
    }

    @Test
    void unknownCommandAndMissingArguments() {
        assertBadInput("lockstep: unknown command 'frob' (expected one of run, check, list, bench, herd, explore, grade, export, help)", "frob");
        assertBadInput("lockstep run: missing SCENARIO (a scenario file, or a built-in scenario's id or name such as"
                + " 02 or 02-herd-effect)", "run");
        assertBadInput("lockstep run: unexpected argument '03' (expected only SCENARIO)", "run", "02", "03");
        // A bare "bench" is the free-running benchmark itself (BenchCommandTest); a word after it names another.
        assertBadInput("lockstep bench: unknown command 'nope' (expected one of ensemble, explore, lockstep, recorder, search, seek)", "bench",
                "nope");
    }

    @Test
    void missingScenarioFile() {
        Path missing = dir.resolve("missing.yaml");
        assertBadInput(missing + ":1:1: cannot read the file (no such file)", "run", missing.toString());
        assertBadInput("nope: no built-in scenario by that name (expected an id 01..30 or a name such as"
                + " 01-one-client)", "run", "nope");
    }

    @Test
    void malformedScenarioFile() throws IOException {
        Path file = dir.resolve("malformed.yaml");
        Files.writeString(file, "title: Malformed\nclients: [a, b\n");
        assertBadInput(file + ":2:10: unclosed '[' (expected ',' or ']')", "run", file.toString(),
                "--trace", dir.resolve("t.jsonl").toString());
        assertEquals(List.of(file), files(), "no trace written");
    }

    @Test
    void traceIntoAMissingDirectory() {
        Path nowhere = dir.resolve("nowhere");
        String expected = "lockstep run: --trace: no such directory: " + nowhere
                + " (a file in an existing directory, or an existing directory)";
        assertBadInput(expected, "run", "02", "--trace", nowhere.resolve("t.jsonl").toString());
        assertBadInput(expected, "run", "02", "--trace", nowhere + "/");
    }

    @Test
    void truncatedTrace() throws IOException {
        Path whole = dir.resolve("whole.jsonl");
        TraceFiles.write(whole, TraceBuilder.herd("c1").holding("c1").released("c1").ended().build());
        String text = Files.readString(whole);
        Path truncated = dir.resolve("truncated.jsonl");
        Files.writeString(truncated, text.substring(0, text.length() - 10));
        assertBadInput(truncated + ":4:", "check", truncated.toString());
        assertBadInput(dir.resolve("none.jsonl") + ":1:1: no such file (a trace file, as written by lockstep run"
                + " --trace)", "check", dir.resolve("none.jsonl").toString());
    }

    @Test
    void checkReportsAMutualExclusionViolation() throws IOException {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").holding("c1").holding("c2");
        int second = t.last();
        t.released("c1").released("c2").ended();
        Path file = dir.resolve("two-holders.jsonl");
        TraceFiles.write(file, t.build());

        Cli.Result result = Cli.run("check", file.toString());
        assertEquals(1, result.exit(), result::toString);
        assertEquals("", result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals(file + ": A test run (test, seed 42)", lines.get(0));
        assertTrue(lines.contains("herd: event " + second + ": c1 and c2 hold the lock at the same time"
                + " (mutual exclusion)"), result::toString);
        assertTrue(lines.contains("checker findings             1"), result::toString);
    }

    @Test
    void checkAsJson() throws IOException {
        TraceBuilder t = TraceBuilder.herd("c1", "c2").holding("c1").holding("c2");
        int second = t.last();
        Path file = dir.resolve("two-holders.jsonl");
        TraceFiles.write(file, t.released("c1").released("c2").ended().build());

        Cli.Result result = Cli.run("check", file.toString(), "--json");
        assertEquals(1, result.exit(), result::toString);
        JsonNode json = new ObjectMapper().readTree(result.out());
        JsonNode run = json.get("results").get(0);
        assertEquals("herd", run.get("algorithm").asText());
        assertEquals(2, run.get("acquisitions").asInt());
        assertEquals(List.of("create", "delete", "getChildren", "getData", "exists"),
                iterate(run.get("ops").fieldNames()).subList(0, 5));
        JsonNode violation = run.get("violations").get(0);
        assertEquals(second, violation.get("event").asInt());
        assertEquals("mutual-exclusion", violation.get("kind").asText());
        assertEquals("[\"c1\",\"c2\"]", violation.get("clients").toString());
    }

    @Test
    void checkOfACleanTraceExitsZero() throws IOException {
        Path file = dir.resolve("clean.jsonl");
        TraceFiles.write(file, TraceBuilder.herd("c1").holding("c1").released("c1").ended().build());
        Cli.Result result = Cli.run("check", file.toString());
        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("acquisitions                 1"), result::toString);
    }

    @Test
    void helpIsACommandToo() {
        Cli.Result root = Cli.run("help");
        assertEquals(0, root.exit(), root::toString);
        assertEquals("", root.err());
        assertEquals(Cli.run("--help").out(), root.out());

        Cli.Result run = Cli.run("help", "run");
        assertEquals(0, run.exit(), run::toString);
        assertEquals(Cli.run("run", "--help").out(), run.out());
        assertTrue(run.out().startsWith("Usage: lockstep run"), run::toString);

        assertBadInput("lockstep help: unknown command 'frob' (expected one of run, check, list, bench, herd, explore, grade, export, help)", "help",
                "frob");
        assertBadInput("lockstep help: unknown command 'nope' (expected one of ensemble, explore, lockstep, recorder, search, seek)", "help", "bench", "nope");
        assertEquals(Cli.run("bench", "seek", "--help").out(), Cli.run("help", "bench", "seek").out());
    }

    /** A developer's hidden command works but is never offered, not even in the unknown-command line. */
    @Test
    void hiddenCommandsAreNotOffered() {
        CommandLine cli = LockstepCommand.commandLine().addSubcommand("secret", new Secret());
        Cli.Result result = Cli.run(cli, "frob");
        assertEquals(2, result.exit(), result::toString);
        assertEquals(List.of("lockstep: unknown command 'frob' (expected one of run, check, list, bench, herd, explore, grade, export, help)"),
                result.errLines());
        assertEquals(0, Cli.run(LockstepCommand.commandLine().addSubcommand("secret", new Secret()), "secret").exit());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "run", "check", "list", "bench", "bench seek", "bench recorder", "help"})
    void everyCommandAnswersVersion(String command) {
        List<String> args = new ArrayList<>(command.isEmpty() ? List.of() : List.of(command.split(" ")));
        args.add("--version");
        Cli.Result result = Cli.run(args.toArray(String[]::new));
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        assertEquals(List.of("lockstep 0.1.0"), result.out().lines().toList());
    }

    /** check of a scenario says what it is and what to do with it, not what the JSON parser thinks of YAML. */
    @Test
    void checkOfAScenarioOrOfAnythingElse() throws IOException {
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, "# a scenario\ntitle: S\nclients: 1\nscript:\n  - c1 acquire\n");
        assertBadInput(scenario + ":1:1: this is a scenario, not a trace (run it with lockstep run " + scenario + ")",
                "check", scenario.toString());
        Path unnamed = dir.resolve("s.txt");
        Files.writeString(unnamed, "title: S\nclients: 1\nscript:\n  - c1 acquire\n");
        assertBadInput(unnamed + ":1:1: this is a scenario, not a trace (run it with lockstep run " + unnamed + ")",
                "check", unnamed.toString());
        Path notes = dir.resolve("notes.txt");
        Files.writeString(notes, "hello: [\n");
        assertBadInput(notes + ":1:1: not a trace (a JSON Lines file as written by lockstep run --trace: one JSON"
                + " object per line)", "check", notes.toString());
    }

    /** run of a trace says what it is and what to do with it. */
    @Test
    void runOfATrace() throws IOException {
        Path file = dir.resolve("clean.out");
        TraceFiles.write(file, TraceBuilder.herd("c1").holding("c1").released("c1").ended().build());
        assertBadInput(file + ":1:1: this is a trace, not a scenario (check it with lockstep check " + file
                + ", or open it with lockstep gui " + file + ")", "run", file.toString(), "--trace", dir.toString());
        assertEquals(List.of(file), files(), "nothing written");
    }

    @Test
    void kindsOfInput() throws IOException {
        Path empty = dir.resolve("empty.yaml");
        Files.writeString(empty, " \n");
        assertEquals(InputKinds.Kind.EMPTY, InputKinds.of(empty));
        assertEquals(InputKinds.Kind.MISSING, InputKinds.of(dir.resolve("none")));
        assertEquals(InputKinds.Kind.MISSING, InputKinds.of(dir));
        Path trace = dir.resolve("t");
        Files.writeString(trace, "\n  {\"i\":0}\n");
        assertEquals(InputKinds.Kind.TRACE, InputKinds.of(trace));
        Path scenario = dir.resolve("s");
        Files.writeString(scenario, "# {\ntitle: x\n");
        assertEquals(InputKinds.Kind.SCENARIO, InputKinds.of(scenario));
    }

    @Test
    void traceDirectoryFileNames() {
        assertEquals("02-herd-effect", RunCommand.baseName("02-herd-effect"));
        assertEquals("my", RunCommand.baseName("some/where/my.yaml"));
        assertEquals("my", RunCommand.baseName("my.yml"));
        assertEquals(".yaml", RunCommand.baseName(".yaml"));
    }

    @Command(name = "secret", hidden = true)
    static final class Secret implements Callable<Integer> {
        @Override
        public Integer call() {
            return 0;
        }
    }

    /** A command the gui adds later gets the same handling: a bug is one line and exit 3. */
    @Test
    void anInternalErrorIsOneLineUnlessDebugging() {
        CommandLine cli = LockstepCommand.commandLine().addSubcommand("boom", new Boom());
        Cli.Result result = Cli.run(cli, "boom");
        assertEquals(3, result.exit());
        assertEquals("", result.out());
        assertEquals(List.of("lockstep: internal error: IllegalStateException: it broke (please report it)"),
                result.errLines());

        Cli.Result debug = Cli.run(LockstepCommand.commandLine().addSubcommand("boom", new Boom()), "boom", "--debug");
        assertEquals(3, debug.exit());
        assertTrue(debug.errLines().size() > 2, debug::toString);
        assertTrue(debug.errLines().get(1).startsWith("java.lang.IllegalStateException: it broke"), debug::toString);
    }

    @Test
    void traceFileNamesPerAlgorithm() {
        assertEquals(Path.of("out/t-naive.jsonl"), RunCommand.withSuffix(Path.of("out/t.jsonl"), "-naive"));
        assertEquals(Path.of("t-naive"), RunCommand.withSuffix(Path.of("t"), "-naive"));
        assertEquals(Path.of(".t-naive"), RunCommand.withSuffix(Path.of(".t"), "-naive"));
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("it broke");
        }
    }

    /** Exit 2, nothing on stdout, and one line on stderr: {@code expected}, or starting with it. */
    private static void assertBadInput(String expected, String... args) {
        Cli.Result result = Cli.run(args);
        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out(), result::toString);
        assertEquals(1, result.errLines().size(), result::toString);
        String line = result.errLines().get(0);
        if (expected.endsWith(":")) {
            assertTrue(line.startsWith(expected), result::toString);
        } else {
            assertEquals(expected, line);
        }
    }

    private List<Path> files() throws IOException {
        try (var stream = Files.list(dir)) {
            return stream.sorted().toList();
        }
    }

    private static <T> List<T> iterate(java.util.Iterator<T> it) {
        List<T> list = new ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
