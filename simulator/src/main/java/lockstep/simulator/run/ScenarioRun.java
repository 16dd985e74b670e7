package lockstep.simulator.run;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.LockMode;
import lockstep.algorithms.registry.Algorithms;
import lockstep.simulator.BadInputException;
import lockstep.simulator.LockstepVersion;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.rules.LineRules;
import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.Mode;
import lockstep.simulator.scenario.Repeat;
import lockstep.simulator.scenario.Say;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ScenarioDigest;
import lockstep.simulator.scenario.ServerStep;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Target;
import lockstep.simulator.scenario.Together;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.schedule.ReplayingScheduler;
import lockstep.simulator.schedule.Scheduler;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;

/**
 * One scenario, run once with one algorithm in lockstep mode, written down as a trace: each script line starts its
 * actions (or applies its fault, from the fault registry), then the run goes on until the system is quiescent.
 *
 * <p>Who holds, who waits, whose session is alive: all read from the trace as it grows ({@link TraceRecorder#state()}),
 * never from a book of this class's own. An action that does not fit the state it meets (a release by a client that
 * holds nothing, an acquire by one already waiting) stops the run with a {@link BadInputException} at that line.
 */
final class ScenarioRun implements AutoCloseable {

    private final Scenario scenario;
    private final Algorithms.Info algorithm;
    private final long seed;
    private final RunWorld world;
    private int steps;
    /** The run stopped on something the user's lock did that cannot be scheduled (not on a line of the script). */
    private boolean stoppedByTheLock;

    ScenarioRun(Scenario scenario, Algorithms.Info algorithm, long seed, Scheduler scheduler) throws Exception {
        this(scenario, algorithm, seed, RunWorld.open(scenario, algorithm, scheduler, seed));
    }

    ScenarioRun(Scenario scenario, Algorithms.Info algorithm, long seed, RunWorld world) {
        this.scenario = scenario;
        this.algorithm = algorithm;
        this.seed = seed;
        this.world = world;
    }

    /** Runs the whole script and returns the trace. */
    List<Event> run() throws BadInputException {
        java.util.Iterator<Step> script = scenario.script().iterator();
        return run(state -> script.hasNext() ? script.next() : null);
    }

    /**
     * Runs the steps {@code source} hands out, each asked for once the previous one has settled, until it hands out
     * null; returns the trace. A search uses it to choose each line knowing the state the run has reached.
     */
    List<Event> run(StepSource source) throws BadInputException {
        TraceRecorder trace = world.trace;
        if (scenario.hasSeveralLocks() && !algorithm.has(lockstep.algorithms.Flag.MULTI)) {
            throw new BadInputException(scenario.source(), text("refusal.oneLockOnly", algorithm.name(),
                    String.join(", ", scenario.locks()), String.join(", ", Algorithms.all().stream()
                            .filter(a -> a.has(lockstep.algorithms.Flag.MULTI)).map(Algorithms.Info::name).toList())));
        }
        trace.add(new Event.RunStarted(trace.next(), scenario.source(), scenario.title(), algorithm.name(), seed,
                world.lockPath, scenario.clients(), scenario.fencing(), world.permits, scenario.locks(),
                ScenarioDigest.of(scenario), LockstepVersion.VERSION));
        try {
            world.recordEnsemble();
        } catch (Exception e) {
            throw new IllegalStateException("the ensemble did not settle: " + e.getMessage(), e);
        }
        world.startScheduling();
        String outcome = "completed";
        try {
            for (Step step = source.next(trace.state()); step != null; step = source.next(trace.state())) {
                perform(step);
            }
        } catch (Deadlocked deadlocked) {
            outcome = deadlocked.getMessage(); // the script cannot go on: the lock's finding, checked as any other
        } catch (RunStalledException stalled) {
            BadInputException lockStalled = unschedulableOrStuck();
            if (lockStalled == null) {
                outcome = Event.RunEnded.STALLED + stalled.getMessage();
            } else {
                trace.add(new Event.RunEnded(trace.next(), "stopped: " + lockStalled.getMessage()));
                world.gate.stopScheduling();
                throw lockStalled;
            }
        } catch (BadInputException refused) {
            trace.add(new Event.RunEnded(trace.next(), "stopped: " + refused.getMessage()));
            throw refused;
        } finally {
            world.gate.stopScheduling();
        }
        trace.add(new Event.RunEnded(trace.next(), outcome));
        return List.copyOf(trace.events());
    }

    private void perform(Step step) throws BadInputException {
        if (step instanceof Repeat repeat) {
            for (int i = 0; i < repeat.times(); i++) {
                for (Step inner : repeat.body()) {
                    perform(inner);
                }
            }
            return;
        }
        BadInputException unschedulable = unschedulable(); // noted after the last stable point: a lock's own thread
        if (unschedulable != null) {
            throw unschedulable;
        }
        steps++;
        world.trace.add(new Event.ScriptLine(world.trace.next(), steps, step.at().line(), step.text()));
        if (step instanceof Say say) {
            world.trace.add(new Event.Narration(world.trace.next(), say.narrationFor(algorithm.name())));
        } else if (step instanceof Action action) {
            for (RunClient client : targets(action)) {
                start(action, client);
                settle();
            }
        } else if (step instanceof Together together) {
            List<RunClient> started = new ArrayList<>();
            for (Action action : together.actions()) {
                for (RunClient client : targets(action)) {
                    if (started.contains(client)) {
                        throw refuse(action, text("refusal.twiceInTogether", client.name()));
                    }
                    check(action, client);
                    started.add(client);
                }
            }
            for (Action action : together.actions()) {
                for (RunClient client : targets(action)) {
                    start(action, client);
                }
            }
            settle();
        } else if (step instanceof ServerStep server) {
            applyFault(server.fault(), server.server(), server.text(), server);
        }
    }

    private List<RunClient> targets(Action action) throws BadInputException {
        Target target = action.target();
        if (target instanceof Target.Client one) {
            return List.of(world.clients.get(one.name()));
        }
        if (target instanceof Target.All) {
            return List.copyOf(world.clients.values());
        }
        // holder / holders: those that hold the lock with a live session; a zombie that only believes it does is not
        List<RunClient> holders = world.trace.state().holders().stream()
                .filter(name -> world.trace.state().client(name).sessionAlive()).map(world.clients::get).toList();
        if (holders.isEmpty() && world.clients.keySet().stream().anyMatch(c -> world.trace.state().client(c).threw())) {
            return List.of(); // a lock that threw left nobody holding: the line is passed over, the run goes on
        }
        if (holders.isEmpty()) {
            List<lockstep.simulator.replay.ReplayState.WaitsFor> cycle = world.trace.state().state().deadlockCycle();
            if (!cycle.isEmpty()) {
                // Nobody holds because the clients wait for each other: the lock deadlocked, which is a finding of
                // the run (the checker's deadlock), not a line that does not fit the script.
                throw new Deadlocked(Event.RunEnded.DEADLOCKED + action.at().line() + ": " + String.join(" -> ",
                        cycle.stream().map(lockstep.simulator.replay.ReplayState.WaitsFor::client).toList()) + " -> "
                        + cycle.get(0).client());
            }
            throw refuse(action, text("refusal.nobodyHolds", action.text()));
        }
        return target instanceof Target.Holder ? List.of(holders.get(0)) : holders;
    }

    /** The script stops at a line that needs a holder: nobody holds, since the clients wait for each other. */
    private static final class Deadlocked extends RuntimeException {
        Deadlocked(String outcome) {
            super(outcome, null, false, false);
        }
    }

    private BadInputException refuse(Step step, String message) {
        BadInputException unschedulable = unschedulable(); // what the lock did is why the line cannot run
        return unschedulable != null ? unschedulable : new BadInputException(step.at().toString(), message);
    }

    /** Refuses a line the client cannot do now; false for one the runner passes over ({@link LineRules#passedOver}). */
    private boolean check(Action action, RunClient client) throws BadInputException {
        String verb = action.word();
        ClientView view = world.trace.state().client(client.name());
        if (client.isGone()) {
            throw refuse(action, text("refusal.cannot", client.name(), verb,
                    text("refusal.gone", LineRules.describe(view))));
        }
        if (action.fault() != null) {
            String why = action.fault().refusal(world.faults, client.name());
            if (why != null) {
                throw refuse(action, text("refusal.cannot", client.name(), verb, why));
            }
            return true;
        }
        if (LineRules.passedOver(action.verb(), view)) {
            return false;
        }
        LineRules.Refusal refusal = LineRules.refusal(action.verb(), view);
        if (refusal != null) {
            throw refuse(action, text("refusal.cannot", client.name(), verb, LineRules.words(refusal, view)));
        }
        return true;
    }

    private void start(Action action, RunClient client) throws BadInputException {
        if (!check(action, client)) {
            return;
        }
        if (action.fault() != null) {
            applyFault(action.fault(), client.name(), action.text(), action);
            return;
        }
        world.gate.actionStarted(client.name()); // the gate's next look examines it (it is busy from now on)
        switch (action.verb()) {
            case ACQUIRE, TRY_ACQUIRE -> {
                LockMode mode = modeFor(action.mode());
                boolean holds = world.trace.state().client(client.name()).state() == State.HOLDING
                        && !client.heldModes().isEmpty();
                if (holds && scenario.reentrant()) {
                    // The holder asks again with its own handle: one hold more, or (another mode) a downgrade or
                    // an upgrade, which the lock grants, refuses or makes wait. It holds on meanwhile.
                    client.start(action.verb(), client.handle(mode, world.pathsOf(action.locks())), true,
                            world.gate::poke);
                } else {
                    client.requestsOnSession(world.trace.state().client(client.name()).session());
                    world.states.change(client.name(), State.REQUESTING, mode, "");
                    // Without reentrancy a holder's acquire is a request of its own, behind its own node.
                    client.start(action.verb(), holds ? client.newHandle(mode)
                            : client.handle(mode, world.pathsOf(action.locks())), false, world.gate::poke);
                }
            }
            case RELEASE -> client.start(Verb.RELEASE, client.holding(releaseMode(action, client)), false,
                    world.gate::poke);
            case WRITE -> world.resource.write(client);
        }
    }

    private void applyFault(Fault fault, String client, String text, Step step) throws BadInputException {
        String why = fault.refusal(world.faults, client);
        if (why != null) {
            if (fault.target() == Fault.Target.CLIENT) {
                throw refuse(step, text("refusal.cannot", client, fault.word(), why));
            }
            // A server is what the fault is done to: "cannot kill the leader", not "the leader cannot kill".
            String which = client.isEmpty() ? text("refusal.theServers") : client.equals("leader")
                    ? text("refusal.theLeader") : text("refusal.server", client);
            throw refuse(step, text("refusal.cannotServer", which, fault.word(), why));
        }
        try {
            fault.apply(world.faults, client);
        } catch (RunStalledException | BadInputException | ReplayingScheduler.ScheduleMismatch e) {
            throw e;
        } catch (Exception e) {
            throw new RunStalledException("'" + text + "' failed: " + e.getMessage());
        }
    }

    /**
     * Which lock a release gives back: the one the client holds, or the one the line names when it holds both the
     * read and the write lock (after a downgrade's first step). A mutex ignores the mode.
     */
    private LockMode releaseMode(Action action, RunClient client) throws BadInputException {
        List<LockMode> held = client.heldModes();
        if (action.mode() != null && algorithm.isShared()) {
            LockMode named = modeFor(action.mode());
            if (!held.isEmpty() && !held.contains(named)) {
                throw refuse(action, text("refusal.otherMode", client.name(), named.label(),
                        held.get(0).label()));
            }
            return named;
        }
        if (held.size() > 1) {
            throw refuse(action, text("refusal.bothModes", client.name()));
        }
        return held.isEmpty() ? client.actionMode() : held.get(0);
    }

    private LockMode modeFor(Mode mode) {
        if (!algorithm.isShared()) {
            return LockMode.EXCLUSIVE; // a mutex accepts a mode and ignores it, so one scenario runs everywhere
        }
        return mode == Mode.READ ? LockMode.READ : LockMode.WRITE;
    }

    private void settle() throws BadInputException {
        world.faults.settle();
        BadInputException unschedulable = unschedulable();
        if (unschedulable != null) {
            throw unschedulable;
        }
    }

    /**
     * True when the run stopped on something the user's lock did that cannot be scheduled (an unschedulable call or
     * wait, a stall in its code): the lock's fault, which no other script would avoid, so a search stops with it too.
     */
    boolean stoppedByTheLock() {
        return stoppedByTheLock;
    }

    /** The first thing a user's lock did that the run cannot schedule, as its one line; null when none did. */
    private BadInputException unschedulable() {
        for (RunClient client : world.clients.values()) {
            lockstep.algorithms.Unschedulable what = client.unschedulable();
            if (what != null) {
                stoppedByTheLock = true;
                return new BadInputException(what.where(), what.what());
            }
        }
        return null;
    }

    /**
     * Why a run with a user's lock found no stable point, in the user's words: something it did that the run cannot
     * schedule, a watcher of the user's that has not returned (the client's later notifications wait behind it), or a
     * client whose action stays in the user's code without calling ZooKeeper or waiting (named with its last call);
     * null when the stall is not the user's code (Lockstep's own failure).
     */
    private BadInputException unschedulableOrStuck() {
        BadInputException unschedulable = unschedulable();
        if (unschedulable != null) {
            return unschedulable;
        }
        long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(world.gate.stallNanos());
        for (RunClient client : world.clients.values()) {
            // A watcher of the user's that does not return: the session's later notifications wait behind it.
            String watcher = client.whereAWatcherStands();
            if (watcher != null) {
                stoppedByTheLock = true;
                return new BadInputException(watcher, text("lock.watcherStuck", client.name(), seconds));
            }
        }
        for (RunClient client : world.clients.values()) {
            if (!client.hasActionRunning() || client.isParkedForANotification()
                    || world.gate.isAtGate(client.name())) {
                continue;
            }
            String where = client.whereInTheLock();
            if (where == null) {
                continue;
            }
            String lastCall = text("lock.stuck.noCall");
            List<Event> events = world.trace.events();
            for (int i = events.size() - 1; i >= 0; i--) {
                if (events.get(i) instanceof Event.Call call && call.client().equals(client.name())) {
                    lastCall = call.op().label() + " " + call.path();
                    break;
                }
            }
            stoppedByTheLock = true;
            return new BadInputException(where, text("lock.stuck", client.name(),
                    client.actionVerb().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'), seconds,
                    lastCall));
        }
        return null;
    }

    /** The events written so far: the whole trace once {@link #run} has returned, or thrown at a refused line. */
    List<Event> events() {
        return List.copyOf(world.trace.events());
    }

    @Override
    public void close() {
        world.close();
    }
}
