package lockstep.simulator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.BadInputException;

class ScriptBranchTest {

    private static final String SCRIPT = """
            title: Branch me
            seed: 3
            clients: 3
            script:
              - all acquire
              - repeat 2: holder release
              - say: done
            """;

    private static List<String> texts(Scenario s) {
        return s.script().stream().map(Step::text).toList();
    }

    @Test
    void theNewLineComesAfterTheStepAndTheRestFollowsWithRepeatsWrittenOut() throws BadInputException {
        Scenario original = ScenarioLoader.parse("b.yaml", SCRIPT);
        Scenario branch = ScriptBranch.after(original, 2, "c2", "crash");
        assertEquals(List.of("all acquire", "holder release", "c2 crash", "holder release", "say: done"),
                texts(branch));
        Action added = (Action) branch.script().get(2);
        assertEquals(new Target.Client("c2"), added.target());
        assertEquals("crash", added.fault().word());
        assertNull(added.verb());
        assertEquals(new Position("b.yaml", 6, 15), added.at(), "a refusal points at the line branched from");
        assertEquals(List.of(original.source(), original.title(), original.seed(), original.clients()),
                List.of(branch.source(), branch.title(), branch.seed(), branch.clients()), "the rest is kept");
    }

    @Test
    void aLockVerbAtTheStartOrAtTheEnd() throws BadInputException {
        Scenario original = ScenarioLoader.parse("b.yaml", SCRIPT);
        Scenario first = ScriptBranch.after(original, 0, "c3", "acquire");
        assertEquals("c3 acquire", first.script().get(0).text());
        assertEquals(Verb.ACQUIRE, ((Action) first.script().get(0)).verb());
        Scenario last = ScriptBranch.after(original, 4, "c1", "release");
        assertEquals(List.of("all acquire", "holder release", "holder release", "say: done", "c1 release"),
                texts(last));
    }

    @Test
    void unknownWordsClientsAndStepsAreRefusedInOneLine() throws BadInputException {
        Scenario original = ScenarioLoader.parse("b.yaml", SCRIPT);
        String word = assertThrows(BadInputException.class, () -> ScriptBranch.after(original, 1, "c1", "fly"))
                .getMessage();
        assertTrue(word.startsWith("b.yaml:5:5: unknown action 'fly' (expected one of acquire, try-acquire, release, write, "),
                word);
        assertEquals("b.yaml: unknown client 'c9' (expected one of c1, c2, c3)",
                assertThrows(BadInputException.class, () -> ScriptBranch.after(original, 1, "c9", "crash"))
                        .getMessage());
        assertEquals("b.yaml: there is no script step 5 to branch from (expected 0 to 4)",
                assertThrows(BadInputException.class, () -> ScriptBranch.after(original, 5, "c1", "crash"))
                        .getMessage());
    }
}
