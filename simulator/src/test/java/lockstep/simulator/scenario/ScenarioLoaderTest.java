package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.BadInputException;

class ScenarioLoaderTest {

    private static final String EXAMPLE = """
            title: The herd effect
            description: Ten clients want the same lock. Watch who wakes up when it is released.
            seed: 7                  # optional
            clients: 10
            script:
              - all acquire
              - c3 acquire read
              - together: [c4 acquire, c1 release]
              - say: Everyone is watching the same znode.
              - holder release
              - repeat 9: holder release
              - c2 give-up
              - c3 crash
              - c4 expire
              - server restart
            """;

    private static Position at(int line, int column) {
        return new Position("x.yaml", line, column);
    }

    @Test
    void theExampleFromTheFormatParsesToTheExpectedRecords() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml", EXAMPLE);

        List<Step> expected = List.of(
                new Action(at(6, 5), "all acquire", new Target.All(), Verb.ACQUIRE, null, null),
                new Action(at(7, 5), "c3 acquire read", new Target.Client("c3"), Verb.ACQUIRE, Mode.READ, null),
                new Together(at(8, 5), "together: [c4 acquire, c1 release]", List.of(
                        new Action(at(8, 16), "c4 acquire", new Target.Client("c4"), Verb.ACQUIRE, null, null),
                        new Action(at(8, 28), "c1 release", new Target.Client("c1"), Verb.RELEASE, null, null))),
                new Say(at(9, 5), "say: Everyone is watching the same znode.", "Everyone is watching the same znode."),
                new Action(at(10, 5), "holder release", new Target.Holder(), Verb.RELEASE, null, null),
                new Repeat(at(11, 5), "repeat 9: holder release", 9, List.of(
                        new Action(at(11, 15), "holder release", new Target.Holder(), Verb.RELEASE, null, null))),
                new Action(at(12, 5), "c2 give-up", new Target.Client("c2"), null, null, fault("give-up")),
                new Action(at(13, 5), "c3 crash", new Target.Client("c3"), null, null, fault("crash")),
                new Action(at(14, 5), "c4 expire", new Target.Client("c4"), null, null, fault("expire")),
                new ServerStep(at(15, 5), "server restart", fault("server-restart")));
        Scenario wanted = new Scenario("x.yaml", "The herd effect",
                "Ten clients want the same lock. Watch who wakes up when it is released.", 7L,
                List.of("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"), expected, true);
        assertEquals(wanted, scenario);
    }

    @Test
    void aMissingSeedAndDescriptionGiveNullAndEmpty() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml", "title: T\nclients: 1\nscript: [c1 acquire]\n");

        assertNull(scenario.seed());
        assertEquals("", scenario.description());
    }

    @Test
    void namedClientsKeepTheirOrderAndCanActUnderTheirNames() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml",
                "title: T\nclients: [carol, alice, bob_2]\nscript:\n  - bob_2 acquire write\n  - holders release\n");

        assertEquals(List.of("carol", "alice", "bob_2"), scenario.clients());
        assertEquals(List.of(
                new Action(at(4, 5), "bob_2 acquire write", new Target.Client("bob_2"), Verb.ACQUIRE, Mode.WRITE, null),
                new Action(at(5, 5), "holders release", new Target.Holders(), Verb.RELEASE, null, null)),
                scenario.script());
    }

    @Test
    void aRepeatOfAListKeepsEveryStepAndShowsThemInBrackets() throws BadInputException {
        String yaml = """
                title: T
                clients: 2
                script:
                  - repeat 2:
                      - c1 acquire
                      - say: >
                          folded over
                          two lines
                      - c1 release
                """;

        Repeat repeat = (Repeat) ScenarioLoader.parse("x.yaml", yaml).script().get(0);

        assertEquals(2, repeat.times());
        assertEquals("repeat 2: [c1 acquire, say: folded over two lines, c1 release]", repeat.text());
        assertEquals(at(6, 9), repeat.body().get(1).at());
    }

    @Test
    void aLineWithExtraSpacesOrQuotesIsNormalisedToOneSpacedLine() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml",
                "title: T\nclients: 2\nscript:\n  - \"c1   acquire  read\"\n  - together: [ c1 release ,  c2   acquire ]\n");

        assertEquals("c1 acquire read", scenario.script().get(0).text());
        assertEquals("together: [c1 release, c2 acquire]", scenario.script().get(1).text());
    }

    @Test
    void aWrongWordInsideQuotesIsPointedAtExactly() {
        BadInputException e = assertThrows(BadInputException.class, () -> ScenarioLoader.parse("x.yaml",
                "title: T\nclients: 2\nscript:\n  - 'c1 acquire shared'\n"));

        assertEquals("x.yaml:4:17: unknown mode 'shared' (expected read or write)", e.getMessage());
    }

    @Test
    void aRepeatThatContainsItselfThroughAnAliasIsRefusedNotLoopedForever() {
        BadInputException e = assertThrows(BadInputException.class, () -> ScenarioLoader.parse("x.yaml",
                "title: T\nclients: 2\nscript: &s\n  - c1 acquire\n  - repeat 2: *s\n"));

        assertEquals("x.yaml:5:5: repeat inside repeat too deeply (expected at most 8 levels)", e.getMessage());
    }

    @Test
    void aByteOrderMarkDoesNotShiftColumns() {
        BadInputException e = assertThrows(BadInputException.class, () -> ScenarioLoader.parse("x.yaml",
                "\uFEFFtitle: T\nclients: 2\nscript: [c9 acquire]\n"));

        assertEquals("x.yaml:3:10: unknown client 'c9' (expected one of c1, c2)", e.getMessage());
    }

    @Test
    void aCountOfClientsNamesThemC1ToCn() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml", "title: T\nclients: 3\nscript: [c3 acquire]\n");

        assertEquals(List.of("c1", "c2", "c3"), scenario.clients());
    }

    @Test
    void aSayLineCanBeLimitedToSomeAlgorithmsOrWordedPerAlgorithm() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml", "title: T\nclients: 2\nscript:\n"
                + "  - say: {text: each waiter watches its predecessor, for: [sequential, rwlock], naive: one node}\n"
                + "  - c1 acquire\n");
        Say say = (Say) scenario.script().get(0);

        assertEquals("each waiter watches its predecessor", say.narrationFor("sequential"));
        assertEquals("one node", say.narrationFor("naive"));
        assertEquals("", say.narrationFor("curator-mutex"), "a line not for an algorithm says nothing to it");
        assertEquals("say: each waiter watches its predecessor", say.text());
    }

    @Test
    void titleDescriptionAndSayCanComeInSeveralLanguagesAndTheTraceTextStaysEnglish() throws BadInputException {
        Scenario scenario = ScenarioLoader.parse("x.yaml", """
                title: {en: The herd effect, zh: 羊群效应, ru: Эффект стада}
                description:
                  en: Ten clients want the same lock.
                  ru: Десять клиентов хотят одну и ту же блокировку.
                clients: 2
                script:
                  - say: {en: Everyone watches one znode., zh: 所有客户端都监视同一个 znode。}
                  - say:
                      text: {en: each waiter watches its predecessor, ru: каждый ждущий следит за предшественником}
                      for: [sequential]
                      naive: {en: one node, zh: 一个节点, ru: один узел}
                  - c1 acquire
                """);
        Say plain = (Say) scenario.script().get(0);
        Say perAlgorithm = (Say) scenario.script().get(1);

        assertEquals("The herd effect", scenario.title());
        assertEquals("羊群效应", scenario.title("zh"));
        assertEquals("Ten clients want the same lock.", scenario.description("zh"), "English when a language is missing");
        assertEquals("Десять клиентов хотят одну и ту же блокировку.", scenario.description("ru"));
        assertEquals("say: Everyone watches one znode.", plain.text());
        assertEquals("Everyone watches one znode.", plain.narrationFor("naive"));
        assertEquals("所有客户端都监视同一个 znode。", plain.narrationFor("naive", "zh"));
        assertEquals("каждый ждущий следит за предшественником", perAlgorithm.narrationFor("sequential", "ru"));
        assertEquals("each waiter watches its predecessor", perAlgorithm.narrationFor("sequential", "zh"));
        assertEquals("один узел", perAlgorithm.narrationFor("naive", "ru"));
        assertEquals("", perAlgorithm.narrationFor("rwlock", "ru"), "a line not for an algorithm says nothing to it");
        assertEquals("say: each waiter watches its predecessor", perAlgorithm.text());
    }

    private static lockstep.simulator.fault.Fault fault(String name) {
        return lockstep.simulator.fault.Faults.byName(name).orElseThrow();
    }
}
