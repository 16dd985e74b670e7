package lockstep.simulator.run;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

import lockstep.algorithms.Algorithms;
import lockstep.algorithms.DistributedLock;
import lockstep.algorithms.LockClient;
import lockstep.algorithms.LockMode;
import lockstep.algorithms.server.EmbeddedZooKeeper;
import lockstep.algorithms.session.Connection;
import lockstep.simulator.BadInputException;
import lockstep.simulator.check.Checker;
import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.Mode;
import lockstep.simulator.scenario.Repeat;
import lockstep.simulator.scenario.Say;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.scenario.ServerStep;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Target;
import lockstep.simulator.scenario.Together;
import lockstep.simulator.scenario.Verb;
import lockstep.simulator.trace.Event;
import lockstep.simulator.trace.Event.State;

/**
 * One scenario, run once with one algorithm against a fresh embedded ZooKeeper in lockstep mode, written down as a
 * trace. Each script line starts its actions and then runs until the system is quiescent (see {@link Conductor}).
 *
 * <p>An action that does not fit the state it meets (a release by a client that holds nothing, an acquire by one
 * already waiting) stops the run with a {@link BadInputException} at that line.
 */
final class ScenarioRun implements AutoCloseable {

    private static final long ACTION_PATIENCE_SECONDS = 30;

    /** What a client is doing and has done, as the run sees it. */
    private final class Client {
        final String name;
        final LockClient session;
        final ClientWorker worker;
        final Map<LockMode, DistributedLock> handles = new EnumMap<>(LockMode.class);
        State state = State.IDLE;
        String mode = "";
        CompletableFuture<Boolean> action;
        Verb actionVerb;
        boolean givingUp;
        /** Notifications delivered when it was last written down as waiting; -1 when it has not waited since. */
        int waitingSince = -1;
        boolean gone;

        Client(String name, LockClient session) {
            this.name = name;
            this.session = session;
            this.worker = new ClientWorker(name);
        }

        DistributedLock handle(LockMode lockMode) {
            return handles.computeIfAbsent(lockMode, m -> session.lock(lockPath, m));
        }

        boolean hasActionRunning() {
            return action != null && !action.isDone();
        }
    }

    private final Scenario scenario;
    private final Algorithms.Info algorithm;
    private final long seed;
    private final String lockPath;
    private final TraceRecorder trace = new TraceRecorder();
    private final Conductor conductor;
    private final EmbeddedZooKeeper server;
    private final Map<String, Client> clients = new LinkedHashMap<>();
    private final List<String> grantOrder = new ArrayList<>();
    private int steps;

    ScenarioRun(Scenario scenario, Algorithms.Info algorithm, long seed) throws Exception {
        this.scenario = scenario;
        this.algorithm = algorithm;
        this.seed = seed;
        this.lockPath = "/locks/" + slug(scenario.source());
        this.conductor = new Conductor(trace, seed, scenario.clients());
        this.server = EmbeddedZooKeeper.start();
        Connection connection = Connection.to(server.connectString()).withListener(conductor);
        // Sessions connect side by side (each takes a few ms); the clients keep the scenario's order.
        Map<String, CompletableFuture<LockClient>> sessions = new LinkedHashMap<>();
        java.util.concurrent.ExecutorService opener = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Math.min(16, scenario.clients().size())));
        try {
            for (String name : scenario.clients()) {
                sessions.put(name, CompletableFuture.supplyAsync(() -> {
                    try {
                        return algorithm.connect(name, connection);
                    } catch (Exception e) {
                        throw new java.util.concurrent.CompletionException(e);
                    }
                }, opener));
            }
            for (Map.Entry<String, CompletableFuture<LockClient>> session : sessions.entrySet()) {
                clients.put(session.getKey(), new Client(session.getKey(), session.getValue().join()));
            }
        } finally {
            opener.shutdown();
        }
    }

    private static String slug(String source) {
        String name = source.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1).replaceFirst("\\.ya?ml$", "").replaceFirst("^\\d+-", "");
        name = name.replaceAll("[^A-Za-z0-9_-]", "-");
        return name.isEmpty() ? "lock" : name;
    }

    /** Runs the whole script and returns the trace, checker findings appended after the end of the run. */
    List<Event> run() throws BadInputException {
        trace.add(new Event.RunStarted(trace.next(), scenario.source(), scenario.title(), algorithm.name(), seed,
                lockPath, scenario.clients()));
        conductor.startScheduling(new Conductor.Busy() {
            @Override
            public boolean hasActionRunning(String client) {
                return clients.get(client).hasActionRunning();
            }

            @Override
            public boolean isParked(String client) {
                Client c = clients.get(client);
                return c.session.isWaitingForNotification(c.worker.thread());
            }
        });
        String outcome = "completed";
        try {
            for (Step step : scenario.script()) {
                perform(step);
            }
        } catch (Conductor.RunStalledException stalled) {
            outcome = "stalled: " + stalled.getMessage();
        } catch (BadInputException refused) {
            trace.add(new Event.RunEnded(trace.next(), "stopped: " + refused.getMessage()));
            throw refused;
        } finally {
            conductor.stopScheduling();
        }
        trace.add(new Event.RunEnded(trace.next(), outcome));
        List<Event> events = trace.events();
        for (Event.Violation finding : Checker.check(events)) {
            if (finding.index() >= events.size()) {
                trace.add(new Event.Violation(trace.next(), finding.at(), finding.kind(), finding.clients(),
                        finding.message()));
            }
        }
        return List.copyOf(trace.events());
    }

    // ---- script lines ---------------------------------------------------------------------------------------------

    private void perform(Step step) throws BadInputException {
        if (step instanceof Repeat repeat) {
            for (int i = 0; i < repeat.times(); i++) {
                for (Step inner : repeat.body()) {
                    perform(inner);
                }
            }
            return;
        }
        steps++;
        trace.add(new Event.ScriptLine(trace.next(), steps, step.at().line(), step.text()));
        if (step instanceof Say say) {
            trace.add(new Event.Narration(trace.next(), say.narrationFor(algorithm.name())));
        } else if (step instanceof Action action) {
            for (Client client : targets(action)) {
                start(action, client);
                settle();
            }
        } else if (step instanceof Together together) {
            List<Action> actions = together.actions();
            List<Client> started = new ArrayList<>();
            for (Action action : actions) {
                for (Client client : targets(action)) {
                    if (started.contains(client)) {
                        throw refuse(action, client.name + " appears twice in one together line");
                    }
                    check(action, client);
                    started.add(client);
                }
            }
            for (Action action : actions) {
                for (Client client : targets(action)) {
                    start(action, client);
                }
            }
            settle();
        } else if (step instanceof ServerStep) {
            restartServer();
        }
    }

    private List<Client> targets(Action action) throws BadInputException {
        Target target = action.target();
        if (target instanceof Target.Client one) {
            return List.of(clients.get(one.name()));
        }
        if (target instanceof Target.All) {
            return List.copyOf(clients.values());
        }
        if (grantOrder.isEmpty()) {
            throw new BadInputException(action.at().toString(), "nobody holds the lock (expected a holder for '"
                    + action.text() + "')");
        }
        if (target instanceof Target.Holder) {
            return List.of(clients.get(grantOrder.get(0)));
        }
        return grantOrder.stream().map(clients::get).toList();
    }

    private BadInputException refuse(Action action, String message) {
        return new BadInputException(action.at().toString(), message);
    }

    private static String describe(Client client) {
        return switch (client.state) {
            case IDLE -> "it is idle";
            case REQUESTING -> "it is asking for the lock";
            case WAITING -> "it is waiting for the lock";
            case HOLDING -> "it holds the lock";
            case RELEASED -> "it has released the lock";
            case GAVE_UP -> "it gave up";
            case CRASHED -> "it has crashed";
            case EXPIRED -> "its session has expired";
        };
    }

    private void check(Action action, Client client) throws BadInputException {
        String verb = action.verb().word();
        if (client.gone) {
            throw refuse(action, client.name + " cannot " + verb + ": " + describe(client)
                    + " (expected a client that is still in the run)");
        }
        switch (action.verb()) {
            case ACQUIRE -> {
                if (client.state == State.REQUESTING || client.state == State.WAITING
                        || client.state == State.HOLDING) {
                    throw refuse(action, client.name + " cannot acquire: " + describe(client)
                            + " (expected a client that neither holds nor waits)");
                }
            }
            case RELEASE -> {
                if (client.state != State.HOLDING) {
                    throw refuse(action, client.name + " cannot release: " + describe(client)
                            + " (expected a client that holds the lock)");
                }
            }
            case GIVE_UP -> {
                if (client.state != State.WAITING && client.state != State.REQUESTING) {
                    throw refuse(action, client.name + " cannot give up: " + describe(client)
                            + " (expected a client that waits for the lock)");
                }
            }
            case CRASH, EXPIRE -> {
                // any client still in the run can crash or expire
            }
        }
    }

    private void start(Action action, Client client) throws BadInputException {
        check(action, client);
        switch (action.verb()) {
            case ACQUIRE -> acquire(client, action.mode());
            case RELEASE -> release(client);
            case GIVE_UP -> {
                client.givingUp = true;
                conductor.expectActivity(client.name);
                client.worker.interrupt();
            }
            case CRASH -> endSession(client, true);
            case EXPIRE -> endSession(client, false);
        }
    }

    private LockMode modeFor(Mode mode) {
        if (!algorithm.isShared()) {
            return LockMode.EXCLUSIVE; // a mutex accepts a mode and ignores it, so one scenario runs everywhere
        }
        return mode == Mode.READ ? LockMode.READ : LockMode.WRITE;
    }

    private void acquire(Client client, Mode requested) {
        LockMode lockMode = modeFor(requested);
        DistributedLock handle = client.handle(lockMode);
        client.mode = lockMode.label();
        client.givingUp = false;
        client.waitingSince = -1;
        changeState(client, State.REQUESTING, "");
        client.actionVerb = Verb.ACQUIRE;
        client.action = client.worker.submit(() -> {
            try {
                handle.acquire();
                return true;
            } finally {
                conductor.poke();
            }
        });
    }

    private void release(Client client) {
        DistributedLock handle = client.handle(LockMode.valueOf(client.mode.toUpperCase(java.util.Locale.ROOT)));
        client.actionVerb = Verb.RELEASE;
        client.action = client.worker.submit(() -> {
            try {
                handle.release();
                return true;
            } finally {
                conductor.poke();
            }
        });
    }

    /** A crash (the session closes abruptly) or an expiry (the server ends it): the client is out of the run. */
    private void endSession(Client client, boolean crash) throws BadInputException {
        String kind = crash ? "crash" : "expire";
        trace.add(new Event.Fault(trace.next(), kind, client.name, crash
                ? client.name + "'s session closed abruptly, as when its process dies"
                : "the server expired " + client.name + "'s session"));
        conductor.takeOutOfTheRun(client.name);
        String reason = crash ? "session closed (crash)" : "session expired";
        for (String path : conductor.ephemeralsOf(client.name)) {
            conductor.nodeGoneWithSession(path, reason);
        }
        client.gone = true;
        grantOrder.remove(client.name);
        client.mode = "";
        changeState(client, crash ? State.CRASHED : State.EXPIRED, "");
        try {
            if (crash) {
                client.session.crash();
            } else {
                client.session.expire();
            }
        } catch (Exception e) {
            throw new Conductor.RunStalledException(client.name + " could not " + kind + ": " + e.getMessage());
        }
        if (client.hasActionRunning()) {
            client.worker.interrupt(); // a waiter of a dead session would otherwise wait for ever
            try {
                client.action.get(ACTION_PATIENCE_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException ended) {
                // expected: its wait ended with its session
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        client.action = null;
        client.session.close();
        settle();
    }

    private void restartServer() {
        trace.add(new Event.Fault(trace.next(), "server-restart", "",
                "the server stopped and started again; sessions reconnect"));
        try {
            server.restart();
        } catch (Exception e) {
            throw new Conductor.RunStalledException("the server did not restart: " + e.getMessage());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ACTION_PATIENCE_SECONDS);
        for (Client client : clients.values()) {
            while (!client.gone && !client.session.isConnected()) {
                if (System.nanoTime() > deadline) {
                    throw new Conductor.RunStalledException(client.name + " did not reconnect after the restart");
                }
                LockSupport.parkNanos(1_000_000L);
            }
        }
        settle();
    }

    // ---- stable points --------------------------------------------------------------------------------------------

    private void settle() {
        conductor.runToQuiescence(this::noteChanges);
    }

    /** At a stable point: writes down finished actions and clients that started to wait, in client order. */
    private void noteChanges() {
        for (Client client : clients.values()) {
            if (client.gone) {
                continue;
            }
            if (client.action != null && client.action.isDone()) {
                finish(client);
            } else if (client.hasActionRunning() && client.actionVerb == Verb.ACQUIRE
                    && !conductor.isAtSeam(client.name)
                    && client.session.isWaitingForNotification(client.worker.thread())) {
                // Waiting anew: for the first time, or again after a notification woke it (a futile wake-up).
                int delivered = conductor.deliveredTo(client.name);
                if (client.waitingSince != delivered) {
                    changeState(client, State.WAITING, conductor.watching(client.name));
                    client.waitingSince = delivered;
                }
            }
        }
    }

    /** Writes down how a client's action ended: holding, released, gave up, or an error. */
    private void finish(Client client) {
        CompletableFuture<Boolean> done = client.action;
        client.action = null;
        Throwable failure = null;
        try {
            done.join();
        } catch (java.util.concurrent.CompletionException e) {
            failure = e.getCause();
        }
        if (client.actionVerb == Verb.ACQUIRE) {
            if (failure == null) {
                grantOrder.add(client.name);
                changeState(client, State.HOLDING, "");
            } else if (client.givingUp) {
                client.givingUp = false;
                changeState(client, State.GAVE_UP, "");
            } else {
                trace.add(new Event.Fault(trace.next(), "error", client.name, oneLine(failure)));
                changeState(client, State.IDLE, "");
            }
        } else if (client.actionVerb == Verb.RELEASE) {
            grantOrder.remove(client.name);
            if (failure == null) {
                changeState(client, State.RELEASED, "");
            } else {
                trace.add(new Event.Fault(trace.next(), "error", client.name, oneLine(failure)));
                changeState(client, State.IDLE, "");
            }
        }
    }

    private static String oneLine(Throwable failure) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        return message.replace('\n', ' ');
    }

    private void changeState(Client client, State state, String watching) {
        client.state = state;
        boolean showsMode = state == State.REQUESTING || state == State.WAITING || state == State.HOLDING;
        trace.add(new Event.ClientState(trace.next(), client.name, state, showsMode ? client.mode : "", watching));
    }

    /** The events so far: after a refused line, the run up to the point where it stopped. */
    List<Event> eventsSoFar() {
        return List.copyOf(trace.events());
    }

    @Override
    public void close() {
        conductor.stopScheduling();
        // A ZooKeeper handle takes ~100 ms to close (its threads wind down): close them side by side.
        java.util.concurrent.ExecutorService closer = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Math.min(32, clients.size())));
        for (Client client : clients.values()) {
            client.worker.interrupt();
            closer.execute(client.session::close);
        }
        closer.shutdown();
        try {
            closer.awaitTermination(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clients.values().forEach(client -> client.worker.close());
        try {
            server.close();
        } catch (java.io.IOException e) {
            // its data directory goes with the JVM's temp files
        }
    }
}
