package lockstep.simulator.replay;

import java.util.ArrayList;
import java.util.List;

import lockstep.simulator.text.CaptionTexts;
import lockstep.simulator.trace.Event;

/**
 * A lane's own caption at an event: one or two sentences said from that lane's replayed state alone, so they are true
 * for the lane they sit over whatever the scenario's {@code say:} lines assume.
 *
 * <p>Steps: say what the current script line did to the lock so far (releases, give-ups, faults, lost replies, or else
 * who asked), then who was woken, who won and whether the winner jumped the queue (someone who asked earlier still
 * waits), and how many wake-ups turned out futile; when the line did nothing to the lock, who holds it. Guarantees:
 * every client named, every count and every order is read from the state ({@link ReplayState#thisLine()}, the
 * clients, the holders), which the replay built from the events up to the given one: nothing is said about later
 * events, and nothing is read from a sentence in the trace.
 */
public final class LaneCaptions {

    private LaneCaptions() {
    }

    /** The caption for the state just after its event. */
    public static String at(ReplayState state) {
        ReplayState.ThisLine line = state.thisLine();
        List<String> did = new ArrayList<>();
        for (ReplayState.Ghost ghost : line.ghosts()) {
            String owner = ghost.node().owner();
            switch (ghost.ending()) {
                case RELEASE -> {
                    ReplayState.ClientView still = state.client(owner);
                    // one side of a downgrade given back: the other side is still held
                    addOnce(did, still.believesItHolds() && !still.mode().isEmpty()
                            && !still.mode().equals(ghost.node().kind().label())
                            ? CaptionTexts.text("caption.released.keeps", owner, ghost.node().kind().text(),
                                    modeText(still.mode()))
                            : CaptionTexts.text("caption.released", owner));
                }
                // A waiter that gives up deletes its node too: it withdrew its request, it released nothing; its
                // give-up says so. A node withdrawn without one is a try that failed (a try-acquire, Curator's
                // read/write try): said as the try for its side of the lock, from the node's own kind.
                case GIVE_UP -> {
                    if (!line.gaveUp().contains(owner)) {
                        addOnce(did, ghost.node().kind() == lockstep.algorithms.LockMode.EXCLUSIVE
                                ? CaptionTexts.text("caption.released.try.lock", owner)
                                : CaptionTexts.text("caption.released.try", owner, ghost.node().kind().text()));
                    }
                }
                case DELETED_BY_ANOTHER -> addOnce(did, CaptionTexts.text("caption.deleted-by", ghost.by(), owner));
                case SESSION_ENDED -> {
                    // said by the crash or expiry that ended the session
                }
            }
        }
        for (ReplayState.FaultNote fault : line.faults()) {
            addOnce(did, faultText(fault));
        }
        for (Event.Call lost : line.lostCalls()) {
            addOnce(did, lostReply(state, lost));
        }
        for (String client : line.gaveBackOne()) {
            // a reentrant release deletes no node: said here, or the line would seem to have done nothing
            if (line.ghosts().stream().noneMatch(g -> g.node().owner().equals(client))) {
                addOnce(did, CaptionTexts.text("caption.gave-back-one", client));
            }
        }
        for (String client : line.gaveUp()) {
            addOnce(did, CaptionTexts.text("caption.gave-up", client));
        }
        List<String> sentences = new ArrayList<>();
        if (!did.isEmpty()) {
            sentences.add(CaptionTexts.text("caption.sentence", list(did)));
        } else if (!line.requested().isEmpty()) {
            sentences.add(CaptionTexts.text(line.requested().size() == 1 ? "caption.asks.one" : "caption.asks.many",
                    names(line.requested())));
        }
        List<String> woken = line.woken();
        if (!woken.isEmpty()) {
            sentences.add(woken.size() <= 3 ? CaptionTexts.text("caption.woken", names(woken))
                    : CaptionTexts.text("caption.woken.count", woken.size()));
        }
        // A handle that counts up a hold from an ended session (a reentrant acquire by a zombie) wins nothing.
        List<String> won = new ArrayList<>();
        List<String> zombiesWon = new ArrayList<>();
        String jumped = "";
        String jumpedAhead = "";
        for (ReplayState.Grant grant : line.grants()) {
            if (grant.zombie() || state.client(grant.client()).isStaleHolder()) {
                addOnce(zombiesWon, grant.client());
                continue;
            }
            addOnce(won, grant.client());
            // jumped ahead of a client that asked earlier and still asks now (a reader granted a moment before an
            // earlier reader has jumped no one: that one holds now)
            for (String earlier : grant.jumpedAhead()) {
                if (state.client(earlier).isAsking()) {
                    jumped = grant.client();
                    jumpedAhead = earlier;
                    break;
                }
            }
        }
        if (!jumped.isEmpty()) {
            sentences.add(CaptionTexts.text("caption.jumped", jumped, jumpedAhead));
        } else if (!won.isEmpty()) {
            sentences.add(CaptionTexts.text(won.size() == 1 ? "caption.wins.one" : "caption.wins.many", names(won)));
        }
        if (!zombiesWon.isEmpty()) {
            sentences.add(CaptionTexts.text(zombiesWon.size() == 1 ? "caption.zombie" : "caption.zombies",
                    names(zombiesWon)));
        }
        int futile = 0;
        for (String w : woken) {
            ReplayState.ClientView c = state.client(w);
            if (!c.woken() && c.state() == Event.State.WAITING && !won.contains(w)) {
                futile++;
            }
        }
        if (futile > 0) {
            sentences.add(CaptionTexts.text(futile == 1 ? "caption.futile.one" : "caption.futile.many", futile));
        }
        List<ReplayState.WaitsFor> cycle = state.deadlockCycle();
        if (!cycle.isEmpty()) {
            // read from the replay's waits-for graph: the clients of the cycle, in its order
            sentences.add(CaptionTexts.text("caption.deadlock",
                    names(cycle.stream().map(ReplayState.WaitsFor::client).toList())));
        }
        if (sentences.isEmpty() && !state.holders().isEmpty()) {
            sentences.add(holders(state));
        }
        String out = "";
        for (String sentence : sentences) {
            out = out.isEmpty() ? sentence : CaptionTexts.text("caption.then", out, sentence);
        }
        return out.strip();
    }

    /**
     * Who holds the lock, when the script line did nothing to it. A zombie only believes it holds: saying "c1, c2 hold
     * the lock" beside a clean checker would be untrue.
     */
    private static String holders(ReplayState state) {
        List<String> live = state.realHolders();
        List<String> zombies = state.zombies();
        String zombie = zombies.isEmpty() ? "" : zombies.size() == 1 ? ".zombie" : ".zombies";
        if (live.isEmpty()) {
            return CaptionTexts.text("caption" + zombie, names(zombies));
        }
        if (state.isSemaphore() && zombies.isEmpty()) {
            return CaptionTexts.text("caption.holds.permits", names(live), live.size(), state.permits());
        }
        String key = (live.size() == 1 ? "caption.holds.one" : "caption.holds.many") + zombie;
        return zombies.isEmpty() ? CaptionTexts.text(key, names(live))
                : CaptionTexts.text(key, names(live), names(zombies));
    }

    /**
     * A call whose reply was lost, as the line went on: made again (the same call by the same client later in the
     * line), or, for a create that the server did make, found again by its protection tag; else just lost.
     */
    private static String lostReply(ReplayState state, Event.Call lost) {
        boolean again = state.thisLine().calls().stream().anyMatch(c -> c.index() > lost.index()
                && c.client().equals(lost.client()) && c.op() == lost.op() && c.path().equals(lost.path()));
        if (again) {
            return CaptionTexts.text("caption.connection-loss", lost.client(), lost.op().label());
        }
        ReplayState.Znode made = state.nodeOf(lost.client());
        if (lost.op() == Event.Op.CREATE && made != null && !made.protection().isEmpty()) {
            long sequence = made.shownSequence();
            String node = sequence >= 0 ? "#" + sequence : ReplayState.Znode.labelOf(made.path());
            // Found only once it has listed the children again since the loss: until then it does not know.
            boolean looked = state.thisLine().calls().stream().anyMatch(c -> c.index() > lost.index()
                    && c.client().equals(lost.client()) && c.op() == Event.Op.GET_CHILDREN && c.ok());
            return CaptionTexts.text(looked ? "caption.reply-lost.found-by-tag" : "caption.reply-lost.not-known",
                    lost.client(), node);
        }
        return CaptionTexts.text("caption.reply-lost", lost.client(), lost.op().label());
    }

    /** A lock mode as a trace writes it ("read"), in the current language. */
    private static String modeText(String label) {
        for (lockstep.algorithms.LockMode mode : lockstep.algorithms.LockMode.values()) {
            if (mode.label().equals(label)) {
                return mode.text();
            }
        }
        return label;
    }

    private static void addOnce(List<String> list, String text) {
        if (!text.isEmpty() && !list.contains(text)) {
            list.add(text);
        }
    }

    /**
     * A fault as the caption says it, from what the replay understood of it (which server, whether it led, where a
     * client moved from). A fault the captions have no words for (an internal error) is said as recorded.
     */
    private static String faultText(ReplayState.FaultNote f) {
        String who = f.client();
        String key = "caption.fault." + f.kind();
        return switch (f.kind()) {
            case "crash" -> who.isEmpty() ? CaptionTexts.text(key + ".nobody") : switch (f.nodeFate()) {
                case NO_NODE -> CaptionTexts.text("caption.fault.crash.no-node", who);
                case GOES -> CaptionTexts.text("caption.fault.crash", who);
                case STAYS -> CaptionTexts.text("caption.fault.crash.node-stays", who);
            };
            case "expire" -> who.isEmpty() ? CaptionTexts.text(key + ".nobody") : CaptionTexts.text(key, who);
            case "server-restart", "server-start", "server-stop", "server-heal" -> CaptionTexts.text(key);
            case "server-kill", "server-isolate" ->
                    CaptionTexts.text(f.wasLeader() ? key + ".leader" : key, f.server());
            case "server-n-restart" -> CaptionTexts.text(f.serverWasUp() ? key + ".up" : key, f.server());
            case "move" -> who.isEmpty() ? recorded(f) : CaptionTexts.text(key, who, f.fromServer(), f.server());
            case "pause", "resume", "give-up", "disconnect", "reconnect", "lose-create-reply" ->
                    who.isEmpty() ? recorded(f) : CaptionTexts.text(key, who);
            // a user's lock code threw: its own message names its file and line
            case "error" -> who.isEmpty() ? recorded(f) : CaptionTexts.text(key, who, f.detail());
            default -> recorded(f);
        };
    }

    /** The fault's own sentence from the trace; a bare fault name is the last resort. */
    private static String recorded(ReplayState.FaultNote f) {
        String who = f.client().isEmpty() ? "" : f.client() + " ";
        return f.detail().isEmpty() ? who + f.kind() : f.detail();
    }

    /** "c1, c2, c3, c4"; five or more: "c1, c2, c3 and 2 more". */
    private static String names(java.util.Collection<String> clients) {
        List<String> list = new ArrayList<>(clients);
        if (list.size() <= 4) {
            return list(list);
        }
        return CaptionTexts.text("caption.names-and-more", list(list.subList(0, 3)), list.size() - 3);
    }

    /** The parts joined as the language joins a list ("a, b, c"; in Chinese "a，b，c"). */
    private static String list(List<String> parts) {
        String out = "";
        for (String part : parts) {
            out = out.isEmpty() ? part : CaptionTexts.text("caption.join", out, part);
        }
        return out;
    }
}
