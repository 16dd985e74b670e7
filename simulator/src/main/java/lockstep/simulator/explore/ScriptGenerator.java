package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.run.StepSource;
import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.Mode;
import lockstep.simulator.scenario.Position;
import lockstep.simulator.scenario.ServerStep;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Target;
import lockstep.simulator.scenario.Together;
import lockstep.simulator.scenario.Verb;

/**
 * Writes a script from a seed while it runs, one line at a time, each line one the run accepts in the state it has
 * reached ({@link WhatFits}): acquires, releases and writes by holders, {@code together} races of two or three
 * clients, and faults from the given set. After {@code lines} lines it puts the world back as a run should end:
 * the servers started, clients reconnected and resumed, so that a finding at the end is the lock's doing and not a
 * client left frozen (on a semaphore, the holders are not released when a waiter already waits beside a free permit:
 * their releases would wake it in passing and hide the idle permit). It never cuts a server off ({@code server N isolate}): the servers it explores share direct
 * links, which {@link WhatFits} reports as links that cannot be cut, and so {@code server heal} never fits either.
 *
 * <p>Guarantee: the same seed, clients and faults, met with the same states, give the same lines; the lines written
 * so far are {@link #lines()}, a script that replays the run as a fixed scenario.
 */
public final class ScriptGenerator implements StepSource {

    private static final String SOURCE = "explore";

    /**
     * The client faults that put back another ({@link Fault#undoes}), from the registry: those that undo a fault that
     * stops the client first (resume before reconnect), the rest in registry order.
     */
    private static final List<Fault> CLIENT_BACK = Faults.undoing(Fault.Target.CLIENT).stream()
            .sorted(java.util.Comparator.comparing(f -> !undoesAStop(f))).toList();
    /** The server faults that put back the stopped servers all at once ({@code server start}). */
    private static final List<Fault> SERVERS_BACK = Faults.undoing(Fault.Target.SERVER).stream()
            .filter(f -> !f.namesAServer()).toList();
    /** The server faults that put back one server of an ensemble ({@code server N restart} after a kill). */
    private static final List<Fault> ONE_SERVER_BACK = Faults.undoing(Fault.Target.SERVER).stream()
            .filter(Fault::namesAServer).toList();

    private final Random random;
    private final List<String> clients;
    private final List<Fault> faults;
    private final int lines;
    private final boolean holdersAskAgain;
    private final boolean modes;
    /** The named locks an acquire asks for, in an order drawn each time (empty: the one lock). */
    private final List<String> locks;
    private final List<Step> written = new ArrayList<>();
    private int closing;
    /** With every script enumerated: who picks each line among all that fit; null when drawn from the seed. */
    private final LineChoice every;
    /** With every script enumerated: whether a line is written only when the script so far stays canonical. */
    private final boolean symmetric;
    /** With every script enumerated: whether the script took its end early (its closing lines follow). */
    private boolean ended;
    /** With every script enumerated: the lines written up to the last one picked (closing lines after it left out). */
    private int picked;
    private boolean pickedNow;
    /** With a stateful search: whether the state's key is the least of its clients' renamings. */
    private boolean statesSymmetric;
    /** The run's state as the line being written finds it (set by {@link #next}). */
    private LiveReplay live;

    /**
     * Picks a script line among all that fit, for a search of every script ({@link #everyScript}): the lines of the
     * exhaustive search's tree are points of its vector as the schedule's choices are.
     */
    interface LineChoice {
        /** The position of the line to write among {@code options} (one or more). */
        int line(int options);

        /**
         * As {@link #line(int)}, with the key of the state the line is written in ({@link StateKey}), computed only
         * when asked: -1 ends the script there (a stateful search met that state explored whole already).
         */
        default int line(int options, java.util.function.Supplier<String> state) {
            return line(options);
        }

        /** The script so far, told before each {@link #line}: what a check of the state cache names a state by. */
        default void scriptSoFar(List<Step> lines) {
        }
    }

    /**
     * @param seed    where the choices come from
     * @param clients the clients' names, in order
     * @param faults  the faults a line may apply (client and server faults alike)
     * @param lines   how many lines before the closing ones that put the world back
     * @param modes   whether acquires name a mode (read/write locks)
     */
    public ScriptGenerator(long seed, List<String> clients, List<Fault> faults, int lines, boolean modes) {
        this(seed, clients, faults, lines, modes, true);
    }

    /**
     * As above; {@code holdersAskAgain} false for a lock that is not reentrant (Curator's semaphores): a holder's
     * second acquire would wait for itself by design, which the contract asserts, not a finding to search for.
     */
    public ScriptGenerator(long seed, List<String> clients, List<Fault> faults, int lines, boolean modes,
                           boolean holdersAskAgain) {
        this(seed, clients, faults, lines, modes, holdersAskAgain, List.of());
    }

    /**
     * As above; {@code locks} the named locks of a multi-lock: each acquire asks for all of them, in an order drawn
     * from the seed (two clients asking in opposite orders is where a multi-lock deadlocks).
     */
    public ScriptGenerator(long seed, List<String> clients, List<Fault> faults, int lines, boolean modes,
                           boolean holdersAskAgain, List<String> locks) {
        this(seed, clients, faults, lines, modes, holdersAskAgain, locks, null, false);
    }

    private ScriptGenerator(long seed, List<String> clients, List<Fault> faults, int lines, boolean modes,
                            boolean holdersAskAgain, List<String> locks, LineChoice every, boolean symmetric) {
        this.every = every;
        this.symmetric = symmetric;
        this.locks = List.copyOf(locks);
        this.random = new Random(seed);
        this.clients = List.copyOf(clients);
        this.faults = List.copyOf(faults);
        this.lines = lines;
        this.modes = modes;
        this.holdersAskAgain = holdersAskAgain;
    }

    /**
     * A script that is not drawn but picked by {@code choice} among every line that fits (every acquire mode or lock
     * order, every race of two or three clients), for the search of every script of up to {@code lines} lines: after
     * the first line, ending the script there is an option too (the last). With {@code symmetric}, a line is offered
     * only when the script with it is the least of the scripts that rename its clients (compared line by line):
     * of scripts equal up to the clients' names, one is written. The closing lines release the holders in the order
     * they got the lock, not in the clients' order, so that they too are the same up to the names.
     */
    static ScriptGenerator everyScript(LineChoice choice, List<String> clients, List<Fault> faults, int lines,
                                       boolean modes, boolean holdersAskAgain, List<String> locks,
                                       boolean symmetric, boolean statesSymmetric) {
        ScriptGenerator generator = new ScriptGenerator(0, clients, faults, lines, modes, holdersAskAgain, locks,
                choice, symmetric);
        generator.statesSymmetric = statesSymmetric;
        return generator;
    }

    /**
     * Whether renaming the clients can make a script look different only where closing lines go in client order:
     * every fault a closing line puts back for a client (pause, disconnect: resume, reconnect, in client order) is
     * left out of {@code faults}. The symmetry of an enumerated script holds only then.
     */
    static boolean symmetryHolds(List<Fault> faults) {
        return faults.stream().noneMatch(f -> CLIENT_BACK.stream().anyMatch(back -> back.undoes()
                .filter(f.name()::equals).isPresent()));
    }

    /** The lines written so far, in order. */
    public List<Step> lines() {
        return List.copyOf(written);
    }

    /** Of an enumerated script ({@link #everyScript}), its lines up to the last one picked: the closing ones left out. */
    List<Step> enumerated() {
        return List.copyOf(written.subList(0, picked));
    }

    @Override
    public Step next(LiveReplay live) {
        WhatFits fits = new WhatFits(live.state());
        this.live = live;
        pickedNow = false;
        Step step = written.size() < lines && !ended ? anyLine(fits) : closingLine(fits);
        if (step != null) {
            written.add(step);
            picked = pickedNow ? written.size() : picked;
        }
        return step;
    }

    /**
     * A line that puts back what a fault took away, or null when nothing is left to put back (or after as many
     * closing lines as a run can need, should a fault not put back what it says).
     */
    private Step closingLine(WhatFits fits) {
        if (closing++ > 4 * clients.size() + 2) {
            return null;
        }
        // Without a leader every server starts at once: a client whose server is still down after a lone restart
        // brought the majority back would wait for it and never reconnect.
        if (!fits.serverRunning()) {
            return SERVERS_BACK.stream().findFirst().map(f -> (Step) server(f)).orElse(null);
        }
        // On an ensemble that serves, a killed server comes back by its own restart: a run ends with every server up.
        for (int server = 1; fits.servers() > 1 && server <= fits.servers(); server++) {
            for (Fault restart : ONE_SERVER_BACK) {
                if (!fits.serverUp(server) && fits.fitsServer(restart, String.valueOf(server))) {
                    return server(restart, String.valueOf(server));
                }
            }
        }
        // Resume before reconnect: a paused client does not take up its connection until it runs again.
        for (Fault fault : CLIENT_BACK) {
            for (String client : clients) {
                if (fits.fits(fault, client) && alone(fault, fits, client)) {
                    return fault(fault, client);
                }
            }
        }
        // On a semaphore, a waiter beside a free permit once the world is back is one nobody told: it waits for one
        // holder in particular, and releasing the holders would tell it in passing (when that holder goes), so the
        // run would end clean and the idle permit be only a note. The run ends here instead, the waiter stuck beside
        // the free permit for the checker to see (stuck-waiter). A correct semaphore never stops here: it hands a
        // free permit over within the line that freed it.
        if (!fits.waitersBesideAFreePermit().isEmpty()) {
            return null;
        }
        // Then every holder releases, and every waiter in turn: a run ends with the lock given back, as a program
        // ends, so what is left at the end (a waiter no one will wake, a watch no one needs) is the lock's doing.
        // (Enumerated scripts release in grant order: a script renamed then closes as the renamed run does.)
        for (String client : every != null ? fits.holders() : clients) {
            if (fits.fits(Verb.RELEASE, client)) {
                return lockVerb(Verb.RELEASE, client);
            }
        }
        return null;
    }

    private Step anyLine(WhatFits fits) {
        if (!fits.serverRunning()) {
            return closingLine(fits); // with the servers down every client is cut off: start them first
        }
        List<Action> acquires = new ArrayList<>();
        List<Action> releases = new ArrayList<>();
        List<Action> writes = new ArrayList<>();
        List<Action> clientFaults = new ArrayList<>();
        List<ServerStep> serverFaults = new ArrayList<>();
        for (String client : clients) {
            if (fits.fits(Verb.ACQUIRE, client) && (holdersAskAgain || !fits.holds(client))) {
                if (every != null) {
                    acquires.addAll(everyAcquire(client));
                } else {
                    acquires.add(acquire(client));
                }
            }
            if (fits.fits(Verb.RELEASE, client)) {
                releases.add(lockVerb(Verb.RELEASE, client));
            }
            if (fits.fits(Verb.WRITE, client)) {
                writes.add(lockVerb(Verb.WRITE, client));
            }
            for (Fault fault : faults) {
                if (fault.target() == Fault.Target.CLIENT && fits.fits(fault, client) && alone(fault, fits, client)) {
                    clientFaults.add(fault(fault, client));
                }
            }
        }
        // The servers' faults wait for every client to reconnect: not while one is cut off or paused, which cannot.
        boolean anyCut = clients.stream().anyMatch(c -> CLIENT_BACK.stream().anyMatch(f -> fits.fits(f, c)));
        for (Fault fault : faults) {
            if (fault.target() != Fault.Target.SERVER || anyCut) {
                continue;
            }
            if (!fault.namesAServer()) {
                if (fits.fits(fault, "")) {
                    serverFaults.add(server(fault));
                }
                continue;
            }
            // One server of an ensemble (none on one server): the leader, or any server by number.
            for (int server = 0; fits.servers() > 1 && server <= fits.servers(); server++) {
                String name = server == 0 ? "leader" : String.valueOf(server);
                if (fits.fitsServer(fault, name)) {
                    serverFaults.add(server(fault, name));
                }
            }
        }
        List<Action> raceable = new ArrayList<>(acquires);
        raceable.addAll(releases);
        raceable.addAll(clientFaults);
        long racers = raceable.stream().map(this::clientOf).distinct().count();
        if (every != null) {
            List<Step> all = new ArrayList<>(acquires);
            all.addAll(releases);
            all.addAll(writes);
            all.addAll(clientFaults);
            all.addAll(serverFaults);
            if (racers >= 2) {
                all.addAll(everyRace(List.of(acquires, releases, clientFaults)));
            }
            return everyLine(fits, all);
        }

        // Weights: lock lines most often, so queues form and turn over; faults now and then; races when two can.
        int[] weights = {
            acquires.isEmpty() ? 0 : 5,
            releases.isEmpty() ? 0 : 4,
            writes.isEmpty() ? 0 : 1,
            clientFaults.isEmpty() ? 0 : 3,
            serverFaults.isEmpty() ? 0 : 1,
            racers < 2 ? 0 : 2};
        int total = java.util.Arrays.stream(weights).sum();
        if (total == 0) {
            return closingLine(fits); // nothing fits but putting things back (or the script ends here)
        }
        int pick = random.nextInt(total);
        int kind = 0;
        while (pick >= weights[kind]) {
            pick -= weights[kind];
            kind++;
        }
        return switch (kind) {
            case 0 -> oneOf(acquires);
            case 1 -> oneOf(releases);
            case 2 -> oneOf(writes);
            case 3 -> oneOf(clientFaults);
            case 4 -> oneOf(serverFaults);
            default -> race(acquires, releases, clientFaults);
        };
    }

    /**
     * The line {@link #every} picks among {@code all} (those that keep the script canonical, with symmetry), or the
     * script's end (the last option, after its first line); with none, a closing line.
     */
    private Step everyLine(WhatFits fits, List<Step> all) {
        List<Step> kept = symmetric ? all.stream().filter(this::canonical).toList() : all;
        int options = kept.size() + (written.isEmpty() ? 0 : 1);
        if (options == 0) {
            return closingLine(fits);
        }
        // The state's key names clients up to a renaming when the closing lines allow it (as the script symmetry).
        every.scriptSoFar(written);
        int pick = every.line(options, () -> StateKey.of(live, clients, written.size(), closing,
                statesSymmetric));
        if (pick >= 0 && pick < kept.size()) {
            pickedNow = true;
            return kept.get(pick);
        }
        ended = true;
        return closingLine(fits);
    }

    /**
     * Every race a line can be: two or three clients in client order, each with one of its acquires, releases or
     * faults.
     */
    private List<Step> everyRace(List<List<Action>> pools) {
        List<List<Action>> byClient = new ArrayList<>();
        for (String client : clients) {
            List<Action> own = new ArrayList<>();
            pools.forEach(pool -> pool.stream().filter(a -> clientOf(a).equals(client)).forEach(own::add));
            byClient.add(own);
        }
        List<Step> races = new ArrayList<>();
        for (int size = 2; size <= 3; size++) {
            addRaces(byClient, 0, size, new ArrayList<>(), races);
        }
        return races;
    }

    private void addRaces(List<List<Action>> byClient, int from, int size, List<Action> members, List<Step> races) {
        if (members.size() == size) {
            races.add(together(at(), List.copyOf(members)));
            return;
        }
        for (int client = from; client < byClient.size(); client++) {
            for (Action action : byClient.get(client)) {
                members.add(action);
                addRaces(byClient, client + 1, size, members, races);
                members.remove(members.size() - 1);
            }
        }
    }

    /** Every acquire a client can write: in each mode of a read/write lock, in each order of a multi-lock's locks. */
    private List<Action> everyAcquire(String client) {
        if (!locks.isEmpty()) {
            List<Action> orders = new ArrayList<>();
            for (List<String> order : Symmetry.orders(locks)) {
                orders.add(new Action(at(), client + " acquire " + String.join(",", order), new Target.Client(client),
                        Verb.ACQUIRE, null, null, order));
            }
            return orders;
        }
        if (!modes) {
            return List.of(lockVerb(Verb.ACQUIRE, client));
        }
        return java.util.stream.Stream.of(Mode.READ, Mode.WRITE).map(mode -> new Action(at(), client + " acquire "
                + mode.word(), new Target.Client(client), Verb.ACQUIRE, mode, null)).toList();
    }

    /** Whether the script written so far with {@code line} after it is the least of its renamings. */
    private boolean canonical(Step line) {
        List<Step> script = new ArrayList<>(written);
        script.add(line);
        return Symmetry.isLeast(script, clients);
    }

    /**
     * Whether the fault is the only one at work on the client: a fault meets a client that is running and connected,
     * except the one that puts back what another took (resume a paused client; reconnect a disconnected one once it
     * runs). Faults piled on one client (an expiry the server cannot deliver to a client it cannot reach, a
     * reconnection a paused client does not take up) stall a run or leave it half put back.
     */
    private static boolean alone(Fault fault, WhatFits fits, String client) {
        // What is at work on the client shows as what would put it back: resume fits a paused client.
        for (Fault putsBack : CLIENT_BACK) {
            if (putsBack == fault || !fits.fits(putsBack, client)) {
                continue;
            }
            if (fault.undoes().isEmpty() || undoesAStop(putsBack)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code fault} puts back one that stops the client ({@code resume}: a paused client runs nothing). */
    private static boolean undoesAStop(Fault fault) {
        return fault.undoes().flatMap(Faults::byName).map(Fault::stopsTheClient).orElse(false);
    }

    /**
     * Two or three actions of different clients at once, each member drawn as a line is: first its kind (acquire,
     * release or fault, weighted as lines are), then one action of that kind among the clients not yet in the race.
     * Drawn from all actions alike, a race would be mostly faults (every client offers several, and one lock verb at
     * most), and the races a lock's bugs live in (a holder's release beside another's acquire) would be rare exactly
     * when faults are on.
     */
    private Together race(List<Action> acquires, List<Action> releases, List<Action> clientFaults) {
        List<List<Action>> pools = List.of(new ArrayList<>(acquires), new ArrayList<>(releases),
                new ArrayList<>(clientFaults));
        int[] kindWeights = {5, 4, 3};
        List<Action> members = new ArrayList<>();
        int size = 2 + (random.nextInt(3) == 0 ? 1 : 0);
        while (members.size() < size) {
            int[] weights = new int[pools.size()];
            int total = 0;
            for (int k = 0; k < pools.size(); k++) {
                weights[k] = pools.get(k).isEmpty() ? 0 : kindWeights[k];
                total += weights[k];
            }
            if (total == 0) {
                break;
            }
            int pick = random.nextInt(total);
            int kind = 0;
            while (pick >= weights[kind]) {
                pick -= weights[kind];
                kind++;
            }
            Action action = oneOf(pools.get(kind));
            members.add(action);
            String name = clientOf(action);
            pools.forEach(pool -> pool.removeIf(a -> clientOf(a).equals(name)));
        }
        // Members in client order: the script reads the same whichever was drawn first.
        members.sort(java.util.Comparator.comparingInt(m -> clients.indexOf(clientOf(m))));
        return together(at(), members);
    }

    private String clientOf(Action action) {
        return ((Target.Client) action.target()).name();
    }

    private <T> T oneOf(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private Action acquire(String client) {
        if (!locks.isEmpty()) {
            List<String> order = new ArrayList<>(locks);
            java.util.Collections.shuffle(order, random);
            return new Action(at(), client + " acquire " + String.join(",", order), new Target.Client(client),
                    Verb.ACQUIRE, null, null, order);
        }
        if (!modes) {
            return lockVerb(Verb.ACQUIRE, client);
        }
        Mode mode = random.nextBoolean() ? Mode.READ : Mode.WRITE;
        return new Action(at(), client + " acquire " + mode.word(), new Target.Client(client), Verb.ACQUIRE, mode,
                null);
    }

    private Action lockVerb(Verb verb, String client) {
        return new Action(at(), client + " " + verb.word(), new Target.Client(client), verb, null, null);
    }

    private Action fault(Fault fault, String client) {
        return new Action(at(), client + " " + fault.word(), new Target.Client(client), null, null, fault);
    }

    private ServerStep server(Fault fault) {
        return new ServerStep(at(), "server " + fault.word(), fault);
    }

    private ServerStep server(Fault fault, String server) {
        return new ServerStep(at(), "server " + server + " " + fault.word(), fault, server);
    }

    /** A together line of these actions. */
    static Together together(Position at, List<Action> members) {
        return new Together(at, Together.textOf(members), members);
    }

    private Position at() {
        return new Position(SOURCE, written.size() + 1, 5);
    }
}
