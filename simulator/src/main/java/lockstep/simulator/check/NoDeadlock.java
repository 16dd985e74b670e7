package lockstep.simulator.check;

import java.util.List;

import lockstep.simulator.replay.ReplayState.WaitsFor;

/**
 * When the run ends, no clients wait for each other in a cycle: a client waits for a named lock held by another
 * (the waits-for graph, as the replay knows it: {@link lockstep.simulator.replay.ReplayState#waitsFor}), and a cycle
 * of such waits never ends. Reported once, with the cycle; its clients are not also stuck waiters.
 */
final class NoDeadlock implements Invariant {

    @Override
    public String kind() {
        return "deadlock";
    }

    @Override
    public String sentence() {
        return "No clients wait for each other in a cycle: each waits for a lock held by the next.";
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<WaitsFor> cycle = run.end().deadlockCycle();
        if (cycle.isEmpty()) {
            return List.of();
        }
        int at = run.endIndex();
        List<String> clients = cycle.stream().map(WaitsFor::client).toList();
        List<Phrase> edges = cycle.stream()
                .map(edge -> Phrase.of("check.deadlock.edge", edge.client(), edge.lock(), edge.holder())).toList();
        return List.of(new Breach(at, clients, Phrase.of("check.deadlock", at, Phrase.list(clients),
                Phrase.list(edges))));
    }
}
