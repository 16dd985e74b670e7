package lockstep.simulator.scenario;

import static lockstep.simulator.text.SimulatorTexts.text;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.snakeyaml.engine.v2.nodes.ScalarNode;

import lockstep.simulator.BadInputException;
import lockstep.simulator.fault.Fault;
import lockstep.simulator.fault.Faults;
import lockstep.simulator.scenario.ScriptWords.Word;

/**
 * Reads a step written as one line of words: {@code TARGET VERB [MODE]} (e.g. {@code c3 acquire read},
 * {@code holders release}) or {@code server VERB}. Every word is checked against the scenario's clients and the known
 * words, and a complaint points at the first word that is wrong.
 */
final class ActionLineReader {

    /** Every word that may follow a client: the lock verbs, then the client faults of the registry. */
    static final String VERBS = Stream.concat(Arrays.stream(Verb.values()).map(Verb::word),
            Faults.of(Fault.Target.CLIENT).stream().map(Fault::word)).collect(Collectors.joining(", "));
    private static final String SERVER_VERBS =
            Faults.of(Fault.Target.SERVER).stream().map(Fault::scriptForm).collect(Collectors.joining(", "));
    private static final String ONE_SERVER_VERBS = Faults.of(Fault.Target.SERVER).stream()
            .filter(Fault::namesAServer).map(Fault::word).collect(Collectors.joining(", "));
    private static final java.util.regex.Pattern SERVER_NUMBER = java.util.regex.Pattern.compile("[1-9]");
    /** Words that start a {@code key: value} step, with an example of the right form. */
    private static final Map<String, String> KEYED_FORMS = Map.of(
            "say", "say: some words",
            "together", "together: [c1 acquire, c2 release]",
            "repeat", "repeat 3: holder release");

    /** A count after an acquire ({@code c1 acquire 4}): refused, see {@link #permitCount}. */
    private static final java.util.regex.Pattern PERMIT_COUNT = java.util.regex.Pattern.compile("[0-9]+");

    private final String source;
    private final ClientRoster clients;
    /** The scenario's named locks (empty: one lock). */
    private final java.util.List<String> locks;
    /** How many permits the lock has (the {@code permits:} key; 1 when absent). */
    private final int permits;

    ActionLineReader(String source, ClientRoster clients) {
        this(source, clients, java.util.List.of());
    }

    ActionLineReader(String source, ClientRoster clients, java.util.List<String> locks) {
        this(source, clients, locks, 1);
    }

    ActionLineReader(String source, ClientRoster clients, java.util.List<String> locks, int permits) {
        this.source = source;
        this.clients = clients;
        this.locks = java.util.List.copyOf(locks);
        this.permits = permits;
    }

    /** An {@link Action} or a {@link ServerStep}. */
    Step read(ScalarNode scalar) throws BadInputException {
        ScriptWords line = ScriptWords.of(source, scalar);
        if (line.isEmpty()) {
            throw Places.complaint(line.start(), text("step.empty"));
        }
        Word first = line.get(0);
        if (first.text().equals("server")) {
            return serverStep(line);
        }
        String bare = first.text().endsWith(":") ? first.text().substring(0, first.text().length() - 1) : first.text();
        if (KEYED_FORMS.containsKey(bare)) {
            throw Places.complaint(first.at(), text("action.keyedStep", bare,
                    bare.equals("say") ? text("action.sayExample") : KEYED_FORMS.get(bare)));
        }
        Target target = target(first);
        if (line.size() < 2) {
            throw Places.complaint(first.at(), text("action.needsAction", first.text(), VERBS));
        }
        Word verbWord = line.get(1);
        Verb verb = Verb.fromWord(verbWord.text()).orElse(null);
        Fault fault = verb != null ? null : Faults.byWord(Fault.Target.CLIENT, verbWord.text()).orElseThrow(
                () -> Places.complaint(verbWord.at(), text("action.unknown", verbWord.text(), VERBS)));
        if (line.size() > 2 && (verb == Verb.ACQUIRE || verb == Verb.TRY_ACQUIRE)
                && PERMIT_COUNT.matcher(line.get(2).text()).matches()) {
            throw permitCount(line);
        }
        if (line.size() > 2 && namesLocks(verb, line.get(2))) {
            java.util.List<String> named = locks(line.get(2));
            if (line.size() > 3) {
                throw nothingMore(line, 3);
            }
            return new Action(line.start(), line.text(), target, verb, null, fault, named);
        }
        Mode mode = line.size() > 2 ? mode(verbWord.text(), verb, line) : null;
        int used = mode == null ? 2 : 3;
        if (line.size() > used) {
            throw nothingMore(line, used);
        }
        return new Action(line.start(), line.text(), target, verb, mode, fault);
    }

    private Target target(Word word) throws BadInputException {
        String name = word.text();
        switch (name) {
            case "all":
                return new Target.All();
            case "holder":
                return new Target.Holder();
            case "holders":
                return new Target.Holders();
            default:
                break;
        }
        if (clients.contains(name)) {
            return new Target.Client(name);
        }
        if (Verb.fromWord(name).isPresent() || Faults.byWord(Fault.Target.CLIENT, name).isPresent()) {
            throw Places.complaint(word.at(), text("action.needsClient", name));
        }
        throw Places.complaint(word.at(), text("action.unknownClient", name, clients.describe()));
    }

    /**
     * Whether the word after an acquire names locks rather than a mode: not a mode word, and the scenario names locks
     * or the word has a comma (a list of locks in a scenario that declares none is an error worth its own line).
     */
    private boolean namesLocks(Verb verb, Word word) {
        return (verb == Verb.ACQUIRE || verb == Verb.TRY_ACQUIRE) && Mode.fromWord(word.text()).isEmpty()
                && (!locks.isEmpty() || word.text().contains(","));
    }

    /** {@code A,B}: known locks, each once, separated by commas without spaces. */
    private java.util.List<String> locks(Word word) throws BadInputException {
        if (locks.isEmpty()) {
            throw Places.complaint(word.at(), text("action.noLocksDeclared", word.text()));
        }
        java.util.List<String> named = new java.util.ArrayList<>();
        int column = 0;
        for (String name : word.text().split(",", -1)) {
            Position at = new Position(word.at().file(), word.at().line(), word.at().column() + column);
            column += name.length() + 1;
            if (name.isEmpty()) {
                throw Places.complaint(at, text("action.lockEmpty", word.text(), String.join(", ", locks)));
            }
            if (!locks.contains(name)) {
                throw Places.complaint(at, text("action.unknownLock", name, String.join(", ", locks)));
            }
            if (named.contains(name)) {
                throw Places.complaint(at, text("action.lockTwice", name, word.text()));
            }
            named.add(name);
        }
        return java.util.List.copyOf(named);
    }

    private static Mode mode(String verbWord, Verb verb, ScriptWords line) throws BadInputException {
        Word word = line.get(2);
        Optional<Mode> mode = Mode.fromWord(word.text());
        if (verb != Verb.ACQUIRE && verb != Verb.TRY_ACQUIRE && verb != Verb.RELEASE) {
            if (mode.isPresent()) {
                throw Places.complaint(word.at(), text("action.modeNotHere",
                        line.get(0).text() + " " + verbWord, word.text()));
            }
            return null;
        }
        return mode.orElseThrow(() -> Places.complaint(word.at(),
                text("action.unknownMode", word.text(),
                text("words.or", Mode.values()[0].word(), Mode.values()[1].word()))));
    }

    private static ServerStep serverStep(ScriptWords line) throws BadInputException {
        if (line.size() < 2) {
            throw Places.complaint(line.start(), text("action.serverNeedsAction", SERVER_VERBS));
        }
        Word word = line.get(1);
        if (word.text().equals("leader") || SERVER_NUMBER.matcher(word.text()).matches()) {
            return oneServerStep(line, word.text());
        }
        Fault fault = Faults.of(Fault.Target.SERVER).stream()
                .filter(f -> !f.namesAServer() && f.word().equals(word.text())).findFirst()
                .orElseThrow(() -> Places.complaint(word.at(), text("action.unknownServerAction", word.text(),
                        SERVER_VERBS)));
        if (line.size() > 2) {
            throw nothingMore(line, 2);
        }
        return new ServerStep(line.start(), line.text(), fault);
    }

    /** {@code server N VERB} or {@code server leader VERB}: a fault done to one server of an ensemble. */
    private static ServerStep oneServerStep(ScriptWords line, String server) throws BadInputException {
        if (line.size() < 3) {
            throw Places.complaint(line.get(1).at(), text("action.oneServerNeedsAction", server, ONE_SERVER_VERBS));
        }
        Word word = line.get(2);
        Fault fault = Faults.of(Fault.Target.SERVER).stream()
                .filter(f -> f.namesAServer() && f.word().equals(word.text())).findFirst()
                .orElseThrow(() -> Places.complaint(word.at(), text("action.unknownOneServerAction",
                        word.text(), server, ONE_SERVER_VERBS)));
        if (line.size() > 3) {
            throw nothingMore(line, 3);
        }
        return new ServerStep(line.start(), line.text(), fault, server);
    }

    /**
     * {@code c1 acquire 4}: a count of permits. Each acquire takes one permit (as Curator's {@code acquire()} takes one
     * lease); more than the lock has could never be granted, and any other count is written as that many clients'
     * acquires. Either way the line is refused, saying which.
     */
    private BadInputException permitCount(ScriptWords line) {
        Word count = line.get(2);
        String asked = line.get(0).text() + " " + line.get(1).text() + " " + count.text();
        long n;
        try {
            n = Long.parseLong(count.text());
        } catch (NumberFormatException tooLong) {
            n = Long.MAX_VALUE;
        }
        return n > permits
                ? Places.complaint(count.at(), text("action.morePermitsThanExist", asked, count.text(), permits))
                : Places.complaint(count.at(), text("action.onePermitEach", asked, line.get(0).text() + " "
                        + line.get(1).text()));
    }

    private static BadInputException nothingMore(ScriptWords line, int used) {
        Word extra = line.get(used);
        String before = String.join(" ", line.words().subList(0, used).stream().map(Word::text).toList());
        return Places.complaint(extra.at(), text("action.nothingMore", extra.text(), before));
    }
}
