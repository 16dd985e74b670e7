package lockstep.simulator.cli;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import lockstep.algorithms.registry.Algorithms;
import lockstep.algorithms.user.UserLockRefused;
import lockstep.algorithms.user.UserLocks;
import lockstep.simulator.BadInputException;
import lockstep.simulator.files.SafeFiles;
import lockstep.simulator.check.Checker;
import lockstep.simulator.check.Finding;
import lockstep.simulator.explore.Counterexample;
import lockstep.simulator.explore.Explorer;
import lockstep.simulator.export.ExportFiles;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.BuiltInScenarios;
import lockstep.simulator.scenario.Repeat;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Together;
import lockstep.simulator.trace.Event;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockstep grade}: a report card for a lock a user wrote. Steps: every built-in scenario on one server that fits
 * the kind (a mutex: no read or write request), run with the user's lock and with Lockstep's reference for the kind
 * ({@code sequential}, or {@code rwlock}); a scenario passes when the user's run fails no check the reference does not
 * fail as well (some scenarios show a finding for every lock: an unfenced write, a self-deadlock). Then {@code explore}
 * over the seeds with every fault: it passes with no finding. Each failed check gives the command that replays it and
 * the one that opens it in the window.
 */
@Command(name = "grade", mixinStandardHelpOptions = true,
        description = "Grade a lock you wrote: every built-in scenario that fits it beside Lockstep's reference, then "
                + "explore with every fault; print a report card.",
        footer = {"", "Exit codes: 0 every check passed, 1 a check failed, 2 bad input, 3 internal error."})
final class GradeCommand implements Callable<Integer> {

    private static final String MUTEX = "mutex";
    private static final String READ_WRITE = "readwrite";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The lock: FILE.java, FILE.jar or FILE.jar:CLASS.")
    String lock;

    /** Where explore's counterexample goes by default, beside explore's own ./lockstep-explore. */
    static final String DEFAULT_OUT = "lockstep-grade";

    @Option(names = "--kind", paramLabel = "KIND",
            description = "mutex or readwrite (default: readwrite for a lock with readLock() and writeLock()).")
    String kind;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "200",
            description = "The seeds explore tries, 1..N (default ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where explore's counterexample (its scenario and trace) goes (default ./" + DEFAULT_OUT + ").")
    Path out;

    @Option(names = "--claims", paramLabel = "CLAIM", split = ",",
            description = "What the lock claims, each checked exactly on the built-in scenarios: fair (grants in "
                    + "request order), one-wakeup (one notification per release on the herd scenario).")
    List<String> claims = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "REPORT.xml",
            description = "Also write the report card as a JUnit XML report, for a course's CI.")
    Path junit;

    /** One check of the card. */
    private record Check(String name, String failure, String replay, String window) {
        boolean passed() {
            return failure == null;
        }
    }

    @Mixin
    ForceOption force = new ForceOption();

    @Override
    public Integer call() throws Exception {
        // a claim grade cannot check is refused before the lock is compiled
        for (String claim : claims) {
            if (!GradeClaims.ALL.contains(claim.strip())) {
                throw new OneLineErrors.BadOption(spec.commandLine(), "--claims", text("grade.claims", claim.strip(),
                        String.join(", ", GradeClaims.ALL)));
            }
        }
        Algorithms.Info info;
        try {
            info = UserLocks.add(lock);
        } catch (UserLockRefused refused) {
            throw new BadInputException(refused.where(), refused.what());
        }
        String graded = kind == null ? (info.isShared() ? READ_WRITE : MUTEX) : kind.strip();
        if (!graded.equals(MUTEX) && !graded.equals(READ_WRITE)) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--kind", text("grade.kind", graded));
        }
        if (seeds < 1 || seeds > 100_000) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--seeds", text("grade.seeds", seeds));
        }
        if (junit != null && (junit.toAbsolutePath().getParent() == null
                || !Files.isDirectory(junit.toAbsolutePath().getParent()))) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--junit",
                    text("run.noSuchDirectory", junit.toAbsolutePath().getParent()));
        }
        String refusedReport = junit == null ? null : SafeFiles.problem(force.allow(junit));
        if (refusedReport != null) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--junit", junit + ": " + refusedReport);
        }
        // explore's counterexample goes where explore's own would (never to a temporary directory left behind)
        Path directory = out == null ? Path.of(DEFAULT_OUT) : out;
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new OneLineErrors.BadOption(spec.commandLine(), "--out", text("explore.outIsAFile", directory));
        }
        String reference = graded.equals(MUTEX) ? "sequential" : "rwlock";
        String given = UserLocks.optionOf(info.name()).orElse(lock);
        PrintWriter out = spec.commandLine().getOut();
        out.println(text("grade.header", info.name(), graded, reference));
        out.flush();

        List<Check> checks = new ArrayList<>();
        List<GradeClaims.Ran> ran = new ArrayList<>();
        for (BuiltInScenarios.BuiltIn builtIn : BuiltInScenarios.list()) {
            Scenario scenario = BuiltInScenarios.load(builtIn.id());
            if (scenario.ensemble() > 1 || scenario.hasSeveralLocks()
                    || graded.equals(MUTEX) && asksForAMode(scenario.script())) {
                continue;
            }
            Check check = scenarioCheck(builtIn.name(), scenario, info.name(), reference, given, ran);
            checks.add(check);
            print(out, check);
        }
        for (String claim : claims.stream().map(String::strip).distinct().toList()) {
            Check check = claimCheck(claim, ran, info.name(), reference, given);
            checks.add(check);
            print(out, check);
        }
        Check explored = exploreCheck(info, directory);
        checks.add(explored);
        print(out, explored);

        long passed = checks.stream().filter(Check::passed).count();
        out.println(text("grade.summary", passed, checks.size()));
        out.flush();
        if (junit != null) {
            ExportFiles.write(junit, junitXml(info.name(), checks));
            spec.commandLine().getErr().println(text("grade.junitWritten", junit));
            spec.commandLine().getErr().flush();
        }
        return passed == checks.size() ? LockstepCommand.OK : LockstepCommand.FINDING;
    }

    private static boolean asksForAMode(List<Step> steps) {
        for (Step step : steps) {
            boolean asks = step instanceof Action action && action.mode() != null
                    || step instanceof Together together && together.actions().stream().anyMatch(a -> a.mode() != null)
                    || step instanceof Repeat repeat && asksForAMode(repeat.body());
            if (asks) {
                return true;
            }
        }
        return false;
    }

    private static Check scenarioCheck(String name, Scenario scenario, String lockName, String reference,
                                       String given, List<GradeClaims.Ran> ran) {
        long seed = Simulations.seedFor(scenario, null);
        String replay = replayCommand(name, given, reference);
        String window = windowCommand(name, given, reference);
        try {
            List<Event> theirs = Simulations.run(scenario, lockName, seed);
            List<Event> references = Simulations.run(scenario, reference, seed);
            ran.add(new GradeClaims.Ran(name, theirs, references));
            Set<String> allowed = kinds(Checker.failures(references));
            for (Finding finding : Checker.failures(theirs)) {
                if (!allowed.contains(finding.kind())) {
                    return new Check(name, finding.kind() + ": " + finding.localMessage(), replay, window);
                }
            }
            String outcome = ((Event.RunEnded) theirs.get(theirs.size() - 1)).outcome();
            if (outcome.startsWith("stalled")) {
                return new Check(name, outcome, replay, window);
            }
            return new Check(name, null, replay, window);
        } catch (BadInputException | RuntimeException failed) {
            return new Check(name, failed.getMessage(), replay, window);
        }
    }

    private static String replayCommand(String scenario, String given, String reference) {
        return "./lockstep run " + scenario + " --lock " + given + " --algorithm " + reference;
    }

    private static String windowCommand(String scenario, String given, String reference) {
        return "./lockstep gui " + scenario + " --lock " + given + " --algorithm " + reference;
    }

    /** A claim checked on the scenarios the card ran (the herd scenario run again if the kind left it out). */
    private static Check claimCheck(String claim, List<GradeClaims.Ran> ran, String lockName, String reference,
                                    String given) throws Exception {
        String name = GradeClaims.checkName(claim);
        java.util.Optional<GradeClaims.Broken> broken;
        if (claim.equals(GradeClaims.FAIR)) {
            broken = GradeClaims.fair(ran);
        } else {
            String herd = BuiltInScenarios.list().stream().filter(b -> b.id().equals(HERD)).findFirst()
                    .orElseThrow().name();
            List<Event> theirs = ran.stream().filter(r -> r.name().equals(herd) && r.theirs() != null)
                    .map(GradeClaims.Ran::theirs).findFirst().orElse(null);
            if (theirs == null) {
                try {
                    Scenario scenario = BuiltInScenarios.load(HERD);
                    theirs = Simulations.run(scenario, lockName, Simulations.seedFor(scenario, null));
                } catch (BadInputException | RuntimeException failed) {
                    return new Check(name, failed.getMessage(), replayCommand(herd, given, reference),
                            windowCommand(herd, given, reference));
                }
            }
            broken = GradeClaims.oneWakeUp(herd, theirs);
        }
        return broken.map(b -> new Check(name, b.why(), replayCommand(b.scenario(), given, reference),
                windowCommand(b.scenario(), given, reference))).orElse(new Check(name, null, null, null));
    }

    /** The herd scenario: N clients ask, then release one at a time. */
    private static final String HERD = "02";

    private static Set<String> kinds(List<Finding> findings) {
        Set<String> kinds = new TreeSet<>();
        findings.forEach(f -> kinds.add(f.kind()));
        return kinds;
    }

    private Check exploreCheck(Algorithms.Info info, Path out) throws Exception {
        Explorer.Summary summary = Explorer.explore(new Explorer.Settings(info, 3, Faults.all(), 1, seeds, false, 6,
                out, 1), Explorer.defaultWorkers(1), Explorer.Progress.NONE);
        String name = text("grade.explore", seeds);
        if (!summary.found()) {
            return new Check(name, null, null, null);
        }
        Counterexample found = summary.findings().get(0);
        return new Check(name, found.kind() + " (seed " + found.seed() + "): " + found.message(),
                found.replayCommand(), found.windowCommand());
    }

    private static void print(PrintWriter out, Check check) {
        if (check.passed()) {
            out.println(text("grade.pass", check.name()));
        } else {
            out.println(text("grade.fail", check.name(), check.failure()));
            out.println(text("grade.replay", check.replay()));
            out.println(text("grade.window", check.window()));
        }
        out.flush();
    }

    /** The card as a JUnit XML report: one test suite, one test case per check. */
    static String junitXml(String lockName, List<Check> checks) {
        long failures = checks.stream().filter(c -> !c.passed()).count();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuite name=\"lockstep grade ").append(escape(lockName)).append("\" tests=\"")
                .append(checks.size()).append("\" failures=\"").append(failures).append("\" errors=\"0\">\n");
        for (Check check : checks) {
            xml.append("  <testcase classname=\"lockstep.grade.").append(escape(lockName)).append("\" name=\"")
                    .append(escape(check.name())).append('"');
            if (check.passed()) {
                xml.append("/>\n");
            } else {
                xml.append(">\n    <failure message=\"").append(escape(check.failure())).append("\">")
                        .append(escape("replay: " + check.replay() + "\nwindow: " + check.window()))
                        .append("</failure>\n  </testcase>\n");
            }
        }
        return xml.append("</testsuite>\n").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
