package lockstep.simulator.explore;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.fault.Fault;

/**
 * A search that checks itself: every algorithm of the bug gallery (the registry's {@code bug-*}, never a hand list)
 * is searched with the same settings, and the check passes only if each is found. A green search over a correct lock
 * counts for something only while the known bugs are still caught by it.
 *
 * <p>Steps: for each bug, one {@link Explorer} search over the seeds given, stopping at its first finding (shrunk and
 * replayed, as any finding); a bug without a confirmed finding in the budget fails the check.
 */
public final class SelfCheck {

    private SelfCheck() {
    }

    /** One bug's search. */
    public record Result(Algorithms.Info bug, Explorer.Summary summary) {

        public boolean found() {
            return summary.found();
        }
    }

    /** What the check gives each search: the settings, but the algorithm. */
    public record Budget(int clients, List<Fault> faults, long firstSeed, long lastSeed, Strategy strategy,
                         int maxSteps, int depth, Path out, int workers) {
    }

    /** The gallery's algorithms in registry order. */
    public static List<Algorithms.Info> gallery() {
        return Algorithms.all().stream().filter(Algorithms.Info::isBug).toList();
    }

    /** Searches each of {@code bugs} within {@code budget}; {@code told} hears of each as it ends. */
    public static List<Result> check(List<Algorithms.Info> bugs, Budget budget,
                                     java.util.function.Consumer<Result> told) throws Exception {
        List<Result> results = new ArrayList<>();
        for (Algorithms.Info bug : bugs) {
            Explorer.Summary summary = Explorer.explore(new Explorer.Settings(bug, budget.clients(), budget.faults(),
                    budget.firstSeed(), budget.lastSeed(), budget.strategy(), budget.maxSteps(),
                    budget.out().resolve(bug.name()), 1, budget.depth()), budget.workers(), Explorer.Progress.NONE);
            Result result = new Result(bug, summary);
            results.add(result);
            told.accept(result);
        }
        return results;
    }

    /** Whether every bug was found. */
    public static boolean passed(List<Result> results) {
        return !results.isEmpty() && results.stream().allMatch(Result::found);
    }

    /** The exit code of {@code explore --self-check}: 0 when every bug was found, 1 when one was not. */
    public static int exitCode(List<Result> results) {
        return passed(results) ? 0 : 1;
    }
}
