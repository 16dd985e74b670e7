package lockstep.simulator.check;

import lockstep.simulator.trace.Event.Op;
import lockstep.algorithms.session.WatchKind;
import lockstep.simulator.trace.TraceBuilder;

/** Hand-built runs shared by the checker and metrics tests. */
final class Runs {

    static final String LOCK = "/lockstep/queue";

    private Runs() {
    }

    /**
     * A correct queue run: c1 takes the lock, c2 waits on c1's node, c1 lets go, c2 takes it and lets go. Steps 1-4.
     */
    static TraceBuilder cleanQueue() {
        TraceBuilder t = TraceBuilder.run("queue", LOCK, "c1", "c2");
        t.line("c1 acquires").requesting("c1").creates("c1", 1)
                .call("c1", Op.GET_CHILDREN, LOCK, false, "ok", "[lock-0000000001]").holding("c1");
        t.line("c2 acquires").requesting("c2").creates("c2", 2)
                .call("c2", Op.GET_CHILDREN, LOCK, false, "ok", "[lock-0000000001, lock-0000000002]")
                .call("c2", Op.EXISTS, t.node(1), true, "ok", "exists")
                .watch("c2", t.node(1), WatchKind.EXISTS).waiting("c2", t.node(1));
        t.line("c1 releases").deletes("c1", 1).released("c1").fire("c2", t.node(1), "NodeDeleted")
                .call("c2", Op.GET_CHILDREN, LOCK, false, "ok", "[lock-0000000002]").holding("c2");
        t.line("c2 releases").deletes("c2", 2).released("c2");
        return t;
    }
}
