package lockstep.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.scenario.BuiltInScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The CLI speaks Chinese and Russian all the way: every command (its help, tables, reports, progress, summaries) and
 * a set of bad inputs (every malformed scenario, broken traces, bad options) run in-process with {@code --lang zh}
 * and {@code --lang ru}, and no line of what they print may hold an English word.
 *
 * <p>Steps: run the invocations in each language; in each line, drop what is not prose (quoted values, options,
 * file paths, names with '-' or '_', camelCase API and field names, UPPER-CASE labels, c1..cN); every remaining
 * Latin word must be a term the CLI never translates: a command, algorithm, fault, script word, scenario key, JSON
 * field, ZooKeeper call or product name. A line that fails is reported with its invocation and language.
 */
class NoEnglishLeftTest {

    /** Words that stay as they are in every language: names and terms, never sentences. */
    private static final Set<String> TERMS = Set.of(
            // products, formats and units
            "lockstep", "zookeeper", "curator", "apache", "java", "json", "yaml", "utf", "svg", "png", "csv", "gif",
            "shiviz", "jsonl", "lines", "mib", "ms", "kazoo", "ok", "markdown", "lamport", "stdout", "stderr",
            // ZooKeeper's own words, as engineers say them in every language
            "znode", "znodes", "watch", "watches", "acl", "digest", "user", "password", "leader", "ephemeral",
            "sequential", "stop", "the", "world", "interprocessmutex", "interprocessreadwritelock",
            "disconnected", "expired",
            // the window's commands (the launcher adds them), example names and files
            "gui", "render", "alice", "bob", "rw", "accounts",
            // languages and values
            "en", "zh", "ru", "true", "false", "none", "null",
            // script words and scenario keys
            "all", "holder", "holders", "server", "say", "together", "repeat", "text", "for", "acquire", "release",
            "write", "read", "title", "description", "seed", "clients", "fencing", "reentrant", "ensemble", "permits", "locks", "script",
            "kill", "restart", "start", "holds",
            // ZooKeeper calls
            "create", "delete", "exists", "sync", "multi",
            // JSON field names of a trace event
            "i", "type", "scenario", "algorithm", "step", "line", "client", "op", "path", "result", "detail", "kind",
            "owner", "mode", "seq", "reason", "by", "effect", "protection", "format", "state", "options", "taken", "session", "role", "token", "accepted",
            "outcome", "event",
            // single-word event types
            "call", "choice", "connection", "fault", "narration");

    private static final Pattern QUOTED = Pattern.compile("'[^']*'|\"[^\"]*\"|«[^»]*»|`[^`]*`");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--?[A-Za-z][\\w.-]*(=\\S*)?");
    private static final Pattern ASSIGNMENT = Pattern.compile("[\\w.]+=\\S*");
    private static final Pattern PATH = Pattern.compile("\\S*[/\\\\]\\S*|\\S+\\.(yaml|yml|jsonl|json|svg|png|csv|log|md)\\b");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*");

    @TempDir
    Path dir;

    @Test
    void noCommandPrintsEnglishInChineseOrRussian() throws Exception {
        Path trace = dir.resolve("t.jsonl");
        assertEquals(0, Cli.run("run", "02", "--algorithm", "sequential", "--trace", trace.toString()).exit());
        List<String[]> invocations = invocations(trace);
        Set<String> allowed = allowedWords();
        List<String> english = new ArrayList<>();
        CommandLine quick = LockstepCommand.commandLine();
        for (int i = 0; i < invocations.size(); i++) {
            String[] args = invocations.get(i);
            // A word left in English is left in every language; a run that takes seconds is made in one of them.
            List<String> languages = i < slow ? List.of(i % 2 == 0 ? "zh" : "ru") : List.of("zh", "ru");
            for (String language : languages) {
                String[] withLanguage = Stream.concat(Stream.of("--lang", language), Stream.of(args))
                        .toArray(String[]::new);
                // One command tree for the quick ones: building it costs more than running them.
                Cli.Result result = i < slow ? Cli.run(withLanguage) : Cli.run(quick, withLanguage);
                for (String line : (result.out() + "\n" + result.err()).split("\\R|\\r")) {
                    Set<String> words = englishWords(line, allowed);
                    if (!words.isEmpty()) {
                        english.add(language + " " + String.join(" ", args) + ": " + words + " in: " + line.strip());
                    }
                }
            }
        }
        assertEquals(List.of(), english);
    }

    /** How many of the {@link #invocations} (the first) take seconds each. */
    private int slow;

    @Test
    void theWordsLeftAreTheProseNotTheNames() {
        Set<String> allowed = allowedWords();
        assertEquals(Set.of("be", "got", "integer", "must"), englishWords(
                "lockstep run: --seed: must be a non-negative integer (got -1)", allowed));
        assertEquals(Set.of(), englishWords("t.yaml:4:8: 未知的动作 'aquire'（应为 acquire, try-acquire, crash 之一）"
                + " c12 getChildren N -Dlockstep.debug=true sequential", allowed));
    }

    /**
     * Every command, its help, and bad inputs of each kind the CLI reads (scenarios the loader refuses and ones the
     * run refuses, traces, options); the slow ones first.
     */
    private List<String[]> invocations(Path trace) throws IOException, URISyntaxException {
        List<String[]> all = new ArrayList<>();
        all.add(new String[] {"run", "14", "--algorithm", "bug-assume-on-wake,sequential"});
        all.add(new String[] {"run", "07", "--algorithm", "sequential"});
        all.add(new String[] {"herd", "--clients", "2", "--algorithm", "naive"});
        all.add(new String[] {"explore", "--algorithm", "bug-assume-on-wake", "--seeds", "8", "--out",
                dir.resolve("found").toString()});
        all.add(new String[] {"explore", "--algorithm", "sequential", "--seeds", "1", "--clients", "2"});
        all.add(new String[] {"bench", "--algorithm", "curator-mutex", "--clients", "1", "--duration", "1s",
                "--warmup", "0s"});
        all.add(new String[] {"export", trace.toString(), "--svg", dir.resolve("t.svg").toString(), "--shiviz",
                dir.resolve("t.log").toString(), "--csv", dir.resolve("t.csv").toString()});
        // Scenarios that load but ask what the run cannot do.
        for (String line : List.of("c1 release", "holder release", "server 1 kill", "c1 resume")) {
            Path file = dir.resolve("refused-" + all.size() + ".yaml");
            Files.writeString(file, "title: t\nclients: 2\nscript:\n  - " + line + "\n");
            all.add(new String[] {"run", file.toString(), "--algorithm", "sequential"});
        }
        slow = all.size();
        all.add(new String[] {"--help"});
        helps(LockstepCommand.commandLine(), List.of(), all);
        all.add(new String[] {"list"});
        all.add(new String[] {"run", "01", "--algorithm", "sequential"});
        all.add(new String[] {"check", trace.toString()});
        all.add(new String[] {"bench", "--duration", "soon"});
        // Bad options and arguments.
        all.add(new String[] {"run", "99"});
        all.add(new String[] {"run", "02", "--seed", "-1"});
        all.add(new String[] {"run", "02", "--algorithm", "nope"});
        all.add(new String[] {"run", "02", "--ensemble", "2"});
        all.add(new String[] {"run", "02", "--bogus"});
        all.add(new String[] {"run", "02", "--schedule", trace.toString(), "--seed", "3"});
        all.add(new String[] {"frobnicate"});
        all.add(new String[] {"check", dir.resolve("missing.jsonl").toString()});
        all.add(new String[] {"export", trace.toString()});
        all.add(new String[] {"herd", "--clients", "1"});
        all.add(new String[] {"explore", "--algorithm", "sequential", "--seeds", "x"});
        all.add(new String[] {"explore", "--algorithm", "sequential", "--faults", "nope"});
        all.add(new String[] {"bench", "--clients", "0"});
        all.add(new String[] {"bench", "--read-ratio", "2"});
        // Every malformed scenario.
        Path malformed = Path.of(NoEnglishLeftTest.class.getResource("/malformed/empty.yaml").toURI()).getParent();
        try (Stream<Path> files = Files.list(malformed)) {
            files.filter(f -> f.toString().endsWith(".yaml")).sorted()
                    .forEach(f -> all.add(new String[] {"run", f.toString()}));
        }
        // Broken traces, one of each kind of problem.
        List<String> lines = Files.readAllLines(trace);
        String first = lines.get(0);
        broken(all, "empty", "");
        broken(all, "blank", first + "\n\n");
        broken(all, "not-json", "{\"i\": 0, \"type\"\n");
        broken(all, "not-object", "[1, 2]\n");
        broken(all, "cut", first.substring(0, first.length() / 2));
        broken(all, "unknown-type", first.replace("\"run-started\"", "\"run-begun\"") + "\n");
        broken(all, "bad-index", first.replace("\"i\":0", "\"i\":5") + "\n");
        broken(all, "not-a-field", first.replace("{", "{\"colour\":\"red\",") + "\n");
        broken(all, "wrong-type", first.replace("\"seed\":2", "\"seed\":\"two\"") + "\n");
        broken(all, "missing-field", first.replaceAll(",\"seed\":[0-9]+", "") + "\n");
        broken(all, "truncated", String.join("\n", lines.subList(0, 3)) + "\n");
        broken(all, "after-end", String.join("\n", lines) + "\n" + lines.get(1) + "\n");
        return all;
    }

    private void broken(List<String[]> all, String name, String content) throws IOException {
        Path file = dir.resolve(name + ".jsonl");
        Files.writeString(file, content);
        all.add(new String[] {"check", file.toString()});
    }

    private static void helps(CommandLine cli, List<String> path, List<String[]> all) {
        cli.getSubcommands().forEach((name, sub) -> {
            List<String> here = new ArrayList<>(path);
            here.add(name);
            List<String> args = new ArrayList<>(here);
            args.add("--help");
            all.add(args.toArray(String[]::new));
            helps(sub, here, all);
        });
    }

    /** The terms, and every name the registries and the command tree give. */
    private static Set<String> allowedWords() {
        Set<String> allowed = new TreeSet<>(TERMS);
        Algorithms.names().forEach(name -> allowed.addAll(List.of(name.split("-"))));
        for (Fault fault : Faults.all()) {
            allowed.addAll(List.of(fault.name().split("-")));
            allowed.addAll(List.of(fault.word().split("-")));
        }
        BuiltInScenarios.list().forEach(b -> allowed.addAll(List.of(b.name().split("-"))));
        allowed.addAll(lockstep.simulator.explore.Strategy.words()); // explore's strategies, by name
        allowed.addAll(lockstep.simulator.explore.Reduction.words()); // and its reductions, by name
        allowed.addAll(ExploreCommand.LOCK_PATHS); // and the words of --lock-path
        GradeClaims.ALL.forEach(claim -> allowed.addAll(List.of(claim.split("-")))); // grade's claims, by name
        commands(LockstepCommand.commandLine(), allowed);
        return allowed;
    }

    private static void commands(CommandLine cli, Set<String> names) {
        cli.getSubcommands().forEach((name, sub) -> {
            names.add(name);
            commands(sub, names);
        });
    }

    /** The Latin words of {@code line} that are prose, not names. */
    static Set<String> englishWords(String line, Set<String> allowed) {
        String prose = QUOTED.matcher(line).replaceAll(" ");
        prose = PATH.matcher(prose).replaceAll(" ");
        prose = OPTION.matcher(prose).replaceAll(" ");
        prose = ASSIGNMENT.matcher(prose).replaceAll(" ");
        Set<String> english = new TreeSet<>();
        Matcher word = WORD.matcher(prose);
        while (word.find()) {
            String w = word.group();
            // Names: hyphenated or dotted (algorithms, faults, event types), c1..cN, p50, UPPER-CASE labels,
            // camelCase calls and fields, one letter (N, A..B).
            boolean name = w.contains("-") || w.contains("_") || w.contains(".") || w.matches("[a-z]?\\d*|[A-Za-z]\\d+")
                    || w.matches("[A-Z0-9]+") || w.substring(1).chars().anyMatch(Character::isUpperCase);
            if (!name && !allowed.contains(w.toLowerCase(Locale.ROOT))) {
                english.add(w);
            }
        }
        return english;
    }
}
